"""The larder package: its fields are re-exported here."""
from .stock import CRATE, WEIGHT_NOTE, Weight

__all__ = ["CRATE", "WEIGHT_NOTE", "Weight"]
