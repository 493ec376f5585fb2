# /// script
# dependencies = ["fastmcp"]
# ///
"""
Pantry server

A FastMCP server written for tscg's tests: bare @mcp.tool decorators,
injected Context parameters, nested pydantic models and Annotated
constraints, next to resources and prompts that are not tools.
"""

from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, Field

from fastmcp import Client, Context, FastMCP
from fastmcp.client.sampling.handlers.base import BaseSamplingHandler

mcp = FastMCP("Pantry")


class Shelf(BaseModel):
    class Jar(BaseModel):
        label: Annotated[str, Field(max_length=12)]

    jars: list[Jar]


class QuietHandler(BaseSamplingHandler):
    async def __call__(self, messages, params, context):  # type: ignore[override]
        return await super().__call__(messages, params, context)


@mcp.resource("pantry://shelves")
def shelves() -> list[str]:
    """Every shelf in the pantry"""
    return ["top", "bottom"]


@mcp.resource("pantry://{shelf}")
def shelf_contents(shelf: str) -> str:
    """What one shelf holds"""
    return f"shelf {shelf}"


@mcp.prompt("restock")
def restock_prompt(item: str) -> str:
    return item


@mcp.tool
def count_jars(left: int, right: int) -> int:
    """Count the jars on two shelves"""
    return left + right


@mcp.tool(
    annotations={
        "title": "Repeat a label",
        "icon": "🏷️",
        "readOnlyHint": True,
    },
)
def repeat_label(label: str) -> str:
    """Say a jar's label back"""
    return label


@mcp.tool
def list_labels(
    shelf: Shelf,
    # Field constraints work in a signature as well.
    spare_labels: Annotated[list[str], Field(max_length=8)],
) -> list[str]:
    """List every jar label on the shelf"""
    return [jar.label for jar in shelf.jars] + spare_labels


@mcp.tool
async def ask_owner(ctx: Context) -> str:
    """Ask the pantry's owner who they are (asks them)."""
    answer = await ctx.elicit("Who owns this pantry?", response_type=str)
    return answer.data if answer.action == "accept" else "nobody"


@mcp.tool
async def stock_check(ctx: Context) -> str:
    """Ask for a quick stock count, with a form."""

    @dataclass
    class StockForm:
        flour_bags: int
        note: str

    answer = await ctx.elicit("How much is left — roughly?", response_type=StockForm)
    return "counted" if answer.action == "accept" else "skipped"


@mcp.tool
async def name_recipe(ingredient: str, ctx: Context) -> str:
    """Invent a recipe name around one ingredient."""
    reply = await ctx.sample(messages=f"Name a dish with {ingredient}", max_tokens=20)
    return reply.text or ""


async def main():
    async with Client(mcp, sampling_handler=QuietHandler()) as client:
        await client.call_tool("name_recipe", {"ingredient": "thyme"})
