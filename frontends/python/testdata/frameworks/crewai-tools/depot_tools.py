"""CrewAI tools: @tool("Name") functions and a BaseTool whose args_schema
nests models, dicts, formats and unions, written for tscg's tests."""

import datetime
import uuid
from typing import Literal, Optional, Type, Union

from crewai.tools import BaseTool, tool
from pydantic import BaseModel, Field


@tool("Depot Stock Count")
def depot_stock(item: str, depot: Optional[str] = None) -> int:
    """Count an item's stock in a depot."""
    return 1


@tool
def reorderItem(item: str, amount: int = 5, notes: dict[str, str] = {}) -> str:
    """
    Reorder an item.
    """
    return item


@tool("Move Pallet")
def move_pallet(pallet: str, bay: int) -> str:
    """
    Move a pallet to another bay of the depot.

    Args:
        pallet: The pallet's label.
        bay: The bay to move it to.
    Returns:
        Where the pallet is now.
    """
    return pallet


class Crate(BaseModel):
    """A crate in the depot."""

    label: str
    parts: list["Crate"] = []


class ShipInput(BaseModel):
    """Input of the shipping tool."""

    order_id: uuid.UUID = Field(description="The order")
    due: datetime.date
    crate: Crate
    mode: Union[Literal["road"], Literal["rail"]] = "road"
    priority: Optional[int] = Field(default=None, ge=1, le=3)


class ShipTool(BaseTool):
    name: str = "ShipOrder"
    description: str = "Ship an order from the depot."
    args_schema: Type[BaseModel] = ShipInput

    def _run(self, **kwargs) -> str:
        return "shipped"


class DepotLookupTool(BaseTool):
    name: str = "Depot Lookup"
    description: str = "Look up a depot."
    args_schema: Type[BaseModel] = ShipInput


class YardLookupTool(DepotLookupTool):
    """Inherits description and args_schema from DepotLookupTool."""

    name: str = "YardLookup"
