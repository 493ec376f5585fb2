"""A smolagents Tool subclass with inputs written as a dict, written for
tscg's tests."""

from smolagents import Tool


class LedgerLookupTool(Tool):
    name = "ledger_lookup"
    description = """
    Looks up an entry in the farm ledger.
    It returns the entry as text."""
    inputs = {
        "entry": {
            "type": "string",
            "description": "the entry's key (such as seed-2024 or feed-march)",
        },
        "year": {
            "type": "integer",
            "description": "the ledger's year",
            "nullable": True,
        },
        "detail": {
            "type": "any",
            "description": "how much detail to give",
        },
    }
    output_type = "string"

    def forward(self, entry: str, year: int | None = None, detail=None):
        return entry
