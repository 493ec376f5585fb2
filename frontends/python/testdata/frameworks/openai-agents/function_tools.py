"""OpenAI Agents tools through agents.function_tool, written for tscg's
tests."""

from typing import Literal

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


painter = Agent(name="Painter", tools=[pick_colour, mix])
