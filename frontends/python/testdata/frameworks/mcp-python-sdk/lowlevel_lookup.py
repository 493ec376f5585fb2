import anyio
import click
import mcp.types as types
from mcp.server import Server, ServerRequestContext


async def lookup_word(word: str) -> list[types.ContentBlock]:
    return [types.TextContent(type="text", text=word)]


async def handle_list_tools(
    ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(
        tools=[
            types.Tool(
                name="define",
                title="Word Definer",
                description="Looks a word up and returns its definition",
                input_schema={
                    "type": "object",
                    "required": ["word"],
                    "properties": {
                        "word": {
                            "type": "string",
                            "description": "Word to define",
                        }
                    },
                },
            )
        ]
    )


async def handle_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    if params.name != "define":
        raise ValueError(f"Unknown tool: {params.name}")
    return types.CallToolResult(content=await lookup_word((params.arguments or {})["word"]))


@click.command()
@click.option("--port", default=8000, help="Port to listen on")
def main(port: int) -> int:
    app = Server("word-definer", on_list_tools=handle_list_tools, on_call_tool=handle_call_tool)

    async def arun():
        pass

    anyio.run(arun)
    return 0
