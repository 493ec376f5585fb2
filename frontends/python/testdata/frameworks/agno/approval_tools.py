"""Human-in-the-loop tools of an agno agent, written for tscg's tests:
a tool that needs confirmation, and one whose named field the user
fills in (hidden from the model)."""

import json
from typing import Dict, List, Literal, Optional

import httpx
from agno.agent import Agent
from agno.db.sqlite import SqliteDb
from agno.models.openai import OpenAIResponses
from agno.tools import tool
from agno.tools.function import UserInputField
from agno.tools.yfinance import YFinanceTools
from agno.utils import pprint
from rich.console import Console


# The user must confirm before this runs
@tool(requires_confirmation=True)
def latest_headlines(count: int) -> str:
    """Fetch the latest headlines of the local paper.

    Args:
        count (int): How many headlines to fetch

    Returns:
        str: The headlines as a JSON list
    """
    return json.dumps(httpx.get("https://paper.example/latest").json()[:count])


@tool(requires_confirmation=True)
def post_update(headline: str, body: str) -> str:
    """
    Post a status update.

    This example only pretends to post; nothing leaves the machine.

    Args:
        headline: The update's headline
        body: The update's text

    Returns:
        A note that the pretend post went out
    """
    return f"Posted '{headline}' ({len(body)} characters)"


# The user fills in `phone`; the model only sees the other fields
@tool(requires_user_input=True, user_input_fields=["phone"])
def send_text(greeting: str, message: str, phone: str) -> str:
    """
    Send a text message.

    Args:
        greeting (str): How the message opens.
        message (str): The message.
        phone (str): The number to send it to.
    """
    return f"Texted {phone}: {greeting} {message}"


agent = Agent(
    model=OpenAIResponses(id="gpt-5-mini"),
    tools=[latest_headlines, post_update, send_text, YFinanceTools(enable_company_info=True)],
    markdown=True,
    db=SqliteDb(db_file="tmp/approvals.db"),
)

if __name__ == "__main__":
    console = Console()
    fields: List[UserInputField] = []
    pprint.pprint_run_response(agent.run("Text my sister hello."))


# Every parameter comes from the user; run_context is injected by name
@tool(requires_user_input=True)
def confirm_address(street: str, town: str, run_context=None) -> str:
    """Confirm a delivery address.

    Args:
        street: The street and number.
        town: The town.
    """
    return f"{street}, {town}"


@tool
def count_words(text: str, agent=None) -> int:
    """Count the words of a text."""
    return len(text.split())


@tool(name="plan_route", description="Plan a delivery route between depots.")
def route(start: str, stops: List[str], mode: Literal["van", "bike"] = "van", budget: Optional[float] = None,
          weights: Dict[str, int] = {}, note: str | None = None, extra: dict = {}) -> str:
    """Ignored: the description above wins.

    Args:
        start: Depot the route begins at.
        stops (list): Addresses to visit in order.
    """
    return f"{start} -> {len(stops)} stops by {mode}"
