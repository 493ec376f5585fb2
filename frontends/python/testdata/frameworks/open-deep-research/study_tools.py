"""Helpers of a research graph, written for tscg's tests: LangChain tools
whose description comes from the decorator and whose injected arguments
are hidden from the model."""

import logging
from datetime import datetime
from typing import Annotated, Any, Dict, List, Literal, Optional

from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import (
    BaseTool,
    InjectedToolArg,
    StructuredTool,
    tool,
)

logger = logging.getLogger(__name__)

LIBRARY_SEARCH_DESCRIPTION = (
    "A catalogue search over the library's books and articles. "
    "Useful when the question needs a source."
)


@tool(description=LIBRARY_SEARCH_DESCRIPTION)
async def library_search(
    queries: List[str],
    per_query: Annotated[int, InjectedToolArg] = 3,
    shelf: Annotated[Literal["books", "articles", "maps"], InjectedToolArg] = "books",
    config: RunnableConfig = None
) -> str:
    """Search the catalogue and summarize what it finds.

    Args:
        queries: Search queries to run
        per_query: How many results to keep per query
        shelf: Which part of the catalogue to search
        config: Runtime configuration

    Returns:
        The summaries, one per result
    """
    return "\n".join(queries)


def format_results(results: List[Dict[str, Any]], limit: Optional[int] = None) -> str:
    """Format search results as text (not a tool)."""
    return "\n".join(str(r) for r in results[:limit])


@tool(description="Pause and plan the next research step")
def plan_step(plan: str) -> str:
    """Write down what to do next and why.

    Use it after every search, before the next one.

    Questions to answer:
    - What did the last search give?
    - What is still missing?

    Args:
        plan: The plan for the next step

    Returns:
        A note that the plan was kept
    """
    return f"Plan kept: {plan}"


def today() -> str:
    return datetime.now().strftime("%Y-%m-%d")
