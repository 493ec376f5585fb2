"""smolagents tools with Optional, Literal, union, list, dict and
choices parameters, written for tscg's tests."""

from typing import Any, Literal, Optional

from smolagents import tool


@tool
def stall_price(
    item: str,
    unit: Literal["kg", "piece"],
    market: Optional[str] = None,
    discount: float = 0.0,
) -> float:
    """
    Looks up the price of an item at a stall.

    Args:
        item: The item to price.
        unit: The unit the price is for.
        market: The market's name, if not the nearest one.
        discount: A discount to take off,
            as a fraction.

    Returns:
        float: The price.
    """
    return 1.0


@tool
def stall_hours(day: str, notes: dict[str, str], tags: list[str], extra: Any, amount: int | str) -> str:
    """
    Gives the opening hours of the stalls on a day.

    Args:
        day: The day of the week (choices: ["mon", "tue", "wed"])
        notes: Notes per stall.
        tags: Stall tags.
        extra: Anything else.
        amount: How many stalls, or "all".
    """
    return "9-5"
