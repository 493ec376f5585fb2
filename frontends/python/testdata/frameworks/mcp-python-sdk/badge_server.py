"""A badge-board FastMCP server written for tscg's tests (issue 31): what a
tool's listing carries beside its schema, icons= and meta=."""

from mcp.server.fastmcp import FastMCP, Icon

mcp = FastMCP("Badge Board")

RIBBON = Icon(src="https://badges.example.net/ribbon.png", mimeType="image/png", sizes=["48x48"])
OWNER = {"owner": "board team", "tier": 2}


@mcp.tool(icons=[RIBBON, Icon(src="https://badges.example.net/pin.svg", mimeType=None, theme="dark")], meta={"stage": "beta", "limits": {"per_day": 5}})
def pin_badge(label: str) -> str:
    """Pin a badge to the board."""
    return label


@mcp.tool(icons=[{"src": "https://badges.example.net/count.png", "sizes": ["16x16", "32x32"]}], meta=OWNER)
def count_badges() -> int:
    """Count the badges on the board."""
    return 0


@mcp.tool(icons=[], meta={})
def clear_board() -> str:
    """Take every badge off the board."""
    return "cleared"


@mcp.tool(icons=None, meta=None)
def show_board() -> str:
    """Show the board."""
    return "board"


def polish_badge(label: str) -> str:
    """Polish a badge."""
    return label


mcp.add_tool(polish_badge, icons=[RIBBON])
