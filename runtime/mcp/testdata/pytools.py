"""Python tools for runtime/mcp's tests."""
import os


def add(a: int, b: int) -> dict:
    """Add two integers."""
    return {"sum": a + b}


def crash(code: int) -> str:
    """Kill the worker mid-call, as a segfaulting extension would."""
    os._exit(code)
