"""A one-tool agent graph for tscg's tests.

The model below is a stand-in that always asks for `lookup` once.
"""

from __future__ import annotations

from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.tools import tool


@tool
def lookup(term: str) -> str:
    """Find `term` in a small made-up glossary."""
    return f"entry for {term!r}"


class _OneCallModel(FakeMessagesListChatModel):
    """A stand-in chat model.

    It asks for `lookup` until a ToolMessage is in the conversation, then
    answers; `bind_tools` does nothing.
    """

    def bind_tools(self, tools: Any, **kwargs: Any) -> _OneCallModel:
        return self

    def _reply(self, messages: list[BaseMessage]) -> AIMessage:
        if any(isinstance(m, ToolMessage) for m in messages):
            return AIMessage(content="done.")
        return AIMessage(content="", tool_calls=[{"name": "lookup", "args": {"term": "x"}, "id": "1"}])


graph = create_agent(_OneCallModel(responses=[]), tools=[lookup])
