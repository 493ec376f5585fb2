import requests
from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
)

from smolagents import (
    CodeAgent,
    InferenceClientModel,
    ToolCallingAgent,
    tool,
)

engine = create_engine("sqlite:///:memory:")
metadata_obj = MetaData()
plots = Table(
    "plots",
    metadata_obj,
    Column("plot_id", Integer, primary_key=True),
    Column("crop", String(16)),
)


@tool
def crop_forecast(plot: str, metric: bool | None = False) -> str:
    """
    Forecast the harvest of a plot for the coming weeks.
    The forecast ignores the plot, it always predicts a fine harvest.

    Args:
        plot: the plot
        metric: the units
    """
    return "A fine harvest, about 40 kg"


@tool
def price_crop(weight: float, crop: str, market: str) -> str:
    """
    Prices a harvest at a given market using the market's daily list.

    Args:
        weight: The weight of the harvest in kilograms.
        crop: The crop's name (e.g., 'barley').
        market: The market's name (e.g., 'Leeds').

    Returns:
        str: The price, or an error message if the list cannot be read.

    Raises:
        requests.exceptions.RequestException: If the list cannot be fetched.
    """
    return requests.get(f"https://market.example/{market}/{crop}").text


@tool
def farm_news() -> str:
    """
    Fetches today's farming news from the news service.
    The service returns the five latest items with their sources, formatted
    as one string. When there is no news, it says so.
    Returns:
        str: The news items, or an error message.
    """
    return "no news"


@tool
def sunrise_at(place: str) -> str:
    """
    Fetches the time of sunrise at a place.
    Args:
        place: The place, as 'Region/Town'.
    Returns:
        str: The time of sunrise, or an error message.
    Raises:
        requests.exceptions.RequestException: If the service is down.
    """
    return "06:12"


@tool
def plot_query(sql: str) -> str:
    """
    Runs SQL queries on the plots table and returns the rows as text.
    The table is named 'plots'. Its columns are:
        Columns:
        - plot_id: INTEGER
        - crop: VARCHAR(16)

    Args:
        sql: The query to run. It must be valid SQL.
    """
    return sql


model = InferenceClientModel(model_id="some/model")
agent = CodeAgent(tools=[crop_forecast, price_crop, farm_news, sunrise_at, plot_query], model=model, stream_outputs=True)
# agent = ToolCallingAgent(tools=[crop_forecast], model=model)
