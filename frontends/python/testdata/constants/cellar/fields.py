"""Fields of the cellar tools."""
from typing import Annotated

from pydantic import Field

BOTTLE = Field(..., description="Bottle code from the cellar book.", pattern=r"^[A-Z]{2}\d{3}$")
Vintage = Annotated[int, Field(ge=1900, le=2100, description="Year of the harvest.")]
RACK = Field(1, ge=1, le=9, description="Rack the bottle rests in.")
CORK = Field("natural", description="Kind of cork in the bottle.", max_length=16)
