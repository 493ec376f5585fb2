"""pydantic-ai tools that take no RunContext (tool_plain), written for
tscg's tests."""

from pydantic_ai import Agent

dice_agent = Agent('openai:gpt-5-mini', output_type=str)


@dice_agent.tool_plain
def roll(sides: int = 6) -> int:
    """Roll one die.

    Args:
        sides: How many sides the die has.
    """
    return sides


@dice_agent.tool_plain(name="flip_coin")
def flip(weighted: bool = False) -> str:
    """Flip a coin."""
    return "heads"
