"""A table-booking MCPServer written for tscg's tests.

It gathers the shapes the SDK's own examples use: Field defaults in the
signature, nested models, an injected Context anywhere in the signature,
multi-paragraph docstrings and a Field with json_schema_extra.
"""

import uuid
from typing import Annotated

from pydantic import BaseModel, Field

from mcp.server import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import UrlElicitationRequiredError
from mcp.types import ElicitRequestURLParams, InputRequiredResult

mcp = MCPServer(name="Booking Desk")


class Seating(BaseModel):
    class Chair(BaseModel):
        guest: Annotated[str, Field(max_length=20)]

    chairs: list[Chair]


class WaitlistChoice(BaseModel):
    """What the guest answers when their slot is taken."""

    joinWaitlist: bool = Field(description="Join the waiting list?")
    laterSlot: str = Field(default="21:00", description="A later slot (HH:MM)")


class PreferenceForm(BaseModel):
    section: str = Field(
        default="terrace",
        description="Where to sit",
        json_schema_extra={"enum": ["terrace", "hall", "bar"]},
    )


@mcp.tool()
def welcome_guest(
    guest: str = Field(description="Who is arriving"),
    salutation: str = Field(description="How to address them, e.g. Dr", default=""),
    bows: int = Field(description="How many times to bow", default=1),
) -> str:
    """Welcome a guest with an optional salutation"""
    return "\n".join([f"Welcome {salutation} {guest}"] * bows)


@mcp.tool()
def seat_guests(
    seating: Seating,
    # A Field in the signature constrains the parameter too.
    walk_ins: Annotated[list[str], Field(max_length=4)],
) -> list[str]:
    """List the guests of a seating plan"""
    return [c.guest for c in seating.chairs] + walk_ins


@mcp.tool()
async def reserve(day: str, hour: str, guests: int, ctx: Context) -> str:
    """Reserve a table, checking the day first.

    Asks the guest for another slot with a form when the day is full.
    """
    if day == "2025-01-01":
        answer = await ctx.elicit(message=f"{day} is full for {guests}.", schema=WaitlistChoice)
        if answer.action == "accept" and answer.data and answer.data.joinWaitlist:
            return f"waitlisted for {answer.data.laterSlot}"
        return "not booked"
    return f"booked {day} {hour}"


@mcp.tool()
async def take_deposit(total: float, ctx: Context) -> str:
    """Take a deposit through a confirmation page.

    Sends the guest to a URL with ctx.elicit_url() because the payment
    happens outside the conversation.
    """
    ref = str(uuid.uuid4())
    answer = await ctx.elicit_url(message=f"Pay {total:.2f}", url=f"https://pay.example/{ref}", elicitation_id=ref)
    return "pending" if answer.action == "accept" else "declined"


@mcp.tool()
async def link_calendar(provider: str, ctx: Context) -> str:
    """Link a calendar provider that needs OAuth.

    Raises UrlElicitationRequiredError: the client must finish the
    authorization before the tool can go on.
    """
    raise UrlElicitationRequiredError(
        [ElicitRequestURLParams(mode="url", message=f"Authorize {provider}", url=f"https://{provider}.example/auth", elicitation_id="1")]
    )


@mcp.tool()
async def announce(text: str, ctx: Context) -> str:
    """Announce a message, reporting progress and log lines while it runs."""
    await ctx.report_progress(progress=0, total=2)
    await ctx.info("announcing " + text)
    await ctx.report_progress(progress=2, total=2)
    return text


@mcp.tool()
async def ping_kitchen(ctx: Context) -> str:
    """Checks that the kitchen answers"""
    await ctx.info("ping")
    return "pong"


@mcp.tool()
def fail_on_purpose() -> str:
    """Checks that an error reaches the caller"""
    raise RuntimeError("this tool always fails")


@mcp.tool()
def echo_table_header(
    table: Annotated[
        str,
        Field(
            description="Copied into the Mcp-Param-Table header",
            json_schema_extra={"x-mcp-header": "Table"},
        ),
    ] = "<unset>",
) -> str:
    """Checks the Mcp-Param-* header validation.

    A client that finds no parameter with an `x-mcp-header` entry skips
    the scenario.
    """
    return f"table={table}"


@mcp.tool()
async def ask_preference(ctx: Context) -> str | InputRequiredResult:
    """Asks the guest for a seating preference in one round"""
    return "terrace"


@mcp.tool(name="menu_schema_tool")
def menu_schema_tool() -> str:
    """Checks that a tool's schema keywords survive tools/list (schema set below)."""
    return "menu_schema_tool"


# The schema below is installed through a private attribute; what tools/list
# publishes is the signature's, as tscg reads it.
mcp._tool_manager._tools["menu_schema_tool"].parameters = {"type": "object", "if": {"required": ["a"]}}


@mcp.resource("booking://today")
def todays_bookings() -> str:
    return "none"
