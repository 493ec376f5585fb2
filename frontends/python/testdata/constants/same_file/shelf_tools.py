"""Shelf fitting: every schema piece of these tools is kept in a module
constant of this file."""
from enum import Enum
from typing import Annotated, ClassVar, Final, Literal

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations
from pydantic import Field

mcp = FastMCP("shelves")

SHELF_COUNT = 12
SHELF_NOTE = f"Number of the shelf, counted from the floor (1 to {SHELF_COUNT})."
SHELF = Field(..., description=SHELF_NOTE, ge=1, le=12)
SHELF_AGAIN = SHELF
TAG = Field("unlabelled", description="Text printed on the tag.", max_length=24)
Rating = Annotated[int, Field(ge=1, le=5, description="Stars from one to five.")]
Finish = Literal["matte", "gloss"]
SPAN = Field(ge=10, le=200, description="Width in centimetres.")
Spacing = Annotated[int, Field(default=25, ge=5, description="Gap between shelves, in centimetres.")]
EXAMPLE_TAGS = ["jam", "pickles"]
MAX_ITEMS: Final = 30
LOOK_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False, shelfZone="dry")


class Fitting:
    """Settings of the fitters."""

    DEPTH = 30
    DEPTH_NOTE: ClassVar[str] = "Depth in centimetres."


class Wood(str, Enum):
    OAK = "oak"
    PINE = "pine"


Timber = Wood
DEFAULT_WOOD = Wood.PINE

# Bound twice: the function sees the second binding, tscg reads neither.
BIN_SIZE = Field(4, ge=1, description="Bins per shelf.")
BIN_SIZE = Field(6, ge=2, description="Bins per shelf.")
# Bound, then changed: no constant either.
SPARE_BINS = 2
SPARE_BINS += 1


@mcp.tool()
def fit_shelf(gap: Spacing, shelf: int = SHELF, tag: str = TAG, contents: str = Field("jam", examples=EXAMPLE_TAGS), finish: Finish = "matte", timber: Timber = DEFAULT_WOOD, capacity: int = MAX_ITEMS, depth: int = Field(Fitting.DEPTH, description=Fitting.DEPTH_NOTE, le=Fitting.DEPTH)) -> str:
    """Fit a new shelf into the pantry wall."""
    return f"shelf {shelf}"


@mcp.tool(annotations=LOOK_ONLY)
def rate_shelf(shelf: int = SHELF_AGAIN, stars: Rating = 3, width: Annotated[int, SPAN] = 60, remark: Annotated[str, Field(description=SHELF_NOTE)] = "") -> str:
    """Give a fitted shelf a rating."""
    return f"{stars} stars"


@mcp.tool()
def order_bins(count: int = BIN_SIZE, spare: int = SPARE_BINS) -> str:
    """Order storage bins for a shelf."""
    return f"{count} bins"
