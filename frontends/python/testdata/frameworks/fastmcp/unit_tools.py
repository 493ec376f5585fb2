"""Unit conversion tools with their own metadata (fastmcp.tools.tool)."""

from fastmcp.tools import tool


@tool(
    name="scale-length",  # the function's own name would be "scale"
    description="Scale a length by a factor.",
    tags={"units", "length"},
)
def scale(length: float, factor: float) -> float:
    """Scale a length."""
    return length * factor


@tool(tags={"units", "temperature"})
def shift(reading: float, offset: float) -> float:
    """Shift a temperature reading.

    Args:
        reading: The reading to shift.
        offset: How far to shift it.
    """
    return reading + offset
