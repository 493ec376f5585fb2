"""tscg Python tool driver: runs tool functions for a Go host.

Protocol: one JSON request per line on the original stdin
    {"id": n, "file": "/abs/tools/sample.py", "function": "add", "args": {...}}
where "function" is a call target (see resolve): a module-level function,
a framework's tool object or BaseTool class, or "handler:tool" for a
low-level MCP server's call_tool(name, arguments) handler;
and one JSON response per line on the original stdout
    {"id": n, "ok": true, "result": ...}
    {"id": n, "ok": false, "error": {"type", "message", "traceback": [...]}}
Before any tool runs, file descriptors 0 and 1 are moved out of the tool's
reach: the tool's stdin is /dev/null and its stdout goes to stderr, so
nothing a tool prints (from Python, C code or a child process) can corrupt
the protocol.
"""
import asyncio
import dataclasses
import datetime
import decimal
import enum
import functools
import importlib.util
import inspect
import json
import os
import pathlib
import sys
import traceback
import typing
import uuid

TRACEBACK_LINES = 12


def isolate_stdio():
    proto_in = os.fdopen(os.dup(0), "r", encoding="utf-8", newline="\n")
    proto_out = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
    # A tool that forks and forgets os._exit would have its child go on
    # serving requests on the same descriptors: children lose them.
    os.register_at_fork(after_in_child=lambda: _drop_protocol(proto_in, proto_out))
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull, "r")
    sys.stdout = sys.stderr
    return proto_in, proto_out


def _drop_protocol(*files):
    for f in files:
        try:
            os.close(f.fileno())
        except OSError:
            pass
    global MAIN_PID
    MAIN_PID = -1


MAIN_PID = os.getpid()
MODULES = {}


def load(path):
    mod = MODULES.get(path)
    if mod is None:
        folder = os.path.dirname(path)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        name = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules.setdefault(name, mod)
        spec.loader.exec_module(mod)
        MODULES[path] = mod
    return mod


def convert(value, hint):
    """Turns JSON values into the annotated classes (models, dataclasses, enums)."""
    if value is None or hint is None:
        return value
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return convert(value, typing.get_args(hint)[0])
    if origin in (list, typing.List) and isinstance(value, list):
        args = typing.get_args(hint)
        return [convert(v, args[0]) for v in value] if args else value
    if origin is typing.Union:
        for arg in typing.get_args(hint):
            if arg is not type(None) and isinstance(arg, type) and not isinstance(value, arg):
                try:
                    return convert(value, arg)
                except Exception:
                    continue
        return value
    if not isinstance(hint, type):
        return value
    if hasattr(hint, "model_validate") and isinstance(value, dict):
        return hint.model_validate(value)
    if dataclasses.is_dataclass(hint) and isinstance(value, dict):
        return hint(**value)
    if issubclass(hint, enum.Enum):
        return hint(value)
    if hint in (datetime.datetime, datetime.date, datetime.time) and isinstance(value, str):
        return hint.fromisoformat(value.replace("Z", "+00:00"))
    if hint in (uuid.UUID, decimal.Decimal, pathlib.Path) and isinstance(value, (str, int, float)):
        return hint(str(value))
    return value


def call(fn, args):
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception:
        hints = {}
    positional, keywords = [], {}
    for name, p in inspect.signature(fn).parameters.items():
        if name not in args:
            continue
        v = convert(args[name], hints.get(name))
        if p.kind is p.POSITIONAL_ONLY:
            positional.append(v)
        else:
            keywords[name] = v
    for name, v in args.items():
        if name not in keywords and name not in inspect.signature(fn).parameters:
            keywords[name] = v  # **kwargs
    result = fn(*positional, **keywords)
    if inspect.isawaitable(result):
        result = asyncio.run(_await(result))
    return result


async def _await(x):
    return await x


def to_json(v):
    if hasattr(v, "model_dump"):
        return v.model_dump(mode="json")
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return dataclasses.asdict(v)
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, (uuid.UUID, pathlib.PurePath)):
        return str(v)
    if isinstance(v, decimal.Decimal):
        return str(v)
    if isinstance(v, (set, frozenset, tuple)):
        return list(v)
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    raise TypeError("tool result of type %s is not JSON serializable" % type(v).__name__)


FRAMEWORKS = ("langchain", "langchain_core", "langchain_community", "crewai", "crewai_tools")
INSTANCES = {}


def resolve(mod, target):
    """Returns the function a call target names, and the tool name a
    call_tool handler is called with (None for any other target).

    - "handler:tool": handler(tool, arguments), as a low-level MCP server
      dispatches every tool through its @server.call_tool() handler;
    - a function (or functools.partial) is itself;
    - a class (a LangChain or CrewAI BaseTool) is created once with no
      arguments, and its own _run (else _arun) runs;
    - a tool object a framework's decorator made in place of the function
      (LangChain's StructuredTool, CrewAI's Tool, agno's Function,
      smolagents' Tool) runs the function it wraps, never the object's
      own __call__, which takes other arguments.
    """
    name, sep, tool = target.partition(":")
    obj = getattr(mod, name)
    if sep:
        return obj, tool
    if inspect.isfunction(obj) or inspect.ismethod(obj) or inspect.isbuiltin(obj) or isinstance(obj, functools.partial):
        return obj, None
    if isinstance(obj, type):
        return instance_method(obj), None
    for attr in ("func", "coroutine", "entrypoint", "forward"):
        f = getattr(obj, attr, None)
        if callable(f):
            return f, None
    if callable(obj):
        return obj, None
    raise TypeError("%s is a %s, not a function tscg can call" % (name, type(obj).__name__))


def instance_method(cls):
    inst = INSTANCES.get(cls)
    if inst is None:
        try:
            inst = cls()
        except Exception as e:
            raise TypeError("tool class %s cannot be created without arguments, as tscg serve creates it: %s" % (cls.__name__, e)) from e
        INSTANCES[cls] = inst
    for k in cls.__mro__:
        if k.__module__.split(".")[0] in FRAMEWORKS or k is object:
            break
        for m in ("_run", "_arun"):
            if m in vars(k):
                return getattr(inst, m)
    raise TypeError("tool class %s defines neither _run nor _arun" % cls.__name__)


def handle(req):
    rid = req.get("id")
    try:
        fn, tool = resolve(load(req["file"]), req["function"])
        if req.get("check"):  # imported and resolved: nothing of the tool runs
            return '{"id": %s, "ok": true, "result": null}' % json.dumps(rid)
        if tool is not None:
            result = fn(tool, req.get("args") or {})
            if inspect.isawaitable(result):
                result = asyncio.run(_await(result))
        else:
            result = call(fn, req.get("args") or {})
        # ASCII with \\u escapes: a lone surrogate (valid in a JSON string,
        # not encodable as UTF-8) cannot break the reply.
        text = json.dumps(result, default=to_json, ensure_ascii=True, allow_nan=False)
        return '{"id": %s, "ok": true, "result": %s}' % (json.dumps(rid), text)
    except BaseException as e:  # SystemExit and KeyboardInterrupt from a tool are tool errors too
        tb = traceback.format_exception(type(e), e, e.__traceback__)
        lines = "".join(tb).rstrip("\n").split("\n")
        err = {"type": type(e).__name__, "message": str(e), "traceback": lines[-TRACEBACK_LINES:]}
        return json.dumps({"id": rid, "ok": False, "error": err}, ensure_ascii=True)


def start_watchdog():
    """Forks the process that kills this worker's process group when the host goes.

    The host passes the read end of a pipe whose only write end it holds and
    never writes: the read returns end-of-file when the host closes the
    worker or exits in any way, SIGKILL included. The driver itself dies
    with the host (parent-death signal); the processes a tool started are
    in the driver's process group, and this watchdog, which waits for
    nothing else and runs no tool code, kills that group.
    """
    if len(sys.argv) < 2:
        return
    fd = int(sys.argv[1])
    if os.fork() == 0:
        try:
            os.closerange(0, fd)  # hold nothing of the protocol or the tools
            os.closerange(fd + 1, 1 << 16)
            while os.read(fd, 64):
                pass
        except BaseException:
            pass
        finally:
            os.killpg(0, 9)
            os._exit(0)
    os.close(fd)


def main():
    start_watchdog()
    proto_in, proto_out = isolate_stdio()
    proto_out.write('{"ready": true}\n')
    proto_out.flush()
    for line in proto_in:
        if os.getpid() != MAIN_PID:
            os._exit(0)  # a forked child that returned into the loop
        if not line.strip():
            continue
        out = handle(json.loads(line))
        if os.getpid() != MAIN_PID:
            os._exit(0)
        proto_out.write(out + "\n")
        proto_out.flush()
        sys.stderr.flush()


main()
