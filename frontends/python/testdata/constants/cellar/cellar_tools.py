"""Cellar tools reading their fields through relative imports."""
from mcp.server.fastmcp import FastMCP

from . import fields
from .fields import *  # noqa: F403 (CORK)
from .fields import BOTTLE, Vintage

mcp = FastMCP("cellar")


@mcp.tool()
def stock_bottle(bottle: str = BOTTLE, year: Vintage = 2020, rack: int = fields.RACK, cork: str = CORK) -> str:
    """Record a bottle in the cellar book."""
    return bottle
