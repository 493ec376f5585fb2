"""Jar tools whose fields live in models.py beside them."""
from mcp.server.fastmcp import FastMCP
from pydantic import Field

import models
from models import DEFAULT_LID, FILL, JAR_ID, JarNote, Lid, Volume

try:  # run as part of a package
    from .models import MOVE_NOTE as WHERE
except ImportError:  # run as a script
    from models import MOVE_NOTE as WHERE

mcp = FastMCP("jars")


@mcp.tool()
def label_jar(jar: str = JAR_ID, fill: int = FILL, lid: Lid = DEFAULT_LID, volume: Volume = 0.5) -> str:
    """Print a label for a jar."""
    return jar


@mcp.tool()
def move_jar(jar: str = models.JAR_ID, to_shelf: int = Field(description=WHERE, ge=1), lid: models.Lid = "cork") -> str:
    """Move a jar to another shelf."""
    return jar


@mcp.tool()
def stick_note(note: JarNote) -> str:
    """Stick a note on a jar."""
    return note.text
