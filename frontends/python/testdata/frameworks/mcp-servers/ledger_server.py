import logging
from enum import Enum
from pathlib import Path
from typing import Optional

from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.types import TextContent, Tool, ToolAnnotations
from pydantic import BaseModel, Field

# How many entries a listing shows unless told otherwise
DEFAULT_PAGE = 25


class LedgerBalance(BaseModel):
    book: str

class LedgerEntries(BaseModel):
    book: str
    page_size: int = DEFAULT_PAGE

class LedgerSearch(BaseModel):
    book: str
    payee: str
    page_size: int = DEFAULT_PAGE

class LedgerRecord(BaseModel):
    book: str
    memo: str

class LedgerTag(BaseModel):
    book: str
    tags: list[str]

class LedgerHistory(BaseModel):
    book: str
    limit: int = 50
    since: Optional[str] = Field(
        None,
        description="Earliest date to include, as YYYY-MM-DD or a phrase like 'last month'"
    )
    until: Optional[str] = Field(
        None,
        description="Latest date to include, as YYYY-MM-DD or a phrase like 'yesterday'"
    )

class LedgerOpen(BaseModel):
    book: str
    account: str
    parent: str | None = None

class LedgerAccounts(BaseModel):
    book: str = Field(
        ...,
        description="Path of the ledger file.",
    )
    kind: str = Field(
        ...,
        description="Which accounts to list: 'assets', 'liabilities' or 'all'.",
    )
    under: Optional[str] = Field(
        None,
        description="Only accounts below this one. Leave out to list from the root",
    )


class LedgerTools(str, Enum):
    BALANCE = "ledger_balance"
    ENTRIES = "ledger_entries"
    SEARCH = "ledger_search"
    RECORD = "ledger_record"
    TAG = "ledger_tag"
    CLOSE = "ledger_close"
    HISTORY = "ledger_history"
    OPEN = "ledger_open"

    ACCOUNTS = "ledger_accounts"


def ledger_balance(book: str) -> str:
    return book


async def serve(book: Path | None) -> None:
    logger = logging.getLogger(__name__)
    server = Server("mcp-ledger")

    @server.list_tools()
    async def list_tools() -> list[Tool]:
        return [
            Tool(
                name=LedgerTools.BALANCE,
                description="Shows the balance of every account",
                inputSchema=LedgerBalance.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=True,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=LedgerTools.ENTRIES,
                description="Shows the latest entries",
                inputSchema=LedgerEntries.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=True,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=LedgerTools.SEARCH,
                description="Finds the entries for one payee",
                inputSchema=LedgerSearch.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=True,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=LedgerTools.RECORD,
                description="Records a new entry",
                inputSchema=LedgerRecord.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=False,
                    destructiveHint=False,
                    idempotentHint=False,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=LedgerTools.TAG,
                description="Adds tags to the last entry",
                inputSchema=LedgerTag.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=False,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=LedgerTools.CLOSE,
                description="Closes the book, dropping unposted entries",
                inputSchema=LedgerBalance.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=False,
                    destructiveHint=True,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=LedgerTools.HISTORY,
                description="Shows entries between two dates",
                inputSchema=LedgerHistory.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=True,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=LedgerTools.OPEN,
                description="Opens an account below an optional parent",
                inputSchema=LedgerOpen.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=False,
                    destructiveHint=False,
                    idempotentHint=False,
                    openWorldHint=False,
                ),
            ),
            Tool(
                name=LedgerTools.ACCOUNTS,
                description="Lists accounts",
                inputSchema=LedgerAccounts.model_json_schema(),
                annotations=ToolAnnotations(
                    readOnlyHint=True,
                    destructiveHint=False,
                    idempotentHint=True,
                    openWorldHint=False,
                ),
            ),
        ]

    @server.call_tool()
    async def call_tool(name: str, arguments: dict) -> list[TextContent]:
        return [TextContent(type="text", text=ledger_balance(arguments["book"]))]

    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
