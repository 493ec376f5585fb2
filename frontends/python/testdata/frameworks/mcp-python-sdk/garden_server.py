"""A garden-sensor MCPServer written for tscg's tests: tools returning
structured output (a model, a TypedDict, a dataclass, nested dicts, a
primitive) and tools without a docstring."""

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Dict, Self, TypedDict, TypeVar

from pydantic import BaseModel, Field

from mcp.client import Client
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("Garden Sensors")

T = TypeVar("T")

Counts = dict[str, int]


class SoilReading(BaseModel):
    """One soil reading"""

    moisture: float = Field(description="Moisture in percent")
    ph: float = Field(description="Acidity, 0 to 14")
    bed: str = Field(description="The bed's name")
    taken_at: datetime = Field(default_factory=datetime.now, description="When it was read")


class BedSummary(TypedDict):
    """A short summary of a bed"""

    bed: str
    moisture: float


@dataclass
class FrostWarning:
    """A frost warning"""

    level: str  # "light" or "hard"
    beds: list[str]
    until: datetime


class Range(BaseModel):
    low: float
    high: float


class BedStats(BaseModel):
    bed: str
    days: int
    moisture: Range
    rain_mm: float = Field(description="Rain in millimetres")


class Note(BaseModel):
    id: int | None = None
    text: str
    weight: float = 1.0
    seen: int = 0
    vector: list[float]

    def merge(self, other: Self) -> Self:
        return self


def similarity(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


@mcp.tool()
def read_soil(bed: str) -> SoilReading:
    """Read the soil sensor of one bed"""
    return SoilReading(moisture=40.0, ph=6.5, bed=bed)


@mcp.tool()
def summarize_bed(bed: str) -> BedSummary:
    """Summarize one bed briefly"""
    return BedSummary(bed=bed, moisture=40.0)


@mcp.tool()
def moisture_map(beds: list[str]) -> dict[str, dict[str, float]]:
    """Read the moisture of several beds

    Returns a dictionary from bed name to its readings
    """
    return {b: {"moisture": 40.0} for b in beds}


@mcp.tool()
def frost_warnings(area: str) -> list[FrostWarning]:
    """List the frost warnings for an area"""
    return []


@mcp.tool()
def soil_ph(bed: str, scale: str = "standard") -> float:
    """Read only the acidity of a bed

    A primitive result is published as {"result": value}
    """
    return 6.5


@mcp.tool()
def bed_stats(bed: str, days: int = 14) -> BedStats:
    """Statistics of a bed over the last N days"""
    return BedStats(bed=bed, days=days, moisture=Range(low=1, high=2), rain_mm=0)


@mcp.tool()
def bed_plan(bed: str) -> dict:
    """The planting plan of a bed

    A bare dict (or list) result has no type hints: no output schema
    """
    return {}


@mcp.tool()
def bed_names() -> list:
    """The names of the beds"""
    return []


@mcp.tool()
def bed_sizes() -> dict[str, float]:
    """The size of each bed, in square metres"""
    return {}


@mcp.tool()
def bed_rows(bed: str) -> Dict[str, int]:
    """Plants per row of a bed (typing's Dict: wrapped in result)"""
    return {}


@mcp.tool()
def bed_meta(bed: str) -> Dict:
    """Anything known about a bed"""
    return {}


@mcp.tool()
def bed_counts() -> Counts:
    """Plants per bed, through an alias of dict[str, int]"""
    return {}


@mcp.tool()
async def jot(
    notes: list[str] = Field(description="Observations to keep"),
):
    return f"kept {len(notes)}"


@mcp.tool()
async def read_journal() -> str:
    return "empty"


async def check() -> None:
    async with Client(mcp) as client:
        await client.call_tool("read_soil", {"bed": "north"})
