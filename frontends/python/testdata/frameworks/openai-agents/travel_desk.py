from __future__ import annotations as _annotations

import random
from typing import Annotated

from pydantic import BaseModel, Field

from agents import (
    Agent,
    RunContextWrapper,
    Runner,
)
from agents.decorators import tool


class TripContext(BaseModel):
    booking_ref: str | None = None
    cabin: str | None = None


class Forecast(BaseModel):
    town: str = Field(description="The town")
    outlook: str = Field(description="The outlook")


@tool(name_override="policy_lookup_tool", description_override="Look up a travel policy.")
async def policy_lookup_tool(topic: str) -> str:
    if "pets" in topic.lower():
        return "Small pets travel in the cabin."
    return "No policy found."


@tool
async def change_cabin(
    context: RunContextWrapper[TripContext], booking_ref: str, cabin: str
) -> str:
    """
    Change the cabin of a booking.

    Args:
        booking_ref: The booking reference.
        cabin: The cabin to move to.
    """
    context.context.booking_ref = booking_ref
    context.context.cabin = cabin
    return f"Moved {booking_ref} to {cabin}"


@tool
def town_outlook(town: Annotated[str, "The town to give the outlook for"]) -> Forecast:
    """Give the outlook for a town."""
    return Forecast(town=town, outlook="dry")


@tool
async def luggage_allowance(route: str) -> str:
    """Tell the luggage allowance on a route.

    Args:
        route: The route, as FROM-TO.

    Returns:
        The allowance, in kilograms.
    """
    return "23 kg"


async def _needs_fare_approval(_ctx, params, _call_id) -> bool:
    """Ask for approval above a price."""
    return params.get("route", "").startswith("LHR")


@tool(
    # Approval only for some routes
    needs_approval=_needs_fare_approval
)
async def quote_fare(route: str) -> str:
    """Quote the fare on a route.

    Args:
        route: The route, as FROM-TO.

    Returns:
        The fare, in euros.
    """
    return f"{random.randint(50, 300)} €"


agent = Agent(
    name="Travel desk",
    instructions=(
        "You help travellers. "
        "Use the tools to answer."
    ),
    tools=[policy_lookup_tool, change_cabin, town_outlook, luggage_allowance, quote_fare],
)


async def main():
    await Runner.run(agent, input="Can I bring my cat?")
