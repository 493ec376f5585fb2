from typing import Annotated

from mcp.server import Server
from mcp.types import Prompt, TextContent, Tool
from pydantic import AnyUrl, BaseModel, Field

DEFAULT_AGENT = "PageReader/1.0 (tests)"


class Read(BaseModel):
    """Parameters for reading a page."""

    address: Annotated[AnyUrl, Field(description="Page to read")]
    limit: Annotated[
        int,
        Field(
            default=4000,
            description="Most characters to return.",
            gt=0,
            lt=500000,
        ),
    ]
    offset: Annotated[
        int,
        Field(
            default=0,
            description="Start the text at this character, to continue a cut-off read.",
            ge=0,
        ),
    ]
    markup: Annotated[
        bool,
        Field(
            default=False,
            description="Return the page's markup as it is.",
        ),
    ]


async def serve(
    user_agent: str | None = None,
    skip_checks: bool = False,
) -> None:
    """Run the page server.

    Args:
        user_agent: A User-Agent to send instead of the default
        skip_checks: Whether to skip the site's crawl rules
    """
    server = Server("mcp-pages")
    agent = user_agent or DEFAULT_AGENT

    @server.list_tools()
    async def list_tools() -> list[Tool]:
        return [
            Tool(
                name="read_page",
                description="""Reads a web page and gives back its text.

Use it whenever the answer depends on a page the user points to; it returns the page's text, shortened to the limit.""",
                inputSchema=Read.model_json_schema(),
            )
        ]

    @server.list_prompts()
    async def list_prompts() -> list[Prompt]:
        return []

    @server.call_tool()
    async def call_tool(name, arguments: dict) -> list[TextContent]:
        return [TextContent(type="text", text=agent)]
