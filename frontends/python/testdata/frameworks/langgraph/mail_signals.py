"""LangChain tools written for tscg's tests: @tool on pydantic models, the
way a LangGraph agent is given a "done" signal and a question for a
person as tools (langchain-ai/agents-from-scratch's Done and Question)."""

from typing import Literal, Optional

from langchain_core.tools import tool
from pydantic import BaseModel, Field


@tool
def file_letter(drawer: str) -> str:
    """File a letter in a drawer."""
    return drawer


@tool
class Filed(BaseModel):
    """All letters are filed."""
    filed: bool


@tool
class AskClerk(BaseModel):
      """A question for the clerk."""
      question: str
      urgency: Literal["low", "high"] = "low"
      note: Optional[str] = Field(default=None, description="Anything else to tell the clerk")
