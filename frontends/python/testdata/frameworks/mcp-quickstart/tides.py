from typing import Any

import httpx2
from mcp.server import MCPServer
from pydantic import BaseModel, Field, RootModel

# The server
mcp = MCPServer("tides")

TIDES_API = "https://tides.example"
AGENT = "tides-app/1.0"


class Tide(BaseModel):
    """One high or low water."""

    kind: str = Field(description="High or low")
    at: str = Field(description="When, as an ISO time")
    height_m: float = Field(description="Height in metres")


class Tides(RootModel[list[Tide]]):
    """The output of get_tides: a bare array.

    A RootModel over a list is published as the list itself.
    """


class Station(BaseModel):
    """A tide station, for contrast: an object."""

    latitude: float = Field(description="Latitude of the station")
    longitude: float = Field(description="Longitude of the station")
    tides: list[Tide] = Field(description="The next tides, soonest first")


async def fetch_json(url: str) -> dict[str, Any] | None:
    """Fetch JSON from the tides service, None on any failure."""
    async with httpx2.AsyncClient() as client:
        try:
            r = await client.get(url, headers={"User-Agent": AGENT}, timeout=10.0)
            r.raise_for_status()
            return r.json()
        except Exception:
            return None


@mcp.tool()
async def get_tides(harbour: str) -> Tides:
    """Get the next tides of a harbour.

    Args:
        harbour: Harbour code (e.g. BRS, PLY)
    """
    data = await fetch_json(f"{TIDES_API}/{harbour.upper()}")
    if not data:
        raise ValueError(f"No tides for {harbour}.")
    return Tides([Tide(kind=t.get("kind") or "?", at=t["at"], height_m=t["h"]) for t in data["tides"]])


@mcp.tool()
async def get_station(latitude: float, longitude: float) -> Station:
    """Get the nearest tide station.

    Args:
        latitude: Latitude to search from
        longitude: Longitude to search from
    """
    return Station(latitude=latitude, longitude=longitude, tides=[])


def main():
    mcp.run(transport="stdio")


if __name__ == "__main__":
    main()
