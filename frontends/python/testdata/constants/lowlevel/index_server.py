"""A low-level server whose tool names and input schemas are module
constants."""
from mcp.server import Server
from mcp.types import Tool
from pydantic import BaseModel, Field

server = Server("card-index")

CARD_SCHEMA = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "description": "Title on the card."},
        "drawer": {"type": "integer", "minimum": 1, "maximum": 6},
    },
    "required": ["title"],
}
FILE_CARD = "file_card"


class CardQuery(BaseModel):
    words: str = Field(description="Words on the card.")
    drawer: int = Field(1, ge=1, le=6)


QUERY_SCHEMA = CardQuery.model_json_schema()


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(name=FILE_CARD, description="File a card in the index.", inputSchema=CARD_SCHEMA),
        Tool(name="find_card", description="Find cards by their words.", inputSchema=QUERY_SCHEMA),
    ]
