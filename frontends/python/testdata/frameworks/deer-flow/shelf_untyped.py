"""An untyped LangChain tool parameter (Any: {}), written for tscg's tests."""

from langchain_core.tools import tool


@tool
def find_shelf(label, floor: int = 1, hint=None) -> str:
    """Find a shelf by label."""
    return label
