"""Tools whose descriptions are built by helper functions of the module.

Taught by crewAIInc/crewAI @ f4731f5 (crewai_tools wait_tool: the
description is _build_description(DEFAULT_MAX_SECONDS), a template's
format() of a helper's f-string with a format spec; exa_tools: a
deprecated subclass re-declaring the same name).
"""

from typing import Any, ClassVar

from crewai.tools import BaseTool
from pydantic import BaseModel, Field

NAP_LIMIT: float = 90.0
SNOOZE_LIMIT = 1
KETTLE_STEPS = 3

_NAP_TEMPLATE = (
    "Rest for a while before the next step.\n"
    "One call rests at most {limit}; call again for more."
)

_KETTLE_TEMPLATE = "Boil the kettle in {0} steps, {steps} of them {kind}."


def _seconds(value: float) -> str:
    """Write a duration with its unit."""
    return f"{value:g} second" if value == 1 else f"{value:g} seconds"


def _nap_text(limit: float) -> str:
    """The nap tool's description."""
    return _NAP_TEMPLATE.format(limit=_seconds(limit))


def _kettle_text(steps: int, kind: str = "quiet") -> str:
    return _KETTLE_TEMPLATE.format(steps, steps=steps, kind=kind.upper())


def _desk_label() -> str:
    label = "front desk"
    return label.title()


class NapSchema(BaseModel):
    """Input for NapTool."""

    seconds: float = Field(..., ge=0, description="How long to rest, in seconds.")


class NapTool(BaseTool):
    name: str = "Nap"
    description: str = _nap_text(NAP_LIMIT)
    args_schema: type[BaseModel] = NapSchema

    def _run(self, seconds: float) -> str:
        return "rested"


class SnoozeTool(BaseTool):
    name: str = "Snooze"
    description: str = _nap_text(SNOOZE_LIMIT) + " " + ("Loud." if SNOOZE_LIMIT > 5 else "Quiet.")
    args_schema: type[BaseModel] = NapSchema

    def _run(self, seconds: float) -> str:
        return "snoozed"


class KettleTool(BaseTool):
    name: str = "Kettle"
    description: str = _kettle_text(KETTLE_STEPS)
    args_schema: type[BaseModel] = NapSchema

    def _run(self, seconds: float) -> str:
        return "boiled"


class DeskTool(BaseTool):
    """Its description takes statements to compute: tscg does not run them."""

    name: str = "Desk"
    description: str = _desk_label()
    args_schema: type[BaseModel] = NapSchema

    def _run(self, seconds: float) -> str:
        return "host"


class SiestaTool(NapTool):
    """Deprecated alias for NapTool: the same tool under the same name."""

    is_deprecated_alias: ClassVar[bool] = True

    name: str = "Nap"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
