"""Fields the jar tools share."""
from typing import Annotated, Literal

from pydantic import BaseModel, Field

JAR_ID = Field(..., description="Code printed on the lid.", min_length=3, max_length=12)
FILL = Field(50, ge=0, le=100, description="How full the jar is, in percent.")
Lid = Literal["screw", "clip", "cork"]
Volume = Annotated[float, Field(gt=0, description="Volume in litres.")]
ROOM = "the pantry"
MOVE_NOTE = f"Shelf the jar goes to, in {ROOM}."
DEFAULT_LID = "screw"


class JarNote(BaseModel):
    """A note stuck on a jar."""

    jar: str = JAR_ID
    fill: int = FILL
    text: str = Field(description=MOVE_NOTE)
