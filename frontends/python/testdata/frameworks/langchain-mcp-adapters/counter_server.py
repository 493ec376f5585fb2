from mcp.server.fastmcp import FastMCP

mcp = FastMCP("Counter")


@mcp.tool()
def increment(value: int, step: int) -> int:
    """Increment a counter"""
    return value + step


@mcp.tool()
async def describe_count(count: str) -> str:
    """Describe a count in words."""
    return f"the count is {count}"


@mcp.tool()
def read_clock() -> str:
    """Read the wall clock"""
    return "noon"


@mcp.prompt()
def counting_coach(style: str) -> list[dict]:
    return [{"role": "assistant", "content": f"Count in a {style} way."}]


@mcp.resource("counter://rules")
def counting_rules() -> str:
    """The counting rules."""
    return "one, two, three"


if __name__ == "__main__":
    mcp.run(transport="stdio")
