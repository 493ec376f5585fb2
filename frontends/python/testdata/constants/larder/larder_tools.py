"""Larder tools importing re-exported fields from their package."""
from typing import Annotated

from mcp.server.fastmcp import FastMCP
from pydantic import Field

from larder import Weight
from . import CRATE, WEIGH_TOOL, WEIGHT_NOTE

mcp = FastMCP("larder")


@mcp.tool(description=WEIGH_TOOL)
def weigh_crate(crate: int = CRATE, weight: Annotated[Weight, Field(description=WEIGHT_NOTE)] = 1.0) -> str:
    """Weigh a crate and write the weight down."""
    return str(crate)
