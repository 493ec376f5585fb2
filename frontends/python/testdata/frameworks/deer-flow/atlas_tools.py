"""LangChain tools in the shapes of deer-flow's (parse_docstring=True,
Annotated string descriptions, args_schema=, injected arguments), written
for tscg's tests."""

from typing import Annotated, Literal, Optional

from langchain_core.tools import InjectedToolCallId, tool
from pydantic import BaseModel, Field


@tool("map_search", parse_docstring=True)
def map_search_tool(place: str, zoom: int = 3) -> str:
    """Search the atlas for a place.

    The atlas covers every continent.
    It has no street maps.

    Args:
        place: The place to look for,
            as printed on the map.
        zoom (int): How close to look.
    """
    return place


@tool("route_plan", parse_docstring=True, return_direct=True)
def route_plan_tool(
    start: str,
    mode: Literal["walk", "ride", "sail"],
    call_id: Annotated[str, InjectedToolCallId],
    stops: list[str] | None = None,
) -> str:
    """Plan a route between places.

    Returns:
        The route as text.

    Args:
        start: Where the route begins.
        mode: How to travel.
        stops: Places on the way.
    """
    return start


@tool
def legend(
    symbol: Annotated[str, "The map symbol to explain"],
    scale: Annotated[float, Field(gt=0, description="Map scale")] = 1.0,
) -> str:
    """Explain a map symbol.

    Args:
        symbol: the symbol
    """
    return symbol


class Bounds(BaseModel):
    """A box on the map."""

    north: float = Field(description="Northern edge")
    south: float = Field(description="Southern edge")


class AreaInput(BaseModel):
    """Input of the area tool."""

    bounds: Bounds = Field(description="The box")
    label: Optional[Bounds] = None
    unit: str = Field(default="km", examples=["km", "mi"], title="Unit of area")


@tool("box_area", args_schema=AreaInput)
def box_area(bounds: Bounds, label: Optional[Bounds] = None, unit: str = "km") -> float:
    """Area of a box on the map."""
    return 0.0


@tool(description="Count the atlas pages.")
def page_count() -> int:
    return 1
