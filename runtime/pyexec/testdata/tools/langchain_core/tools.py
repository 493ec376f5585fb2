"""Stand-ins for langchain_core.tools.BaseTool and @tool (see __init__)."""


class BaseTool:
    name = ""
    description = ""

    def __call__(self, tool_input, callbacks=None):
        raise AssertionError("BaseTool.__call__ ran instead of the tool's _run")


class StructuredTool(BaseTool):
    def __init__(self, func):
        self.func = func
        self.name = func.__name__


def tool(func):
    return StructuredTool(func)
