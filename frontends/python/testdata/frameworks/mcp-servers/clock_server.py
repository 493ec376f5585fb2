from enum import Enum

from mcp.server import Server
from mcp.types import TextContent, Tool, ToolAnnotations
from pydantic import BaseModel


class ClockTools(str, Enum):
    NOW = "clock_now"
    SHIFT = "clock_shift"


class ShiftResult(BaseModel):
    before: str
    after: str


def home_zone(override: str | None = None) -> str:
    return override or "UTC"


async def serve(home: str | None = None) -> None:
    server = Server("mcp-clock")
    zone = home_zone(home)

    @server.list_tools()
    async def list_tools() -> list[Tool]:
        """List the clock tools."""
        return [
            Tool(
                name=ClockTools.NOW.value,
                description="Tell the time in one zone",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "zone": {
                            "type": "string",
                            "description": f"Zone name such as 'Europe/Paris'. Use '{zone}' when the user names none.",
                        }
                    },
                    "required": ["zone"],
                },
                annotations=ToolAnnotations(
                    readOnlyHint=True,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=ClockTools.SHIFT.value,
                description="Move a time from one zone to another",
                inputSchema={
                    "type": "object",
                    "properties": {
                        "from_zone": {
                            "type": "string",
                            "description": f"Zone the time is in. Use '{zone}' when the user names none.",
                        },
                        "clock": {
                            "type": "string",
                            "description": "The time as HH:MM, 24-hour",
                        },
                        "to_zone": {
                            "type": "string",
                            "description": f"Zone to move it to. Use '{zone}' when the user names none.",
                        },
                    },
                    "required": ["from_zone", "clock", "to_zone"],
                },
                annotations=ToolAnnotations(
                    readOnlyHint=True,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
        ]

    @server.call_tool()
    async def call_tool(name: str, arguments: dict) -> list[TextContent]:
        return [TextContent(type="text", text=zone)]
