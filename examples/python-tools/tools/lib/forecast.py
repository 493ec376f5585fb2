"""Shared types of the sample tools (imported by sample.py)."""
from pydantic import BaseModel, Field


class Day(BaseModel):
    day: int = Field(ge=1)
    high: float
    low: float
    summary: str


class Forecast(BaseModel):
    """A forecast: one entry per day."""
    city: str
    unit: str
    days: list[Day]


def make_forecast(city: str, days: int, unit: str) -> Forecast:
    # A deterministic stand-in for a real weather service.
    base = sum(map(ord, city)) % 15 + 10
    if unit == "fahrenheit":
        base = base * 9 // 5 + 32
    return Forecast(city=city, unit=unit, days=[
        Day(day=i + 1, high=base + i, low=base - 5 + i, summary=["sunny", "cloudy", "rain"][i % 3]) for i in range(days)
    ])
