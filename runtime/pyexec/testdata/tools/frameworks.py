"""Tools as the frameworks write them, for TestCallTargets: each call must
reach the tool's own code, never a module function of the same name."""
from langchain_core.tools import BaseTool, tool


class SearchInput:  # a pydantic model in real code; the driver never reads it
    query: str


class SearchTool(BaseTool):
    name = "search"
    description = "Search."
    args_schema = SearchInput

    def _run(self, query: str, run_manager=None) -> str:
        return "class:" + query


class AsyncSearch(BaseTool):
    name = "asearch"
    args_schema = SearchInput

    async def _arun(self, query: str) -> str:
        return "async class:" + query


class NeedsKey(BaseTool):
    name = "needs_key"
    args_schema = SearchInput

    def __init__(self, api_key):
        self.api_key = api_key

    def _run(self, query: str) -> str:
        return query


@tool
def shout(text: str) -> str:
    return text.upper()


def search(query: str) -> str:
    """A module function named like the tools: calling it would be wrong."""
    return "wrong function:" + query


def get_time(**kwargs) -> str:
    return "wrong function"


async def call_tool(name: str, arguments: dict) -> list:
    """A low-level server's dispatcher (its @server.call_tool() handler)."""
    if name == "get_time":
        return [{"type": "text", "text": "dispatched get_time " + arguments["zone"]}]
    raise ValueError("Unknown tool: " + name)
