"""OpenAI Agents tools through agents.function_tool, written for tscg's
tests."""

from typing import Annotated, Literal

from pydantic import Field

from agents import Agent, RunContextWrapper, function_tool


@function_tool
def pick_colour(shade: Literal["warm", "cool"], count: int = 3) -> list[str]:
    """Pick some colours of one shade.

    Args:
        shade: Warm or cool colours.
        count: How many colours.
    """
    return []


@function_tool(name_override="mix_paint", description_override="Mix two paints.")
def mix(ctx: RunContextWrapper[None], first: str, second: str) -> str:
    return first + second


@function_tool
def thin_paint(
    litres: Annotated[float, Field(gt=0, description="Litres of paint to thin")],
    ratio: Annotated[float, Field(ge=0, le=1, description="Share of thinner")] = 0.1,
    brand: Annotated[str, "The thinner's brand"] = "any",
    note: str = Field(default="", description="A note for the label"),
) -> str:
    """Thin a paint.

    Args:
        ratio: How much thinner to add, from 0 to 1.
        note: What to write on the tin.
    """
    return brand


painter = Agent(name="Painter", tools=[pick_colour, mix, thin_paint])
