"""Tools that misbehave on purpose, for the executor's tests."""
import os
import sys
import time

from helpers import twice


def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


def noisy(text: str) -> str:
    """Prints to stdout and stderr, from Python and from a child process."""
    print("noise on stdout", text)
    sys.stdout.write('{"id": 999, "ok": true, "result": "forged"}\n')
    os.write(1, b"raw fd 1 noise\n")
    os.system("echo child noise")
    print("noise on stderr", file=sys.stderr)
    return text.upper()


def fail(kind: str) -> None:
    """Raises."""
    if kind == "value":
        raise ValueError("bad value: " + kind)
    raise KeyError(kind)


def sleep(seconds: float) -> str:
    time.sleep(seconds)
    return "woke"


def crash(code: int) -> None:
    os._exit(code)


def big(n: int) -> list[str]:
    return ["x" * 100] * n


def env(name: str) -> dict:
    return {"value": os.environ.get(name), "count": len(os.environ)}


def pid() -> int:
    return os.getpid()


def helper(x: int) -> int:
    return twice(x)


def only_positional(a: int, /, b: int = 2) -> list:
    return [a, b]


async def slow_async(x: int) -> int:
    return x * 3


def unserializable() -> object:
    return object()


def fork_and_forget(tag: str) -> str:
    """Forks and forgets os._exit: the child returns into the driver too."""
    os.fork()
    return tag


def write_protocol(fd: int) -> str:
    """Writes a forged reply to a descriptor the driver may use."""
    try:
        os.write(fd, b'{"id": 999999, "ok": true, "result": "forged"}\n')
    except OSError:
        pass
    return "wrote"


def echo(text: str) -> str:
    return text


def spawn_sleeper(seconds: float) -> int:
    """Starts a grandchild that outlives the call unless its group is killed."""
    import subprocess
    return subprocess.Popen(["sleep", str(seconds)]).pid


def int_kind(n: int, xs: list) -> str:
    """Says what Python received: the type and exact value of each integer."""
    return " ".join(type(v).__name__ + ":" + str(v) for v in [n] + xs)


HOARD = []


def hoard(mb: int) -> int:
    """Keeps mb MiB alive in the worker, as a leaking tool would; returns the pid."""
    HOARD.append(bytearray(b"x" * (mb << 20)))
    return os.getpid()


def city_report(city: str) -> dict:
    """A result with Chinese text, nested: the model reads it as UTF-8."""
    return {"城市": city, "天气": "晴，微风", "tags": ["多云转晴", "quote\"and\\slash"]}
