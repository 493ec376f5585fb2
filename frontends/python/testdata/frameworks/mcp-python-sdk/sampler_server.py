"""A soil sampler server whose factory's parameters are the tools'
defaults (our own file, in the shape of neo4j-contrib/mcp-neo4j @ dbc01ba
mcp-neo4j-cypher: `Field(default=config_sample_size)` inside
create_mcp_server(..., config_sample_size: int = 1000))."""
from typing import Any

from mcp.server.fastmcp import FastMCP
from pydantic import Field

PROBE = "probe"


def _probe_text(depth: float) -> str:
    return f"Push the probe {depth:g} cm deep." if depth > 1 else "Touch the surface."


def create_sampler(driver: Any, sample_size: int = 500, label: str = PROBE, depth: float = 2.5) -> FastMCP:
    """Build the server."""
    sampler = FastMCP("sampler")

    @sampler.tool(description=_probe_text(depth))
    def take_sample(
        size: int = Field(default=sample_size, ge=1, description="How many grams to take."),
        tag: str = label,
        ratio: float = Field(depth, le=10),
    ) -> str:
        return tag

    return sampler
