"""swarm functions in a file with postponed annotations (every annotation
is a string, which swarm publishes as "string"), written for tscg's tests."""

from __future__ import annotations

from swarm import Agent


def count_seats(hall: str, rows: int, balcony: bool = False):
    """Count the seats of a hall."""
    return rows * 10


def list_halls(context_variables, city):
    return "Main"


clerk = Agent(name="Clerk", functions=[count_seats, list_halls])
