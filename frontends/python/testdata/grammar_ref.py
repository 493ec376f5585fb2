"""Reference verdicts for the grammar differential test.

Reads file paths (one per line) on stdin and prints one JSON line per
file: {"path", "ok"} and, for a file CPython's parser refuses, the
1-based "line" of its SyntaxError (ast.parse, the same parser compile()
runs first; errors raised after parsing are not grammar errors).
"""
import ast
import json
import sys
import warnings

warnings.simplefilter("ignore")
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    with open(path, "rb") as f:
        src = f.read()
    out = {"path": path, "ok": True}
    try:
        ast.parse(src, path)
    except SyntaxError as e:  # IndentationError and TabError included
        out = {"path": path, "ok": False, "line": e.lineno or 0, "msg": e.msg}
    except (ValueError, UnicodeDecodeError) as e:
        out = {"path": path, "ok": False, "line": 0, "msg": str(e), "skip": True}
    print(json.dumps(out))
