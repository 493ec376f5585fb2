"""Untyped parameters under the standalone fastmcp: pydantic on the
signature gives Any, a schema that accepts any value."""
from fastmcp import FastMCP

mcp = FastMCP("untyped")


@mcp.tool
def lookup(query, limit=5, exact: bool = False) -> str:
    """Look something up."""
    return str(query)
