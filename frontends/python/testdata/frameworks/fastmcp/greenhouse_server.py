"""A greenhouse server registering some tools only when the environment
says so (our own file, in the shape of ClickHouse/mcp-clickhouse @ cb75c27:
`if os.getenv("CLICKHOUSE_ENABLED", "true").lower() == "true":
mcp.add_tool(Tool.from_function(…))`, and a register function returning
first when `get_chdb_config().enabled` is false)."""
import os
import sys

from fastmcp import FastMCP
from fastmcp.tools import Tool

mcp = FastMCP("greenhouse")


class MisterConfig:
    """Settings read from the environment."""

    @property
    def enabled(self) -> bool:
        return os.environ.get("GREENHOUSE_MISTER", "off").lower() in ("on", "yes")


_CONFIG = None


def get_mister_config() -> MisterConfig:
    global _CONFIG
    if _CONFIG is None:
        _CONFIG = MisterConfig()
    return _CONFIG


def read_humidity(zone: str) -> float:
    """Read a zone's humidity."""
    return 0.5


def open_vents(zone: str, percent: int = 50) -> str:
    """Open the vents of a zone."""
    return zone


def run_mister(seconds: int) -> str:
    """Run the mister."""
    return "misted"


def log_reading(note: str) -> str:
    """Keep a note."""
    return note


def _register_mister():
    if not get_mister_config().enabled:
        return
    mcp.add_tool(Tool.from_function(run_mister, name="mister"))


if os.getenv("GREENHOUSE_VENTS", "True").lower() == "true":
    mcp.add_tool(Tool.from_function(read_humidity))
    mcp.add_tool(Tool.from_function(open_vents, description="Open the vents."))

if sys.version_info >= (3, 8):
    mcp.add_tool(Tool.from_function(log_reading))

_register_mister()
