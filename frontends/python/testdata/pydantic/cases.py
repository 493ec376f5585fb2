"""Cases for the pydantic differential test: every function and class here
is compiled by tscg and by pydantic 2 (gen_pydantic.py), and the schemas
must agree on types, constraints, defaults and required."""
import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum, IntEnum
from pathlib import Path
import ipaddress
from typing import Annotated, Any, Dict, List, Literal, Mapping, NamedTuple, Optional, Sequence, Set, Tuple, Union
from uuid import UUID

from typing_extensions import Doc, NotRequired, Required, TypedDict

from pydantic import (
    AfterValidator, AnyHttpUrl, AnyUrl, BaseModel, ConfigDict, DirectoryPath, EmailStr, Field, FilePath, HttpUrl, IPvAnyAddress, Json, NegativeFloat,
    NonNegativeInt, PositiveInt, SecretStr, Strict, StrictInt, StringConstraints, UUID4, conint, conlist, constr, confloat,
)


class Color(str, Enum):
    RED = "red"
    GREEN = "green"


class Level(IntEnum):
    LOW = 1
    HIGH = 5


class Address(BaseModel):
    """A postal address."""
    street: str
    city: str = Field("Lisbon", description="City.")
    zip: Annotated[str, Field(pattern=r"^\d{4}-\d{3}$")] = "1000-001"


class User(BaseModel):
    name: str = Field(..., min_length=1, max_length=40)
    age: int = Field(default=18, ge=0, le=150)
    email: Optional[str] = None
    tags: List[str] = Field(default_factory=list)
    address: Optional[Address] = None
    color: Color = Color.RED


class Admin(User):
    level: Level = Level.HIGH
    scopes: Set[str] = set()


class Point(TypedDict):
    x: float
    y: float
    label: NotRequired[str]


class Options(TypedDict, total=False):
    verbose: bool
    depth: int
    name: Required[str]


@dataclass
class Box:
    width: int
    height: int = 1
    label: str = "box"
    tags: list[str] = field(default_factory=list)


class Ratio(BaseModel):
    value: float = Field(gt=0, lt=1)
    step: float = Field(0.5, multiple_of=0.25)


def scalars(i: int, f: float, s: str, b: bool) -> None: ...
def optional_scalars(i: int = 1, f: float = 2.5, s: str = "x", b: bool = False, n: None = None) -> None: ...
def raw_bytes(data: bytes) -> None: ...
def anything(x: Any, y: object = None) -> None: ...
def lists(a: list[int], b: List[str], c: Sequence[float] = (), d: list = []) -> None: ...
def sets(a: set[str], b: Set[int] = set()) -> None: ...
def tuples(a: tuple[int, str], b: tuple[int, ...], c: Tuple[bool, float, str] = (True, 1.0, "x")) -> None: ...
def dicts(a: dict[str, int], b: Dict[str, List[int]], c: Mapping[str, bool] = {}, d: dict = {}) -> None: ...
def optionals(a: Optional[int], b: int | None = None, c: Union[str, None] = "x") -> None: ...
def unions(a: Union[int, str], b: int | str | None = None, c: Union[int, List[int]] = 1) -> None: ...
def literals(a: Literal["x", "y"], b: Literal[1, 2, 3] = 2, c: Literal["only"] = "only", d: Literal["x", 2, True] = True) -> None: ...
def annotated_strings(a: Annotated[str, Field(min_length=2, max_length=5)], b: Annotated[str, Field(pattern=r"^[a-z]+$")] = "ab") -> None: ...
def annotated_numbers(a: Annotated[int, Field(ge=1, le=10)], b: Annotated[float, Field(gt=0, lt=1)] = 0.5, c: Annotated[int, Field(multiple_of=5)] = 10) -> None: ...
def annotated_lists(a: Annotated[list[int], Field(min_length=1, max_length=3)]) -> None: ...
def annotated_description(a: Annotated[int, "How many."], b: Annotated[str, Field(description="Name.")] = "n") -> None: ...
def field_defaults(a: int = Field(3, ge=0), b: str = Field(default="q", max_length=4)) -> None: ...
def datetimes(a: dt.datetime, b: dt.date, c: dt.time, d: dt.timedelta) -> None: ...
def identifiers(a: UUID, b: Path, c: Decimal) -> None: ...
def enums(a: Color, b: Level = Level.LOW, c: Color = Color.GREEN) -> None: ...
def models(user: User, address: Optional[Address] = None) -> None: ...
def inherited(admin: Admin) -> None: ...
def typed_dicts(p: Point, o: Options) -> None: ...
def dataclasses_(box: Box) -> None: ...
def nested(a: list[dict[str, list[int]]], b: dict[str, Optional[Point]]) -> None: ...
def forward(a: "User", b: "list[Box]" = []) -> None: ...
def negative_defaults(a: int = -1, b: float = -0.5, c: int = 1_000, d: int = 0x10) -> None: ...
def container_defaults(a: list[str] = ["a", "b"], b: dict[str, int] = {"k": 1}, c: tuple[int, int] = (1, 2)) -> None: ...
def keyword_only(a: int, *, b: str, c: bool = True) -> None: ...
def ratio(r: Ratio) -> None: ...
async def async_tool(query: str, limit: int = 10) -> None: ...


# Issue 16 ("Why"): what pydantic says where tscg lost or refused things.
DEFAULT_CONTEXT_LINES = 3
MIN_LIMIT = 1
MAX_LIMIT = MIN_LIMIT + 99
PREFIX = "v"
VERSION = PREFIX + "1"


def optional_constraints(limit: Optional[int] = Field(10, ge=1, le=100), b: Annotated[Optional[int], Field(ge=1)] = None, c: Annotated[str | None, Field(max_length=5)] = None) -> None: ...
def factories(a: list[int] = Field(default_factory=list), b: list[int] = Field(default_factory=lambda: [1], min_length=1), c: dict[str, int] = Field(default_factory=dict, max_length=3)) -> None: ...
def constants(context_lines: int = DEFAULT_CONTEXT_LINES, limit: int = Field(MIN_LIMIT, ge=MIN_LIMIT, le=MAX_LIMIT), v: str = VERSION) -> None: ...
ROWS_FIELD = Field(10, ge=1, le=50, description="Rows to return.")
CODE_RANGE = Field(ge=100, le=999)
ROWS_AGAIN = ROWS_FIELD
def field_constants(rows: int = ROWS_FIELD, code: Annotated[int, CODE_RANGE] = 200, more: int = ROWS_AGAIN) -> None: ...
def string_constraints(tag: Annotated[str, StringConstraints(min_length=2, max_length=8, pattern=r"^[A-Z]+$", strip_whitespace=True)], note: Annotated[str, StringConstraints(to_lower=True)] = "x") -> None: ...
def neutral_metadata(a: Annotated[int, Strict(), AfterValidator(abs)], b: Annotated[str, Doc("Shown nowhere.")] = "x") -> None: ...
def annotated_default(max_length: Annotated[int, Field(default=5000, gt=0)], raw: Annotated[bool, Field(default=False)]) -> None: ...
def aliases(from_: str = Field("a", alias="from"), to: Annotated[str, Field(alias="to_date")] = "b") -> None: ...
def required_ellipsis(a: int = ..., b: str = Field(...)) -> None: ...
def pydantic_types(u: AnyUrl, h: HttpUrl, ah: AnyHttpUrl, s: SecretStr, p: PositiveInt, n: NonNegativeInt, f: NegativeFloat, i: StrictInt, ip: IPvAnyAddress, ip4: ipaddress.IPv4Address, u4: UUID4, fp: FilePath, dp: DirectoryPath, j: Json) -> None: ...
def constrained(a: conint(ge=1, le=5), b: constr(min_length=2, pattern="^a"), c: conlist(int, min_length=1, max_length=4), d: confloat(gt=0)) -> None: ...


class Pair(NamedTuple):
    x: int
    y: str = "a"


def named_tuples(p: Pair) -> None: ...


class Tank(BaseModel):
    class Shrimp(BaseModel):
        name: Annotated[str, Field(max_length=10)]

    shrimp: list[Shrimp]


class Aliased(BaseModel):
    from_: str = Field(alias="from")
    limit: Optional[int] = Field(None, ge=1)
    lines: int = DEFAULT_CONTEXT_LINES
    tags: list[str] = Field(default_factory=lambda: ["x"])


# model_config: extra= sets additionalProperties as pydantic emits it
# (forbid: false, allow: true; ignore, the default: absent, which tscg
# publishes closed), whether from ConfigDict, a dict or class keywords.
class Forbidding(BaseModel):
    model_config = ConfigDict(extra="forbid")
    a: int


class Allowing(BaseModel):
    model_config = ConfigDict(extra="allow")
    a: int


class Ignoring(BaseModel):
    model_config = ConfigDict(extra="ignore")
    a: int


class ForbiddingDict(BaseModel):
    model_config = {"extra": "forbid"}
    a: int


class AllowingKeyword(BaseModel, extra="allow"):
    a: int


class Inheriting(Forbidding):
    b: str = "x"


def extras(f: Forbidding, a: Allowing, i: Ignoring) -> None: ...


# use_attribute_docstrings: the string after a field is its description,
# unless Field(description=...) gives one.
class Documented(BaseModel):
    model_config = ConfigDict(use_attribute_docstrings=True)

    city: str
    """City name, e.g. "Paris"."""
    days: int = Field(3, ge=1, description="From Field.")
    """Not used: Field's description wins."""
    units: str = "metric"
    """Units of the reading.

    Either metric or imperial.
    """


# Json[T]: a string holding JSON of T (contentMediaType, contentSchema).
def json_payloads(rows: Json[list[int]], point: Json[Point], anything: Json, maybe: Optional[Json[dict[str, int]]] = None) -> None: ...


# Json[T] in a result: pydantic serializes the parsed value, so the output
# schema (mode="serialization") is T's own.
def json_result() -> Json[list[int]]: ...


def json_result_nested(n: int) -> Optional[dict[str, Json[Point]]]: ...


def json_result_any() -> list[Json]: ...


# EmailStr: format email (pydantic's own JSON Schema code; gen_pydantic.py
# stubs the email-validator import, which schema generation does not use).
def emails(to: EmailStr, cc: list[EmailStr] = []) -> None: ...
