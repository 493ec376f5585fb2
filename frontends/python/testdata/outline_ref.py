"""Reference outline for the CPython differential test.

Reads file paths (one per line) on stdin and prints one JSON line per file:
{"path", "outline"} in the shape of `tscg py-outline`, computed with the
running interpreter's ast module, or {"path", "skip": reason} when the file
is not valid Python for this interpreter or not UTF-8/Latin-1 encoded.
"""
import ast
import io
import json
import sys
import tokenize


def param(src, arg, kind, default):
    ann = ast.get_source_segment(src, arg.annotation) if arg.annotation else None
    dflt = ast.get_source_segment(src, default) if default is not None else None
    return {"name": arg.arg, "kind": kind, "annotation": ann, "default": dflt}


def function(src, node):
    a = node.args
    pos = a.posonlyargs + a.args
    defaults = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
    params = []
    for i, p in enumerate(pos):
        kind = "positional_only" if i < len(a.posonlyargs) else "positional"
        params.append(param(src, p, kind, defaults[i]))
    if a.vararg:
        params.append(param(src, a.vararg, "var_positional", None))
    for p, d in zip(a.kwonlyargs, a.kw_defaults):
        params.append(param(src, p, "keyword_only", d))
    if a.kwarg:
        params.append(param(src, a.kwarg, "var_keyword", None))
    return {
        "name": node.name,
        "line": node.lineno,
        "async": isinstance(node, ast.AsyncFunctionDef),
        "params": params,
        "returns": ast.get_source_segment(src, node.returns) if node.returns else None,
        "docstring": ast.get_docstring(node, clean=True),
    }


def outline(path):
    with open(path, "rb") as f:
        raw = f.read()
    enc, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    if enc.replace("_", "-").lower() not in ("utf-8", "utf-8-sig", "latin-1", "iso-8859-1"):
        return {"path": path, "skip": "encoding " + enc}
    src = raw.decode(enc)
    if src.startswith("\ufeff"):
        src = src[1:]
    src = src.replace("\r\n", "\n").replace("\r", "\n")
    try:
        tree = ast.parse(src)
    except (SyntaxError, ValueError) as e:
        return {"path": path, "skip": "syntax: %s" % e}
    funcs = [function(src, n) for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return {"path": path, "outline": {"functions": funcs}}


for line in sys.stdin:
    p = line.rstrip("\n")
    if p:
        try:
            r = outline(p)
        except Exception as e:  # unreadable file: report, do not stop
            r = {"path": p, "skip": "error: %r" % e}
        print(json.dumps(r))
