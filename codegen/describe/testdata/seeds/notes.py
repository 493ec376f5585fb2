"""笔记工具：按标签整理和查找个人笔记。"""

from enum import Enum
from typing import Literal


class Order(str, Enum):
    """排序方式。"""
    NEWEST = "newest"
    OLDEST = "oldest"


def find_notes(keyword: str, order: Order = Order.NEWEST, kind: Literal["memo"] = "memo") -> list[dict]:
    """按关键词查找笔记。

    Args:
        keyword: 要查找的词，例如“周报”。
        order: 结果的排序方式。
        kind: 笔记种类。

    Returns:
        匹配的笔记列表，每条含标题和正文。
    """
    return []


def tide_height(harbour: str, unit: Literal["m", "ft"] = "m") -> float:
    """Look up the current tide height at a harbour.

    Args:
        harbour: Harbour name, for example "Kinsale".
        unit: Unit of the height.

    Returns:
        The height above chart datum.
    """
    return 0.0
