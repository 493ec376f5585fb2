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


@mcp.tool(description=f"""Record a take. {describe_output(output_mode)}. Only record when asked.""")
def record_take(title: str, voice: str = DEFAULT_VOICE) -> str:
    return title


@mcp.tool(description=f"Mix two takes. {describe_output('both')}.")
def mix_takes(first: str, second: str) -> str:
    return first + second
