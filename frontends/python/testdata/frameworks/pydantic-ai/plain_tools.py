"""pydantic-ai tools that take no RunContext (tool_plain), written for
tscg's tests."""

from typing import Literal, Optional

from pydantic import BaseModel
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


@dice_agent.tool_plain
def draw_cards(count: int, suits: list[Literal["hearts", "spades"]], joker: Optional[str] = None) -> list[str]:
    """Draw cards from the deck.

    The deck is shuffled before every draw.

    Args:
        count: How many cards to draw.
        suits: Suits to draw from.

    Returns:
        The cards drawn, top first.
    """
    return []


@dice_agent.tool_plain
def shuffle(times: int = 1) -> str:
    """Shuffle the deck.

    Returns:
        str: The deck's new order.
    """
    return ""


class Hand(BaseModel):
    """Cards a player holds."""

    cards: list[str]
    owner: str = "dealer"


@dice_agent.tool_plain(description="Score a hand of cards.")
def score(hand: Hand, bonus: int = 0) -> int:
    """Ignored: the decorator's description wins."""
    return bonus
