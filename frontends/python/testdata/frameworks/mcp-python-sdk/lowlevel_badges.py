"""A low-level MCP server written for tscg's tests (issue 31): Tool values
whose listing carries icons, _meta and execution beside the schema."""

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("badge-board")

RIBBON = types.Icon(src="https://badges.example.net/ribbon.png", mimeType="image/png", sizes=["48x48"])


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="pin_badge",
            description="Pin a badge to the board",
            inputSchema={"type": "object", "properties": {"label": {"type": "string"}}, "required": ["label"]},
            icons=[RIBBON, {"src": "https://badges.example.net/pin.svg", "theme": "dark"}],
            _meta={"stage": "beta"},
            execution=types.ToolExecution(taskSupport="optional"),
        ),
        types.Tool(
            name="count_badges",
            description="Count the badges on the board",
            inputSchema={"type": "object", "properties": {}},
            icons=[],
            _meta=None,
        ),
    ]
