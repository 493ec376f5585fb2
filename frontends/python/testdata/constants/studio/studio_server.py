"""Tool descriptions and a default that depend on the environment, read
at import as the server reads them when it starts (issue 28, in the
shape of elevenlabs/elevenlabs-mcp's server: an output mode from
os.getenv described by a function of a sibling module)."""

import os

from mcp.server.fastmcp import FastMCP
from studio.modes import (
    describe_output,
)

mcp = FastMCP("studio")

output_mode = os.getenv("STUDIO_OUTPUT", "files").strip().lower()
DEFAULT_VOICE = os.getenv("STUDIO_VOICE", "alto")
TOOL_PREFIX = os.environ.get("STUDIO_PREFIX", "")


def _tool_name(name: str) -> str:
    """The tool's name, with the prefix when one is set."""
    return f"{TOOL_PREFIX}_{name}" if TOOL_PREFIX else name


@mcp.tool(description=f"""Record a take. {describe_output(output_mode)}. Only record when asked.""")
def record_take(title: str, voice: str = DEFAULT_VOICE) -> str:
    return title


@mcp.tool(description=f"Mix two takes. {describe_output('both')}.")
def mix_takes(first: str, second: str) -> str:
    return first + second


@mcp.tool(
    name=_tool_name("list_takes"),
    annotations={"title": "List the takes", "readOnlyHint": True, "icon": "🎙"},
)
def takes(session: str) -> list[str]:
    """The takes of a session"""
    return []
