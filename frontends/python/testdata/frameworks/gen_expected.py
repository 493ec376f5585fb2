"""Regenerates the <file>.expected.json beside every tool file here (our
own files, one folder per framework, see ../README.md): the tools each
framework would publish for that file, with their input schemas produced
by pydantic 2 from the signature the way FastMCP's func_metadata does.
Run from this directory (no network, no framework installed; only
pydantic, and for swarm its util.py, see below):

    SWARM_UTIL=/path/to/swarm/swarm/util.py \
    SMOLAGENTS_SRC=/path/to/smolagents/src/smolagents/_function_type_hints_utils.py python3 gen_expected.py

or name the files: python3 gen_expected.py fastmcp/pantry_server.py.
The same script measures a directory of real tool files outside the tree
(their <file>.expected.json is then the framework's listing).

The frameworks' own modules are stubbed: any module that does not import
is replaced by a stub whose decorators record what they decorate. What a
framework does with a recorded function is written out below, one rule
per framework, from its documentation and source:

- MCP SDK / FastMCP `@x.tool(name=, title=, description=, annotations=,
  icons=, meta=)`: name defaults to the function name, the description to
  the docstring; parameters annotated with Context are injected; list_tools
  publishes icons (each Icon dumped with exclude_none, as the SDK sends
  its models) and meta as _meta.
- `@server.list_tools()` / `Server(on_list_tools=h)`: the handler is run and
  the Tool(...) values it returns are published as they are (icons,
  _meta and execution too, models without their None fields).
- LangChain / smolagents / CrewAI / agno `@tool` and `@tool("name")`;
  OpenAI Agents `@function_tool(name_override=, description_override=)`;
  pydantic-ai `@agent.tool` / `@agent.tool_plain`.
- pydantic-ai `@agent.tool` / `@agent.tool_plain(name=, description=)`:
  pydantic-ai's own _function_schema.function_schema and _griffe.py
  (PYDANTIC_AI_SRC) with griffe (GRIFFE_SRC), from checkouts, run on
  pydantic with GenerateToolJsonSchema (pydantic_ai_tool).
- agno `@tool`: Function.process_entrypoint and get_entrypoint_docstring
  written out (agno_tool), with agno's own utils/json_schema.py
  (AGNO_SRC) and docstring_parser (DOCSTRING_PARSER_SRC) from checkouts:
  user_input_fields=[...] are not shown to the model (requires_user_input
  alone hides none); agent, team, run_context and media are injected by
  name.
- LangChain / CrewAI BaseTool subclasses: name, description and
  args_schema.model_json_schema() from the class.
- swarm: Agent(functions=[...]) publishes swarm.util.function_to_json of
  each function (read from the swarm sources when SWARM_UTIL points at
  them), less context_variables.
- LangChain (langchain-core 1.x; a file importing langchain_core or
  langchain): `@tool` is StructuredTool.from_function and the listing is
  what convert_to_openai_tool shows the model; langchain-core is not
  installed here, so its algorithm is written out below from its source
  (create_schema_from_function with pydantic's validate_arguments,
  _parse_google_docstring, _create_subset_model_v2, dereference_refs,
  _rm_titles), run on pydantic 2. BaseTool subclasses likewise.
- CrewAI 1.x (crewai pinned at 1 or above, or not pinned): BaseTool
  subclasses and crewai.tools `@tool` as convert_tools_to_openai_schema
  sends them, from crewai's own utilities (CREWAI_UTILS points at them):
  sanitize_tool_name, generate_model_description(strip_null_types=False).
- smolagents' `@tool`: get_json_schema from smolagents' own
  _function_type_hints_utils.py (SMOLAGENTS_SRC points at it, from a
  checkout outside the tree) and models.get_tool_json_schema written out.

Parameters whose annotation is one of INJECTED (or Annotated with one of
them) are left out, as each framework does. Untyped parameters are Any
(pydantic's `{}`), except in a file importing the MCP SDK (mcp.server…),
whose FastMCP func_metadata publishes an untyped parameter as
Annotated[Any, Field(), WithJsonSchema({"title": name, "type": "string"})].

Listings are each framework's own (issue 28): FastMCP of the MCP SDK
(Tool.from_function: `description or fn.__doc__ or ""`, the docstring as
written, and func_metadata's model schema with pydantic's titles) and
the standalone fastmcp 2.x/3.x (ParsedFunction.from_function:
inspect.getdoc, TypeAdapter(fn).json_schema() through
compress_schema(prune_titles=True)), told apart by the server object's
class (FastMCP imported from mcp.* or from fastmcp; fastmcp pinned below
2.0 in the project's uv.lock/pyproject counts as the MCP SDK's). The
OpenAI Agents SDK's @function_tool: function_schema with
strict_json_schema (ensure_strict_json_schema written out below), the
description and parameter descriptions from a Google docstring as
griffe's parser splits it (griffe is not installed: google_doc follows it
for the parts the SDK reads). Registrations besides decorators:
mcp.tool()(f), mcp.add_tool(f, name=, description=),
mcp.add_tool(Tool.from_function(f, ...)), and decorated functions inside a
module's factory functions (create_*, *factory*), called with stub
arguments. Output: <file>.expected.json, or <file>.py<SUFFIX> with the
environment variable SUFFIX (the scoreboard's .tools-list.json).
"""
import asyncio
import contextlib
import importlib.abc
import importlib.machinery
import inspect
import json
import os
import sys
import types
import typing

import pydantic
from pydantic import BaseModel, create_model
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

INJECTED = {
    "Context", "RunContext", "RunContextWrapper", "ToolContext", "RunnableConfig", "ToolRuntime",
    "CallbackManagerForToolRun", "AsyncCallbackManagerForToolRun",
    "InjectedToolArg", "InjectedState", "InjectedStore", "InjectedToolCallId", "ServerRequestContext",
}
AGNO_INJECTED = {"agent", "team", "run_context", "images", "videos", "audios", "files"}

RECORDS = []  # (kind, payload) in registration order


class _StubMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _stub_class(name)

    def __getitem__(cls, item):
        return cls

    def __or__(cls, other):
        return typing.Union[cls, other]

    def __ror__(cls, other):
        return typing.Union[other, cls]

    def __call__(cls, *args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]) and not isinstance(args[0], Stub):
            return args[0]  # used as a decorator
        inst = super().__call__(*args, **kwargs)
        inst._args, inst._kwargs = args, kwargs
        return inst


class Stub(metaclass=_StubMeta):
    """Stands for anything a framework module exports."""

    def __init__(self, *args, **kwargs):
        pass

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name in ("tool", "tool_plain"):
            return _recorder(self, name)
        if name == "list_tools":
            return lambda *a, **k: _record_handler
        return Stub()

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]):
            return args[0]
        return Stub()

    def __iter__(self):
        return iter(())

    def __getitem__(self, item):
        return Stub()

    def __mro_entries__(self, bases):
        return (Stub,)

    def __await__(self):
        if False:
            yield
        return Stub()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False

    async def __aenter__(self):
        return self

    async def __aexit__(self, *a):
        return False


_classes = {}


def _stub_class(name):
    if name not in _classes:
        _classes[name] = _StubMeta(name, (Stub,), {})
    return _classes[name]


def _record_handler(fn):
    RECORDS.append(("list_tools", fn))
    return fn


def _recorder(owner, kind):
    def deco(*args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]) and not isinstance(args[0], str):
            RECORDS.append(("tool", (kind, args[0], (), {}, owner)))
            return args[0]

        def wrap(fn):
            RECORDS.append(("tool", (kind, fn, args, kwargs, owner)))
            return fn

        return wrap

    return deco


class ToolValue:
    """mcp.types.Tool: keeps its fields."""

    def __init__(self, **kwargs):
        self.fields = kwargs


class Marker(Stub):
    """A type a framework injects."""


class BaseTool:
    """LangChain's and CrewAI's BaseTool: subclasses are recorded."""

    def __init_subclass__(cls, **kwargs):
        RECORDS.append(("basetool", cls))

    @classmethod
    def model_rebuild(cls, *a, **k):  # the real BaseTool is a pydantic model
        return True

    def __init__(self, *a, **k):
        pass


class SmolTool:
    """smolagents' Tool: subclasses are recorded."""

    def __init_subclass__(cls, **kwargs):
        RECORDS.append(("smoltool", cls))

    def __init__(self, *a, **k):
        pass


class LCStructuredTool:
    """LangChain's StructuredTool: from_function(func=, coroutine=, name=,
    description=, args_schema=, parse_docstring=) is recorded as @tool with
    the same keywords."""

    @staticmethod
    def from_function(func=None, coroutine=None, **kwargs):
        fn = func or coroutine
        RECORDS.append(("tool", ("tool", fn, (), {k: v for k, v in kwargs.items() if k in ("name", "description", "args_schema", "parse_docstring")}, None)))
        return fn


class Server(Stub):
    def __init__(self, *args, **kwargs):
        if "on_list_tools" in kwargs:
            RECORDS.append(("list_tools", kwargs["on_list_tools"]))


class SwarmAgent(Stub):
    def __init__(self, *args, **kwargs):
        for fn in kwargs.get("functions", []):
            RECORDS.append(("swarm", fn))


class FastMCPStub(Stub):
    framework = "mcp"

    def __init__(self, *args, **kwargs):
        pass

    def add_tool(self, fn, *args, **kwargs):
        if isinstance(fn, FromFunction):
            RECORDS.append(("tool", ("tool", fn.fn, (), fn.kwargs, self)))
        elif callable(fn):
            RECORDS.append(("tool", ("tool", fn, (), kwargs, self)))


class FromFunction:
    def __init__(self, fn, **kwargs):
        self.fn, self.kwargs = fn, kwargs


def _special(module, name):
    if name in ("FastMCP", "MCPServer"):
        return _classes.setdefault("fastmcp:" + module.split(".")[0], type(name, (FastMCPStub,), {"framework": module.split(".")[0]}))
    if name == "Tool" and module.startswith("fastmcp"):
        return type("Tool", (), {"from_function": staticmethod(lambda fn, **k: FromFunction(fn, **k))})
    if name == "tool" and module.startswith("fastmcp"):  # fastmcp.tools.tool: the standalone decorator
        return _recorder(_classes.setdefault("fastmcp:fastmcp", type("FastMCP", (FastMCPStub,), {"framework": "fastmcp"}))(), name)
    if name == "tool" and module.startswith("agents"):  # agents.decorators: tool = function_tool
        return _recorder(None, "function_tool")
    if name in ("tool", "function_tool"):
        return _recorder(None, name)
    if name == "Tool" and module.startswith("mcp"):
        return ToolValue
    if name == "ToolAnnotations":
        return lambda **k: dict(k)
    if name in INJECTED:
        return _classes.setdefault("inj:" + name, type(name, (Marker,), {}))
    if name == "BaseTool":
        return BaseTool
    if name == "Tool" and module.startswith("smolagents"):
        return SmolTool
    if name in ("StructuredTool", "Tool") and module.startswith("langchain"):
        return LCStructuredTool
    if name == "Server" and module.startswith("mcp"):
        return Server
    if name == "Agent" and module.startswith("swarm"):
        return SwarmAgent
    return _stub_class(name)


class StubModule(types.ModuleType):
    def __init__(self, name):
        super().__init__(name)
        self.__path__ = []

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        v = _special(self.__name__, name)
        setattr(self, name, v)
        return v


class StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        parent, _, last = fullname.rpartition(".")
        if parent and isinstance(sys.modules.get(parent), StubModule) and last in vars(sys.modules[parent]):
            return None  # `from pkg import Name` asked for a name already given
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        return StubModule(spec.name)

    def exec_module(self, module):
        pass


sys.meta_path.append(StubFinder())
# The folders here (fastmcp/, agno/, swarm/ …) must not pass for the
# frameworks' packages.
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]


def injected(ann):
    if isinstance(ann, type) and issubclass(ann, Marker):
        return True
    origin = typing.get_origin(ann)
    if origin is typing.Annotated:
        args = typing.get_args(ann)
        return injected(args[0]) or any(injected(m) or (isinstance(m, type) and issubclass(m, Marker)) or isinstance(m, Marker) for m in args[1:])
    if origin in (typing.Union, types.UnionType):
        return any(injected(a) for a in typing.get_args(ann) if a is not type(None))
    return False


def imports(fn, package):
    """Whether fn's module imports package or a module under it (read
    from the source with ast: the stubs do not remember where they came
    from)."""
    import ast

    path = getattr(sys.modules.get(fn.__module__), "__file__", None)
    if not path:
        return False
    for node in ast.walk(ast.parse(open(path).read())):
        mods = []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            mods = [node.module]
        elif isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        if any(m == package or m.startswith(package + ".") for m in mods):
            return True
    return False


def imports_cls(cls, package):
    """imports() for the module of a class."""
    return imports(types.SimpleNamespace(__module__=cls.__module__), package)


def imports_mcp_sdk(fn):
    """Whether fn's module imports the MCP SDK's server (mcp.server…)."""
    return imports(fn, "mcp.server")


def func_schema(fn, hidden=(), by_name=(), mcp_sdk=None):
    """FastMCP's func_metadata: one pydantic model of the parameters."""
    sig = inspect.signature(fn, eval_str=True)
    if mcp_sdk is None:
        mcp_sdk = imports_mcp_sdk(fn)
    fields = {}
    for p in sig.parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.name in hidden or p.name in by_name:
            continue
        ann = p.annotation if p.annotation is not p.empty else typing.Any
        if p.annotation is p.empty and mcp_sdk:
            ann = typing.Annotated[typing.Any, pydantic.Field(), pydantic.WithJsonSchema({"title": p.name, "type": "string"})]
        if injected(ann):
            continue
        # As func_metadata: the Annotated metadata and the default merge
        # (FieldInfo.from_annotated_attribute), so Annotated[int,
        # Field(default=3)] without a default in the signature is optional.
        info = FieldInfo.from_annotated_attribute(ann, PydanticUndefined if p.default is p.empty else p.default)
        fields[p.name] = (info.annotation, info)
    model = create_model(fn.__name__ + "Arguments", __config__=pydantic.ConfigDict(arbitrary_types_allowed=True), **fields)
    return model.model_json_schema()


def compress_schema(node):
    """fastmcp's compress_schema(prune_titles=True) (fastmcp/utilities/json_schema.py):
    every dict value is walked; "title" leaves a node holding a schema keyword,
    "additionalProperties": false leaves every node (unused $defs: pydantic writes none)."""
    if isinstance(node, dict):
        if "title" in node and any(k in node for k in ("type", "properties", "$ref", "items", "allOf", "oneOf", "anyOf", "required")):
            node.pop("title")
        if node.get("additionalProperties") is False:
            node.pop("additionalProperties")
        for v in node.values():
            compress_schema(v)
    elif isinstance(node, list):
        for v in node:
            compress_schema(v)
    return node


def project_major(path, pkg):
    import re
    d = os.path.dirname(os.path.abspath(path))
    while True:
        for name in ("uv.lock", "poetry.lock", "pyproject.toml", "requirements.txt"):
            f = os.path.join(d, name)
            if os.path.exists(f):
                text = open(f).read()
                if name.endswith(".lock"):
                    m = re.search(r'(?m)^name = "' + pkg + r'"\s*\nversion = "(\d+)', text)
                else:
                    m = re.search(r'(?:^|["\'\s,\[])' + pkg + r'(?:\[[^\]]*\])?\s*(?:===?|>=|~=|>)\s*(\d+)', text, re.M)
                if m:
                    return int(m.group(1))
        if os.path.exists(os.path.join(d, ".git")) or os.path.dirname(d) == d or os.path.exists(os.path.join(d, "SOURCE.txt")):
            return None
        d = os.path.dirname(d)


def fastmcp2_schema(fn):
    """fastmcp's without_injected_parameters then TypeAdapter(fn).json_schema()."""
    sig = inspect.signature(fn, eval_str=True)
    kept = [p for p in sig.parameters.values() if not (p.annotation is not p.empty and injected(p.annotation))]

    def wrapper(**kw):
        pass

    wrapper.__name__ = fn.__name__
    wrapper.__qualname__ = fn.__qualname__
    wrapper.__module__ = fn.__module__
    wrapper.__signature__ = sig.replace(parameters=kept)
    wrapper.__annotations__ = {p.name: p.annotation for p in kept if p.annotation is not p.empty}
    return pydantic.TypeAdapter(wrapper, config=pydantic.ConfigDict(arbitrary_types_allowed=True)).json_schema()


def mcp_output_schema(fn):
    """The MCP SDK's func_metadata structured output (mcp >= 1.10), as its
    _try_create_model_and_schema decides: no return annotation, no schema;
    a BaseModel its own; a TypedDict or an annotated class a model of the
    same name; the builtin dict[str, T] a RootModel "<fn>DictOutput" (not
    typing's Dict[str, T]); a bare builtin class without type hints (dict,
    list) none; anything else
    (primitives, None, list, Union …) wrapped in "<fn>Output" {result}.
    A type pydantic cannot render gives none."""
    sig = inspect.signature(fn, eval_str=True)
    ann = sig.return_annotation
    if ann is inspect.Parameter.empty:
        return None
    name = fn.__name__
    try:
        if ann is None:
            model = create_model(name + "Output", result=(type(None), ...))
        elif isinstance(ann, types.GenericAlias) or not isinstance(ann, type):
            # _create_output_model: only a types.GenericAlias (the builtin
            # dict[str, T]) is a "DictOutput" RootModel; typing.Dict[str, T]
            # is no GenericAlias and is wrapped like the rest
            if isinstance(ann, types.GenericAlias) and typing.get_origin(ann) is dict and typing.get_args(ann)[:1] == (str,):
                model = type(name + "DictOutput", (pydantic.RootModel[ann],), {})
            else:
                model = create_model(name + "Output", result=(ann, ...))
        elif issubclass(ann, BaseModel):
            model = ann
        elif hasattr(ann, "__annotations__") and issubclass(ann, dict):
            hints = typing.get_type_hints(ann)
            req = getattr(ann, "__required_keys__", set(hints))
            model = create_model(ann.__name__, **{k: (v, ... if k in req else None) for k, v in hints.items()})
        elif ann in (str, int, float, bool, bytes, type(None)):
            model = create_model(name + "Output", result=(ann, ...))
        else:
            hints = typing.get_type_hints(ann)
            if not hints:
                return None
            fields = {k: (v, FieldInfo.from_annotated_attribute(v, getattr(ann, k, PydanticUndefined))) for k, v in hints.items() if not k.startswith("_")}
            model = create_model(ann.__name__, **{k: (fi.annotation, fi) for k, (v, fi) in fields.items()})
        return model.model_json_schema()
    except Exception:
        return None


def fastmcp_output_schema(fn):
    """fastmcp 2.x/3.x ParsedFunction.from_function: none for no annotation,
    None or Any; an object schema as it is, anything else wrapped in
    {"result": …} with "x-fastmcp-wrap-result"; compress_schema(prune_titles=True)."""
    ann = inspect.signature(fn, eval_str=True).return_annotation
    if ann in (inspect.Parameter.empty, None, typing.Any, ...):
        return None
    try:
        base = pydantic.TypeAdapter(ann).json_schema(mode="serialization")
        if not (base.get("type") == "object" or "properties" in base or ("$ref" in base and "$defs" in base)):
            base = create_model("_WrappedResult", result=(ann, ...)).model_json_schema(mode="serialization")
            base["x-fastmcp-wrap-result"] = True
        return compress_schema(base)
    except Exception:
        return None


def sdk_icon(icon):
    """mcp.types.Icon (or ToolExecution) as the SDK sends it: its fields
    (extra ones allowed), None left out (model_dump(exclude_none=True))."""
    fields = icon if isinstance(icon, dict) else icon._kwargs
    return {k: v for k, v in fields.items() if v is not None}


def decorated(kind, fn, args, kwargs, owner=None):
    framework = getattr(owner, "framework", None)
    if framework == "fastmcp":
        major = project_major(CURRENT_FILE, "fastmcp")
        if major is not None and major < 2:
            framework = "mcp"
    if framework == "mcp" and kwargs.get("args_schema") is None:
        name = kwargs.get("name") or fn.__name__
        doc = kwargs.get("description") or fn.__doc__ or ""
        out = {"name": name, "description": doc, "inputSchema": func_schema(fn)}
        if OUTPUT:
            o = mcp_output_schema(fn)
            if o is not None:
                out["outputSchema"] = o
        if kwargs.get("title"):
            out["title"] = kwargs["title"]
        if kwargs.get("annotations"):
            out["annotations"] = kwargs["annotations"]
        if kwargs.get("icons") is not None:
            out["icons"] = [sdk_icon(i) for i in kwargs["icons"]]
        if kwargs.get("meta") is not None:
            out["_meta"] = kwargs["meta"]
        return out
    if framework == "fastmcp":
        name = kwargs.get("name") or fn.__name__
        doc = kwargs.get("description") or inspect.getdoc(fn)
        out = {"name": name, "inputSchema": compress_schema(fastmcp2_schema(fn))}
        if OUTPUT:
            o = fastmcp_output_schema(fn)
            if o is not None:
                out["outputSchema"] = o
        if doc is not None:
            out["description"] = doc
        if kwargs.get("title"):
            out["title"] = kwargs["title"]
        if kwargs.get("annotations"):
            out["annotations"] = kwargs["annotations"]
        return out
    return decorated_other(kind, fn, args, kwargs, owner)


GRIFFE_SECTIONS = ("Args", "Arguments", "Params", "Parameters", "Keyword Args", "Keyword Arguments", "Other Parameters",
                   "Other Params", "Returns", "Return", "Yields", "Yield", "Receives", "Receive", "Raises", "Raise",
                   "Exceptions", "Except", "Warns", "Warn", "Warnings", "Examples", "Example", "Attributes", "Attribute",
                   "Methods", "Method", "Functions", "Function", "Classes", "Class", "Modules", "Module", "Deprecated")


def google_doc(doc):
    """The Agents SDK's generate_func_documentation for a Google docstring
    (griffe is not installed here; this follows griffe's Google parser for
    the parts the SDK reads): the first text section, and each Args entry's
    text (`name: text` or `name (type): text`, continuation lines joined
    with newlines, dedented)."""
    import re
    lines = inspect.cleandoc(doc).split("\n")
    text, params, i = [], {}, 0
    head = re.compile(r"^(" + "|".join(GRIFFE_SECTIONS) + r")\s*:\s*$")
    while i < len(lines):
        if head.match(lines[i]) and i + 1 < len(lines) and lines[i + 1][:1] in (" ", "\t"):
            break
        text.append(lines[i])
        i += 1
    while i < len(lines):
        m = head.match(lines[i])
        i += 1
        block = []
        while i < len(lines) and (lines[i][:1] in (" ", "\t") or lines[i].strip() == ""):
            block.append(lines[i])
            i += 1
        if m and m.group(1) in ("Args", "Arguments", "Params", "Parameters"):
            block = inspect.cleandoc("\n".join(block)).split("\n")
            cur = None
            for ln in block:
                e = re.match(r"^(\*{0,2}\w+)\s*(\([^)]*\))?\s*:\s*(.*)$", ln)
                if e and not ln[:1].isspace():
                    cur = e.group(1)
                    params[cur] = [e.group(3)]
                elif cur:
                    params[cur].append(ln)
            params = {k: inspect.cleandoc("\n".join(v[:1] + [x for x in v[1:]])).strip() if len(v) > 1 else v[0].strip() for k, v in params.items()}
    return "\n".join(text).strip() or None, params


def ensure_strict(s, root):
    """agents/strict_schema.py ensure_strict_json_schema."""
    for d in (s.get("$defs") or {}).values():
        ensure_strict(d, root)
    if s.get("type") == "object" and "additionalProperties" not in s:
        s["additionalProperties"] = False
    props = s.get("properties")
    if isinstance(props, dict):
        s["required"] = list(props)
        for p in props.values():
            ensure_strict(p, root)
    if isinstance(s.get("items"), dict):
        ensure_strict(s["items"], root)
    for v in s.get("anyOf") or []:
        ensure_strict(v, root)
    if "oneOf" in s:
        s["anyOf"] = (s.get("anyOf") or []) + [ensure_strict(v, root) for v in s.pop("oneOf")]
    all_of = s.get("allOf")
    if isinstance(all_of, list):
        if len(all_of) == 1:
            s.update(ensure_strict(all_of[0], root))
            s.pop("allOf")
        else:
            for v in all_of:
                ensure_strict(v, root)
    if "default" in s and s["default"] is None:
        s.pop("default")
    ref = s.get("$ref")
    if ref and len(s) > 1:
        resolved = root["$defs"][ref.split("/")[-1]]
        s.update({**resolved, **s})
        s.pop("$ref")
        return ensure_strict(s, root)
    return s


def agents_tool(fn, kwargs):
    """agents.function_schema(func, name_override, description_override, strict_json_schema=True)."""
    name = kwargs.get("name_override") or fn.__name__
    desc, pdocs = google_doc(fn.__doc__) if fn.__doc__ else (None, {})
    sig = inspect.signature(fn, eval_str=True)
    # function_schema strips Annotated: its first string is the parameter's
    # description where the docstring gives none, its first FieldInfo is
    # merged into the field.
    hints = typing.get_type_hints(fn, include_extras=True)
    metadata = {}
    for n, h in hints.items():
        meta = ()
        while typing.get_origin(h) is typing.Annotated:
            meta += h.__metadata__
            h = typing.get_args(h)[0]
        hints[n] = h
        metadata[n] = meta
        text = next((m for m in meta if isinstance(m, str)), None)
        if n != "return" and text is not None:
            pdocs.setdefault(n, text)
    fields = {}
    for i, p in enumerate(sig.parameters.values()):
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        ann = p.annotation if p.annotation is not p.empty else typing.Any
        if i == 0 and injected(ann):
            continue
        ann = hints.get(p.name, ann)
        from_ann = next((m for m in metadata.get(p.name, ()) if isinstance(m, FieldInfo)), None)
        if from_ann is not None:
            info = FieldInfo.merge_field_infos(from_ann, description=pdocs.get(p.name) or from_ann.description)
            if p.default is not p.empty and not isinstance(p.default, FieldInfo):
                info = FieldInfo.merge_field_infos(info, default=p.default)
            elif isinstance(p.default, FieldInfo):
                info = FieldInfo.merge_field_infos(info, p.default)
            fields[p.name] = (ann, info)
        elif isinstance(p.default, FieldInfo):
            info = FieldInfo.merge_field_infos(p.default, description=pdocs.get(p.name) or p.default.description)
            fields[p.name] = (ann, info)
        elif p.default is p.empty:
            fields[p.name] = (ann, pydantic.Field(..., description=pdocs.get(p.name)))
        else:
            fields[p.name] = (ann, pydantic.Field(default=p.default, description=pdocs.get(p.name)))
    schema = create_model(name + "_args", __base__=BaseModel, **fields).model_json_schema()
    if kwargs.get("strict_mode", True):
        schema = ensure_strict(schema, schema)
    out = {"name": name, "inputSchema": schema}
    d = kwargs.get("description_override") or desc
    if d is not None:
        out["description"] = d
    return out


LC_FILTERED = ("run_manager", "callbacks")


def lc_parse_google_docstring(docstring):
    """langchain_core.utils.function_calling._parse_google_docstring
    (error_on_invalid_docstring aside): the blocks before "Args:" joined
    by a space, and each Args line `name: text` (or `name (type): text`),
    continuation lines joined by a space."""
    if not docstring:
        return "", {}
    descriptors, args_block, past = [], None, False
    for block in docstring.split("\n\n"):
        if block.startswith("Args:"):
            args_block = block
            break
        if block.startswith(("Returns:", "Example:")):
            past = True
        elif not past:
            descriptors.append(block)
    arg_descriptions, arg = {}, None
    if args_block:
        for line in args_block.split("\n")[1:]:
            if ":" in line:
                arg, desc = line.split(":", 1)
                arg = arg.strip()
                name, _, ann = arg.partition(" ")
                if ann.startswith("(") and ann.endswith(")"):
                    arg = name
                arg_descriptions[arg] = desc.strip()
            elif arg:
                arg_descriptions[arg] += " " + line.strip()
    return " ".join(descriptors).strip(), arg_descriptions


def lc_subset_model(name, fields_of, doc):
    """langchain_core.utils.pydantic._create_subset_model_v2: each field
    rebuilt from its description, default (or default_factory) and
    metadata only."""
    fields = {}
    for n, (ann, field, desc) in fields_of.items():
        kw = {"description": desc}
        if field.default_factory is not None:
            kw["default_factory"] = field.default_factory
        else:
            kw["default"] = field.default
        info = FieldInfo(**kw)
        if field.metadata:
            info.metadata = field.metadata
        fields[n] = (ann, info)
    import textwrap
    model = create_model(name, __config__=pydantic.ConfigDict(arbitrary_types_allowed=True), **fields)
    model.__doc__ = textwrap.dedent(doc or "")
    return model


def lc_dereference(obj, full, seen=None):
    """langchain_core.utils.json_schema.dereference_refs (skip_keys None):
    a node holding "$ref" is replaced by a copy of its target, inlined
    deeply; a cycle gives {}; $defs is not walked."""
    import copy
    seen = set() if seen is None else seen
    if isinstance(obj, dict) and "$ref" in obj:
        ref = obj["$ref"]
        if ref in seen:
            return {}
        seen.add(ref)
        target = full
        for c in ref.split("/")[1:]:
            target = target[c]
        out = lc_dereference(copy.deepcopy(target), full, seen)
        seen.remove(ref)
        return out
    if isinstance(obj, dict):
        return {k: (copy.deepcopy(v) if k == "$defs" else lc_dereference(v, full, seen) if isinstance(v, (dict, list)) else v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [lc_dereference(v, full, seen) for v in obj]
    return obj


def lc_rm_titles(kv, prev_key=""):
    """function_calling._rm_titles: every "title" key goes, except a
    property named title; lists are not walked."""
    out = {}
    for k, v in kv.items():
        if k == "title":
            if isinstance(v, dict) and prev_key == "properties":
                out[k] = lc_rm_titles(v, k)
            continue
        out[k] = lc_rm_titles(v, k) if isinstance(v, dict) else v
    return out


def lc_openai_function(model, name, description):
    """function_calling._convert_pydantic_to_openai_function."""
    schema = model.model_json_schema()
    schema = lc_dereference(schema, schema)
    schema.pop("$defs", None)
    schema.pop("title", None)
    schema.pop("description", None)
    return {"name": name, "description": description, "inputSchema": lc_rm_titles(schema)}


def langchain_tool(fn, args, kwargs):
    """langchain_core 1.x: @tool / @tool("name", description=, args_schema=,
    parse_docstring=) is StructuredTool.from_function; what the model is
    shown is convert_to_openai_tool(tool)["function"]: the tool's
    description, and its tool_call_schema (a subset model of args_schema
    without injected arguments) through _convert_pydantic_to_openai_function."""
    import textwrap
    from pydantic.deprecated.decorator import validate_arguments
    import warnings
    name = kwargs.get("name") or (args[0] if args and isinstance(args[0], str) else fn.__name__)
    parse = kwargs.get("parse_docstring", False)
    description = kwargs.get("description")
    args_schema = kwargs.get("args_schema")
    if args_schema is None:
        sig = inspect.signature(fn)
        hints = typing.get_type_hints(fn, include_extras=True)
        class _SchemaConfig:
            extra = "forbid"
            arbitrary_types_allowed = True
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            inferred = validate_arguments(fn, config=_SchemaConfig).model
        has_args = any(p.kind == p.VAR_POSITIONAL for p in sig.parameters.values())
        has_kwargs = any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())
        if parse:
            fn_desc, arg_desc = lc_parse_google_docstring(inspect.getdoc(fn))
        else:
            fn_desc, arg_desc = inspect.getdoc(fn) or "", {}
        for a, t in hints.items():
            if a not in arg_desc and typing.get_origin(t) is typing.Annotated:
                for m in typing.get_args(t)[1:]:
                    if isinstance(m, str):
                        arg_desc[a] = m
                        break
        fields = {}
        for f, info in inferred.model_fields.items():
            if (f == "args" and not has_args) or (f == "kwargs" and not has_kwargs) or f == "v__duplicate_kwargs" or f in LC_FILTERED:
                continue
            fields[f] = (info.annotation, info, arg_desc.get(f, info.description))
        args_schema = lc_subset_model(name, fields, fn_desc)
    desc = description
    if description is None and not parse:
        desc = fn.__doc__ or None
    if desc is None and args_schema is not None:
        desc = args_schema.__doc__ or None
    if desc is None:
        raise ValueError("Function must have a docstring if description not provided.")
    if description is None:
        desc = textwrap.dedent(desc).strip()
    desc = desc.strip()
    return langchain_listing(name, desc, args_schema, fn)


def langchain_listing(name, desc, args_schema, fn=None):
    """BaseTool.tool_call_schema, then the OpenAI function."""
    hints = typing.get_type_hints(fn, include_extras=True) if fn is not None else {}
    fields = {}
    for f, info in args_schema.model_fields.items():
        ann = hints.get(f, info.annotation)
        if injected(ann) or injected(info.annotation):
            continue
        fields[f] = (info.annotation, info, info.description)
    return lc_openai_function(lc_subset_model(name, fields, desc), name, desc)


def smolagents_tool(fn):
    """smolagents' @tool: get_json_schema (smolagents' own
    _function_type_hints_utils.py, read from SMOLAGENTS_SRC) and what a
    ToolCallingAgent sends, models.get_tool_json_schema (written out)."""
    src = os.environ.get("SMOLAGENTS_SRC")
    if not src:
        raise SystemExit("smolagents tool files need SMOLAGENTS_SRC=<smolagents checkout>/src/smolagents/_function_type_hints_utils.py")
    ns = {"__name__": "smolagents_hints"}
    exec(compile(open(src).read(), src, "exec"), ns)
    j = ns["get_json_schema"](fn)["function"]
    return smol_listing(j["name"], j["description"], j["parameters"]["properties"])


def smol_listing(name, description, inputs):
    """smolagents models.get_tool_json_schema."""
    import copy
    props = copy.deepcopy(inputs)
    required = []
    for key, value in props.items():
        if value["type"] == "any":
            value["type"] = "string"
        if not value.get("nullable"):
            required.append(key)
        if "anyOf" in value:
            types_, enum = [], None
            for t in value["anyOf"]:
                if t["type"] == "null":
                    value["nullable"] = True
                    continue
                types_.append("string" if t["type"] == "any" else t["type"])
                if "enum" in t:
                    enum = t["enum"]
            value["type"] = types_ if len(types_) > 1 else types_[0]
            if enum is not None:
                value["enum"] = enum
            value.pop("anyOf")
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": props, "required": required}}


def crewai_utils():
    """crewai's own utilities/pydantic_schema_utils.py and string_utils.py
    (CREWAI_UTILS points at a checkout's src/crewai/utilities), run here on
    pydantic 2; jsonref, which they import, is not needed for these."""
    d = os.environ.get("CREWAI_UTILS")
    if not d:
        raise SystemExit("CrewAI tool files need CREWAI_UTILS=<crewAI checkout>/lib/crewai/src/crewai/utilities")
    sys.modules.setdefault("jsonref", types.ModuleType("jsonref"))
    ns, ns2 = {"__name__": "crewai_schema_utils"}, {"__name__": "crewai_string_utils"}
    exec(compile(open(os.path.join(d, "pydantic_schema_utils.py")).read(), "pydantic_schema_utils.py", "exec"), ns)
    exec(compile(open(os.path.join(d, "string_utils.py")).read(), "string_utils.py", "exec"), ns2)
    return ns["generate_model_description"], ns2["sanitize_tool_name"]


def crewai_listing(name, description, args_schema):
    """crewai 1.x convert_tools_to_openai_schema (agent_utils.py): the
    sanitized name, the authored description, and
    generate_model_description(args_schema, strip_null_types=False)'s
    schema without its title and description."""
    describe, sanitize = crewai_utils()
    params = describe(args_schema, strip_null_types=False)["json_schema"]["schema"]
    params.pop("title", None)
    params.pop("description", None)
    return {"name": sanitize(name), "description": description, "inputSchema": params}


def crewai_tool(fn, args, kwargs):
    """crewai.tools @tool / @tool("Name"): Tool(name, description=f.__doc__,
    args_schema=create_model(class name, **signature fields))."""
    name = args[0] if args and isinstance(args[0], str) else fn.__name__
    fields = {}
    for p in inspect.signature(fn).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        ann = p.annotation if p.annotation is not p.empty else typing.Any
        fields[p.name] = (ann, ...) if p.default is p.empty else (ann, p.default)
    model = create_model("".join(name.split()).title(), **fields)
    return crewai_listing(name, fn.__doc__, model)


def crewai_modelled(path):
    """The crewai listing is modelled for crewai 1.x; a project pinning 0.x
    keeps the plain model schema."""
    major = project_major(path, "crewai")
    return major is None or major >= 1


def checkouts(framework, **wanted):
    """The folders the environment variables named in wanted point at
    (checkouts outside the tree; each value says what it should be), the
    last one put on sys.path: a library the framework imports."""
    paths = [os.environ.get(k) for k in wanted]
    if not all(paths):
        raise SystemExit(framework + " tool files need " + " and ".join(f"{k}={v}" for k, v in wanted.items()))
    if paths[-1] not in sys.path:
        sys.path.insert(0, paths[-1])
    return paths


def agno_modules():
    """agno's own utils/json_schema.py (AGNO_SRC points at a checkout's
    libs/agno/agno) and docstring_parser's parse (DOCSTRING_PARSER_SRC: a
    checkout's folder holding the docstring_parser package), run here on
    pydantic 2; agno.utils.log, which json_schema.py imports, is stubbed."""
    d, _ = checkouts("agno", AGNO_SRC="<agno checkout>/libs/agno/agno",
                     DOCSTRING_PARSER_SRC="<docstring_parser checkout>")
    from docstring_parser import parse

    import logging
    log = types.ModuleType("agno.utils.log")
    log.logger = logging.getLogger("agno")
    saved = sys.modules.get("agno.utils.log")
    sys.modules["agno.utils.log"] = log
    try:
        ns = {"__name__": "agno_json_schema"}
        exec(compile(open(os.path.join(d, "utils", "json_schema.py")).read(), "json_schema.py", "exec"), ns)
    finally:
        if saved is None:
            del sys.modules["agno.utils.log"]
        else:
            sys.modules["agno.utils.log"] = saved
    return parse, ns["get_json_schema"]


AGNO_FRAMEWORK_PARAMS = ("agent", "team", "run_context", "images", "videos", "audios", "files",
                         "_agno_agent", "_agno_team", "_agno_run_context")


def agno_tool(fn, args, kwargs):
    """agno's @tool (tools/decorator.py) and Function.process_entrypoint
    (tools/function.py, agno 2.9.0 at 9644f22) written out, with agno's own
    get_json_schema and docstring_parser: what Function.to_dict() sends
    the model (name, description, parameters; strict=False)."""
    parse, get_json_schema = agno_modules()

    def entrypoint_docstring(c):  # function.py get_entrypoint_docstring
        doc = inspect.getdoc(c)
        if not doc:
            return ""
        parsed = parse(doc)
        lines = []
        if parsed.short_description:
            lines.append(parsed.short_description)
        if parsed.long_description:
            lines.extend(parsed.long_description.split("\n"))
        return "\n".join(lines)

    # decorator.py: requires_user_input defaults to user_input_fields=[],
    # and fields given set requires_user_input.
    fields = kwargs.get("user_input_fields")
    requires_user_input = kwargs.get("requires_user_input") or bool(fields)
    name = kwargs.get("name", fn.__name__)
    description = kwargs.get("description", entrypoint_docstring(fn))
    sig = inspect.signature(fn)
    hints = typing.get_type_hints(fn)
    excluded = ["return", "self", *AGNO_FRAMEWORK_PARAMS]
    for n, h in list(hints.items()):
        if n != "return" and injected(h):  # _is_schema_excluded: a type agno injects
            del hints[n]
            excluded.append(n)
    if requires_user_input and fields:
        excluded.extend(fields)
    param_hints = {n: hints.get(n) for n in sig.parameters if n not in excluded}
    descs = {}
    doc = inspect.getdoc(fn)
    if doc:
        for p in parse(doc).params or []:
            descs[p.arg_name] = f"({p.type_name}) {p.description or ''}" if p.type_name else (p.description or "")
    params = get_json_schema(type_hints=param_hints, param_descriptions=descs, strict=False)
    params["required"] = [n for n, p in sig.parameters.items()
                          if p.default == p.empty and n != "self" and n not in excluded and n in params["properties"]]
    description = description or entrypoint_docstring(fn)
    out = {"name": name, "inputSchema": params}
    if description is not None:
        out["description"] = description
    return out


def pydantic_ai_function_schema():
    """pydantic-ai's own _function_schema.py (PYDANTIC_AI_SRC points at a
    checkout's pydantic_ai_slim/pydantic_ai) with its _griffe.py and
    griffe (GRIFFE_SRC: a checkout's packages/griffelib/src), run here on
    pydantic 2 as a package of its own, pai_real. Of the modules they
    import, _utils (anyio, pydantic_graph), _run_context (opentelemetry),
    messages and exceptions are written out below: only is_model_like and
    check_object_json_schema (with _contains_ref) matter to the schema;
    RunContext is the stub the tool files see. tools.py's
    GenerateToolJsonSchema is written out too (property titles removed)."""
    if "pai_real._function_schema" in sys.modules:
        return sys.modules["pai_real._function_schema"], sys.modules["pai_real"].GenerateToolJsonSchema
    d, _ = checkouts("pydantic-ai", PYDANTIC_AI_SRC="<pydantic-ai checkout>/pydantic_ai_slim/pydantic_ai",
                     GRIFFE_SRC="<griffe checkout>/packages/griffelib/src")
    from dataclasses import is_dataclass
    from types import GenericAlias
    from pydantic.json_schema import GenerateJsonSchema
    from typing_extensions import is_typeddict

    pkg = types.ModuleType("pai_real")
    pkg.__path__ = []
    sys.modules["pai_real"] = pkg

    def module(name, **attrs):
        m = types.ModuleType("pai_real." + name)
        m.__dict__.update(attrs)
        sys.modules[m.__name__] = m
        setattr(pkg, name, m)
        return m

    class UserError(Exception):
        pass

    def is_model_like(type_):
        return isinstance(type_, type) and not isinstance(type_, GenericAlias) and (
            issubclass(type_, BaseModel) or is_dataclass(type_) or is_typeddict(type_)
            or getattr(type_, "__is_model_like__", False))

    def _contains_ref(obj):
        items = obj.values() if isinstance(obj, dict) else obj
        for item in items:
            if isinstance(item, dict) and "$ref" in item:
                return True
            if isinstance(item, (dict, list)) and _contains_ref(item):
                return True
        return False

    def check_object_json_schema(schema):
        if schema.get("type") == "object":
            return schema
        elif ref := schema.get("$ref"):
            prefix = "#/$defs/"
            if (ref.startswith(prefix) and (resolved := schema.get("$defs", {}).get(ref[len(prefix):]))
                    and resolved.get("type") == "object" and not _contains_ref(resolved)):
                return resolved
            return schema
        raise UserError("Schema must be an object")

    module("exceptions", UserError=UserError)
    module("_run_context", RunContext=_special("pydantic_ai", "RunContext"))
    module("messages", ToolReturn=type("ToolReturn", (), {}))
    module("_utils", is_model_like=is_model_like, check_object_json_schema=check_object_json_schema,
           await_maybe=None, is_async_callable=inspect.iscoroutinefunction, run_in_executor=None,
           takes_run_context=None)
    # griffe imports for real: its optional griffecli must fail to import,
    # not become a stub.
    saved = sys.meta_path[:]
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, StubFinder)]
    try:
        for name in ("_griffe", "_function_schema"):
            m = module(name)
            m.__package__ = "pai_real"
            exec(compile(open(os.path.join(d, name + ".py")).read(), name + ".py", "exec"), m.__dict__)
    finally:
        sys.meta_path[:] = saved

    class GenerateToolJsonSchema(GenerateJsonSchema):
        def _named_required_fields_schema(self, named_required_fields):
            s = super()._named_required_fields_schema(named_required_fields)
            for p in s.get("properties", {}):
                s["properties"][p].pop("title", None)
            return s

    pkg.GenerateToolJsonSchema = GenerateToolJsonSchema
    return sys.modules["pai_real._function_schema"], GenerateToolJsonSchema


def framework_of(owner):
    """The framework of a server object ("mcp", "fastmcp"); None for any
    other owner (a stub answers every attribute)."""
    f = getattr(owner, "framework", None)
    return f if isinstance(f, str) else None


def pydantic_ai_tool(kind, fn, kwargs):
    """A pydantic-ai Agent's @agent.tool (takes_ctx=True) and
    @agent.tool_plain (takes_ctx=False) as the ToolDefinition the model
    gets: Tool(name=, description=) over function_schema(fn,
    GenerateToolJsonSchema, docstring_format='auto',
    require_parameter_descriptions=False) (tools.py), pydantic-ai's own."""
    fs, gen = pydantic_ai_function_schema()
    schema = fs.function_schema(fn, gen, tool_name=kwargs.get("name") or fn.__name__,
                                takes_ctx=kind == "tool", docstring_format=kwargs.get("docstring_format", "auto"),
                                require_parameter_descriptions=kwargs.get("require_parameter_descriptions", False))
    out = {"name": schema.name, "inputSchema": schema.json_schema}
    description = kwargs.get("description") or schema.description
    if description is not None:
        out["description"] = description
    return out


def decorated_other(kind, fn, args, kwargs, owner=None):
    if kind in ("tool", "tool_plain") and owner is not None and framework_of(owner) is None and imports(fn, "pydantic_ai"):
        return pydantic_ai_tool(kind, fn, kwargs)
    if kind == "function_tool" and imports(fn, "agents"):
        return agents_tool(fn, kwargs)
    if kind == "tool" and (imports(fn, "langchain_core") or imports(fn, "langchain")):
        return langchain_tool(fn, args, kwargs)
    if kind == "tool" and imports(fn, "smolagents"):
        return smolagents_tool(fn)
    if kind == "tool" and imports(fn, "crewai") and crewai_modelled(CURRENT_FILE):
        return crewai_tool(fn, args, kwargs)
    if kind == "tool" and imports(fn, "agno"):
        return agno_tool(fn, args, kwargs)
    name = kwargs.get("name") or kwargs.get("name_override") or (args[0] if args and isinstance(args[0], str) else fn.__name__)
    doc = kwargs.get("description") or kwargs.get("description_override") or inspect.cleandoc(fn.__doc__ or "")
    hidden = set()
    by_name = set()
    if imports(fn, "agno"):
        by_name = AGNO_INJECTED
    if kwargs.get("user_input_fields"):
        hidden = set(kwargs["user_input_fields"])
    elif kwargs.get("requires_user_input"):
        hidden = set(inspect.signature(fn).parameters)
    if kwargs.get("args_schema") is not None:
        schema = kwargs["args_schema"].model_json_schema()
    else:
        schema = func_schema(fn, hidden, by_name)
    if kind == "tool" and imports_mcp_sdk(fn) and kwargs.get("args_schema") is None:
        # mcp.server.fastmcp Tool.from_function: description or fn.__doc__ or "",
        # the docstring as written (CPython before 3.13 keeps its indentation).
        doc = kwargs.get("description") or fn.__doc__ or ""
    elif kind == "tool" and imports(fn, "fastmcp") and kwargs.get("args_schema") is None:
        # fastmcp 2.x/3.x ParsedFunction.from_function: inspect.getdoc(fn), and the
        # schema through compress_schema(prune_titles=True).
        doc = kwargs.get("description") or inspect.getdoc(fn)
        schema = compress_schema(schema)
    out = {"name": name, "description": doc, "inputSchema": schema}
    if doc is None:
        del out["description"]
    if kwargs.get("title"):
        out["title"] = kwargs["title"]
    ann = kwargs.get("annotations")
    if ann:
        out["annotations"] = ann
    return out


def listed(handler):
    params = inspect.signature(handler).parameters
    result = handler(*[None] * len(params))
    if inspect.isawaitable(result):
        result = asyncio.run(result)
    if not isinstance(result, list):  # ListToolsResult(tools=[...])
        result = result._kwargs.get("tools", [])
    out = []
    for t in result:
        f = t.fields
        name = f["name"]
        name = getattr(name, "value", name)
        d = {"name": name, "description": f.get("description", ""), "inputSchema": f.get("inputSchema", f.get("input_schema"))}
        if f.get("title"):
            d["title"] = f["title"]
        if f.get("annotations"):
            d["annotations"] = f["annotations"]
        # icons, _meta and execution as the SDK sends its models
        # (exclude_none: a None field, or a field left None, is not sent).
        if f.get("icons") is not None:
            d["icons"] = [sdk_icon(i) for i in f["icons"]]
        if f.get("_meta") is not None:
            d["_meta"] = f["_meta"]
        if f.get("execution") is not None:
            d["execution"] = sdk_icon(f["execution"])
        out.append(d)
    return out


def swarm_tool(fn):
    util = os.environ.get("SWARM_UTIL")
    if util:
        ns = {}
        exec(compile(open(util).read(), util, "exec"), ns)
        j = ns["function_to_json"](fn)["function"]
        params = j["parameters"]
        params["properties"].pop("context_variables", None)
        if "context_variables" in params.get("required", []):
            params["required"].remove("context_variables")
        return {"name": j["name"], "description": j["description"], "inputSchema": params, "producer": "swarm.util.function_to_json"}
    return {"name": fn.__name__, "description": fn.__doc__ or "", "inputSchema": func_schema(fn, by_name={"context_variables"})}


def nested_handlers(path, mod):
    """Handlers the module never registers at import time: those defined
    inside `async def serve()` (the official servers) and those passed as
    Server(on_list_tools=name) inside main(). CPython's ast finds them; a
    nested one is compiled on its own in the module's namespace, its free
    variables bound to "{name}" (their values exist only once the server
    runs)."""
    import ast

    tree = ast.parse(open(path).read())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "on_list_tools" and isinstance(node.value, ast.Name):
            found.append(getattr(mod, node.value.id))
    for outer in tree.body:
        if not isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(outer):
            if node is outer or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if any(isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "list_tools" for d in node.decorator_list):
                node.decorator_list = []
                code = ast.Module(body=[node], type_ignores=[])
                ns = dict(vars(mod))
                names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
                for n in names - set(ns) - set(dir(__builtins__)):
                    ns[n] = "{" + n + "}"
                exec(compile(ast.fix_missing_locations(code), path, "exec"), ns)
                found.append(ns[node.name])
    return found


@contextlib.contextmanager
def loaded(path):
    """Imports the tool file as Python runs it: a file inside a package
    (a folder with __init__.py) as a module of that package, its root's
    parent on sys.path, so relative imports and the package's __init__
    run; any other file with its own folder on sys.path, as for a script,
    so `import models` finds models.py beside it. Once its tools are read,
    the project's modules are dropped: each file imports its own models.py."""
    folder = os.path.dirname(os.path.abspath(path))
    base, package = folder, []
    while os.path.exists(os.path.join(base, "__init__.py")):
        package.insert(0, os.path.basename(base))
        base = os.path.dirname(base)
    saved = list(sys.path)
    before = set(sys.modules)
    sys.path.insert(0, base)
    try:
        if package:
            stem = os.path.basename(path)[:-3]
            yield importlib.import_module(".".join(package + [stem]))
            return
        name = "corpus_" + path.replace("/", "_").replace("-", "_").replace(".", "_")[:-3]
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
        yield mod
    finally:
        sys.path[:] = saved
        for name in set(sys.modules) - before:
            f = getattr(sys.modules[name], "__file__", None) or ""
            if os.path.abspath(f).startswith(base + os.sep):
                del sys.modules[name]


CURRENT_FILE = None
# OUTPUT=0 leaves outputSchema out (the listings before structured output).
OUTPUT = os.environ.get("OUTPUT", "1") != "0"

import importlib.metadata as _md
_real_version = _md.version


def _version(name):
    try:
        return _real_version(name)
    except _md.PackageNotFoundError:
        return "0"  # the project itself is not installed; only its version string is asked


_md.version = _version


def factories(mod):
    """Calls the module's factory functions (create_mcp_server, app_factory …),
    which register tools inside them, with stub arguments."""
    for n, f in list(vars(mod).items()):
        if inspect.isfunction(f) and f.__module__ == mod.__name__ and ("create" in n or "factory" in n or n in ("register_tools", "setup")):
            try:
                r = f(*[Stub() for p in inspect.signature(f).parameters.values() if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)])
                if inspect.isawaitable(r):
                    r.close()
            except Exception as e:
                print("  factory", n, "failed:", e, file=sys.stderr)


def run(path):
    global CURRENT_FILE
    CURRENT_FILE = path
    RECORDS.clear()
    with loaded(path) as mod:
        factories(mod)
        return {"pydantic": pydantic.VERSION, "tools": tools_of(path, mod)}


def tools_of(path, mod):
    RECORDS.extend(("list_tools", h) for h in nested_handlers(path, mod))
    tools, by_cls = [], {}
    for kind, payload in RECORDS:
        if kind == "tool":
            if getattr(payload[1], "__module__", mod.__name__) != mod.__name__:
                continue  # a tool of another module the file imports (its package's __init__)
            tools.append(decorated(*payload))
        elif kind == "list_tools":
            tools.extend(listed(payload))
        elif kind == "basetool":
            cls = payload
            if cls.__module__ != mod.__name__:
                continue  # a tool class of another module the file imports
            if "args_schema" in vars(cls) or any("args_schema" in vars(b) for b in cls.__mro__[1:-1] if b is not BaseTool):
                name, desc = getattr(cls, "name", cls.__name__), getattr(cls, "description", "")
                bases = [b for b in cls.__mro__ if b not in (BaseTool, object)]
                if any(imports_cls(b, "langchain_core") or imports_cls(b, "langchain") for b in bases):
                    tool = langchain_listing(name, desc, cls.args_schema)
                elif any(imports_cls(b, "crewai") for b in bases) and crewai_modelled(CURRENT_FILE):
                    tool = crewai_listing(name, desc, cls.args_schema)
                else:
                    tool = {"name": name, "description": desc, "inputSchema": cls.args_schema.model_json_schema()}
                # A subclass publishing exactly its base's tool (a deprecated
                # alias kept under the same name) is the same tool: an agent
                # is given one class or the other, never a second tool.
                if any(by_cls.get(b) == tool for b in cls.__mro__[1:]):
                    continue
                by_cls[cls] = tool
                tools.append(tool)
        elif kind == "smoltool":
            cls = payload
            if cls.__module__ != mod.__name__:
                continue
            tools.append(smol_listing(cls.name, cls.description, cls.inputs))
        elif kind == "swarm":
            tools.append(swarm_tool(payload))
    return tools


def main():
    files = sys.argv[1:] or sorted(os.path.join(d, f) for d in os.listdir(".") if os.path.isdir(d) for f in os.listdir(d) if f.endswith(".py"))
    for f in files:
        out = run(f)
        with open(f + os.environ["SUFFIX"] if os.environ.get("SUFFIX") else f[:-3] + ".expected.json", "w") as w:
            json.dump(out, w, indent=1, sort_keys=True, default=str)
            w.write("\n")
        print(f, len(out["tools"]), "tools", file=sys.stderr)


if __name__ == "__main__":
    main()
