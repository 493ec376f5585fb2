"""Everyday helpers for the assistant.

Rules: call get_weather before giving any forecast, never guess numbers,
and say which unit the temperatures are in.
"""
import os
from typing import Annotated, Literal

from pydantic import Field

from lib.forecast import Forecast, make_forecast


def add(a: int, b: int) -> int:
    """Add two integers.

    Args:
        a: The first addend.
        b: The second addend.

    Returns:
        The sum of a and b.
    """
    return a + b


def get_weather(
    city: str,
    days: Annotated[int, Field(ge=1, le=7)] = 3,
    unit: Literal["celsius", "fahrenheit"] = "celsius",
) -> Forecast:
    """Get the weather forecast for a city.

    The forecast comes from the configured weather service; the API key is
    read from the WEATHER_API_KEY environment variable.

    Args:
        city: City name, for example "Lisbon".
        days: Number of days to forecast. Defaults to 3.
        unit: Temperature unit. Defaults to celsius.

    Returns:
        A daily forecast.
    """
    if not os.environ.get("WEATHER_API_KEY"):
        raise PermissionError("WEATHER_API_KEY is not configured")
    print("looking up", city)  # goes to stderr, never into the result
    return make_forecast(city, days, unit)


def _not_a_tool() -> None:
    """Names starting with an underscore are helpers, not tools."""
