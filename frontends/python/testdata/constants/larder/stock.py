"""Stock fields of the larder."""
from typing import Annotated

from pydantic import Field

CRATE = Field(..., description="Crate number on the larder plan.", ge=100, le=999)
WEIGHT_NOTE = "Weight in kilograms."
Weight = Annotated[float, Field(ge=0, le=50)]
WEIGH_TOOL = "Weigh a crate and write the weight down in the larder book."
