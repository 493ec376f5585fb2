"""A recording studio's MCP server, written for tscg's tests."""
