"""Untyped parameters under the MCP SDK's FastMCP: func_metadata
publishes each as a string ({"title": name, "type": "string"})."""
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("untyped")


@mcp.tool()
def lookup(query, limit=5, exact: bool = False) -> str:
    """Look something up."""
    return str(query)
