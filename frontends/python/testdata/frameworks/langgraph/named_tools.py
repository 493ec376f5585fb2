"""LangChain tools named in the decorator and a BaseTool subclass, written
for tscg's tests."""

from typing import Optional, Type

from langchain_core.callbacks import CallbackManagerForToolRun
from langchain_core.tools import BaseTool, tool
from pydantic import BaseModel, Field


@tool("measure-room")
def measure(width: float, depth: float) -> float:
    """Measure the floor area of a room."""
    return width * depth


@tool("paint_needed", parse_docstring=False)
def paint(area: float, coats: int = 2) -> float:
    """Litres of paint for an area.

    Args:
        area: Area in square metres.
        coats: How many coats.
    """
    return area * coats / 10


class TileInput(BaseModel):
    """Input of the tiling tool."""

    area: float = Field(description="Area to tile, in square metres")
    tile_cm: int = Field(default=30, ge=5, le=120, description="Tile edge in centimetres")


class TileTool(BaseTool):
    name: str = "tile_count"
    description: str = "Count the tiles an area needs"
    args_schema: Type[BaseModel] = TileInput

    def _run(self, area: float, tile_cm: int = 30, run_manager: Optional[CallbackManagerForToolRun] = None) -> int:
        return int(area * 10000 / (tile_cm * tile_cm))
