"""An untyped CrewAI tool parameter (Any), written for tscg's tests."""

from crewai.tools import tool


@tool("Count Boxes")
def count_boxes(room, size="small") -> int:
    """Count the boxes in a room."""
    return 1
