"""A kitchen timer server built by a factory, its tools registered inside it
and by calls (our own file, in the shape of issue 28's real servers)."""
from typing import Annotated, Any, Optional

from mcp.server.fastmcp import Context, FastMCP
from pydantic import Field, WithJsonSchema

MINUTE = 60
Seconds = Annotated[
    int,
    Field(ge=0, le=90 * MINUTE, description="How long to wait, in seconds."),
    WithJsonSchema({"type": "integer"}),
]


def stop_timer(label: str, ctx: Context) -> str:
    """Stop the timer with this label.

    Args:
        label: The timer's label.
    """
    return label


def list_timers() -> list[str]:
    """List the running timers."""
    return []


def pause_timer(label: str, notes: dict[str, Any] = {}) -> str:
    """Pause one timer."""
    return label


def create_kitchen(prefix: str = "") -> FastMCP:
    """Build the server."""
    kitchen = FastMCP("kitchen")

    @kitchen.tool(name=prefix + "start_timer")
    def start_timer(label: str, wait: Seconds, every: Annotated[int, Field(ge=1, le=30 * MINUTE)] = MINUTE) -> str:
        """Start a timer.

        Args:
            label: A name for the timer.
        """
        return label

    @kitchen.tool()
    async def ring(times: Optional[int] = None, extra: dict = {}) -> str:
        return "ring"

    kitchen.tool()(stop_timer)
    kitchen.add_tool(list_timers, name="timers", description="The running timers.")
    kitchen.tool(pause_timer)
    return kitchen


def boil_egg(minutes: int = 7) -> str:
    """Boil an egg."""
    return "egg"


def steep_tea(grams: float) -> str:
    """Steep some tea."""
    return "tea"


DRINKS = [steep_tea]
kettle = FastMCP("kettle")
for job in (boil_egg,):
    kettle.tool()(job)
for job in DRINKS:
    kettle.add_tool(job)
