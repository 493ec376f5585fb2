"""A FastMCP server written for tscg's tests: enums, Literal, Optional and
NumPy / reST docstrings in tool signatures."""

from enum import Enum
from typing import Literal, Optional

from pydantic import BaseModel, Field

from fastmcp import FastMCP

mcp = FastMCP("Kinds")


class Grind(str, Enum):
    FINE = "fine"
    MEDIUM = "medium"
    COARSE = "coarse"


class Cup(BaseModel):
    size_ml: int = Field(ge=50, le=500, description="Cup size in millilitres")
    milk: Optional[Literal["oat", "cow"]] = None


@mcp.tool
def brew(grind: Grind, strength: Literal[1, 2, 3] = 2, cup: Optional[Cup] = None) -> str:
    """Brew one coffee.

    Parameters
    ----------
    grind : Grind
        How fine to grind the beans.
    strength : int
        From 1 (mild) to 3 (strong).
    """
    return f"{grind.value} {strength}"


@mcp.tool
def descale(machine: str, rinse_cycles: Optional[int] = None, notify: bool = True) -> str:
    """Descale a coffee machine.

    :param machine: The machine's name.
    :param rinse_cycles: How many rinses after descaling.
    :param notify: Whether to say when it is done.
    """
    return machine
