"""A seed catalogue whose tools are registered by calls (our own file)."""
from typing import Any

from fastmcp import FastMCP
from fastmcp.tools import Tool
from pydantic import Field

catalogue = FastMCP("seeds")


def find_seed(name: str, packets: int = Field(default=1, ge=1, description="Packets wanted.")) -> dict[str, Any]:
    """Find a seed by name.

    Args:
        name: Part of the seed's name.
    """
    return {}


def seed_count() -> int:
    """Count the seeds."""
    return 0


def sow(row: int, depth_mm: float = 5.0, tags: dict[str, Any] | None = None) -> str:
    return "sown"


catalogue.add_tool(Tool.from_function(find_seed))
catalogue.add_tool(Tool.from_function(seed_count, name="count_seeds", description="How many seeds there are."))
catalogue.tool(sow)
