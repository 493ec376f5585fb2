"""A notebook MCPServer written for tscg's tests: the file also imports
pydantic_ai (an Agent that writes summaries), as a server that calls a
model inside its tools does; the server's tools are still the MCP SDK's."""

from pydantic import Field
from pydantic_ai import Agent

from mcp.server.mcpserver import MCPServer

summarizer = Agent("test", system_prompt="Summarise a note in one line.")

notes = MCPServer("notebook")


@notes.tool()
async def jot(
    lines: list[str] = Field(description="The lines of the note, in order"),
):
    result = await summarizer.run("\n".join(lines))
    return result.output


@notes.tool()
async def read_notebook() -> str:
    return ""


@notes.tool(description="Count the notes kept so far.")
def count_notes(since: int = 0) -> int:
    return since


def _scratch_page() -> str:
    """A page that tidy_notebook adds and takes away again."""
    return "scratch"


@notes.tool()
async def tidy_notebook() -> str:
    """Adds a scratch page while tidying, then removes it."""
    notes.add_tool(_scratch_page, name="scratch_page")
    notes.remove_tool("scratch_page")
    return "tidied"
