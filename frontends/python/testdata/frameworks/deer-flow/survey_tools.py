"""LangChain tools made with StructuredTool.from_function and a BaseTool
with a nested model, written for tscg's tests."""

from typing import Optional, Type

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field


def measure_plot(width: float, depth: float = 10.0) -> float:
    """Measure a survey plot.

    Args:
        width: Width in metres.
        depth: Depth in metres.
    """
    return width * depth


async def mark_corner(label: str) -> str:
    """Mark a corner of the plot."""
    return label


class Point(BaseModel):
    """A point on the plot."""

    x: float
    y: float


class GridInput(BaseModel):
    """The grid to draw."""

    rows: int = Field(ge=1, description="Number of rows")
    origin: Optional[Point] = None


plot_tool = StructuredTool.from_function(func=measure_plot, name="plot_area", parse_docstring=True)
corner_tool = StructuredTool.from_function(coroutine=mark_corner, description="Mark one corner.")
grid_tool = StructuredTool.from_function(measure_plot, name="grid", description="Draw a grid.", args_schema=GridInput)


class LevelTool(BaseTool):
    name: str = "level"
    description: str = "Level the ground of a plot."
    args_schema: Type[BaseModel] = GridInput

    def _run(self, rows: int, origin: Optional[Point] = None) -> str:
        return "level"
