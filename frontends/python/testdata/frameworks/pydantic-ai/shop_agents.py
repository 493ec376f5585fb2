"""Two pydantic-ai agents written for tscg's tests: tools taking a
RunContext first, with and without other parameters."""

from __future__ import annotations as _annotations

import sqlite3
from dataclasses import dataclass
from typing import Any, Literal

from httpx import AsyncClient
from pydantic import BaseModel

from pydantic_ai import Agent, RunContext


@dataclass
class ShopDeps:
    shopper_id: int
    conn: sqlite3.Connection


class ShopAdvice(BaseModel):
    advice: str
    """What to tell the shopper"""
    refund: bool
    """Whether to refund"""


shop_agent = Agent(
    'openai:gpt-5-mini',
    deps_type=ShopDeps,
    output_type=ShopAdvice,
    instructions=(
        'You help shoppers with their orders. '
        'Address them by name.'
    ),
)


@shop_agent.instructions
async def add_shopper_name(ctx: RunContext[ShopDeps]) -> str:
    return f"The shopper's id is {ctx.deps.shopper_id!r}"


@shop_agent.tool
async def loyalty_points(ctx: RunContext[ShopDeps]) -> str:
    """Returns the shopper's loyalty points."""
    return "120"


@shop_agent.tool
async def check_coupon(
    ctx: RunContext[ShopDeps], code: int
) -> Literal['valid', 'expired']:
    """Check whether a coupon is still valid.

    Args:
        ctx: The context holding the shopper.
        code: The coupon's number.
    """
    return 'valid' if code > 100 else 'expired'


@dataclass
class MapDeps:
    client: AsyncClient


class Point(BaseModel):
    x: float
    y: float


map_agent = Agent('openai:gpt-5-mini', deps_type=MapDeps, retries=2)


@map_agent.tool
async def locate_store(ctx: RunContext[MapDeps], store_name: str) -> Point:
    """Find where a store is.

    Args:
        ctx: The context.
        store_name: The store's name.
    """
    return Point(x=0, y=0)


@map_agent.tool
async def opening_hours(ctx: RunContext[MapDeps], x: float, y: float) -> dict[str, Any]:
    """Opening hours of the store at a point.

    Args:
        ctx: The context.
        x: East coordinate.
        y: North coordinate.
    """
    return {'hours': '9–17 °'}
