"""The larder package: its fields are re-exported here."""
from .stock import CRATE, WEIGH_TOOL, WEIGHT_NOTE, Weight

__all__ = ["CRATE", "WEIGH_TOOL", "WEIGHT_NOTE", "Weight"]
