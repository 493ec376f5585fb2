"""A stand-in for langchain_core (not installed here): just enough of
BaseTool and the @tool decorator for frameworks.py, and a __call__ that
takes other arguments than the tool, as LangChain's deprecated one does,
so a driver that called the object instead of the tool's code would fail."""
