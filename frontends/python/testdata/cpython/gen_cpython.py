"""Reference data for the CPython differential tests (grammar_diff_test.go,
cpython_diff_test.go): what the installed CPython's own parser says about
files of its own standard library. Only the verdicts are stored, never the
library's code or text: the tests read the files from the installed
standard library (sysconfig's "stdlib" path) and check each one's sha256
against the one recorded here, so a different CPython is reported, not
compared. TSCG_PYDIFF=live go test ./frontends/python runs this script with
--all into a temporary directory and compares against that instead.

    cd frontends/python/testdata/cpython
    python3 gen_cpython.py .          # the stored sample (CPython 3.11.7)

It writes, into OUT:
  grammar.jsonl   a header line, then one line per case: a library file as
                  is (with its "sha256"), or a mutated copy of it described
                  by its recipe ("mut": {kind, line, sha256}: line `line`
                  (1-based) of the file rewritten by the mutation `kind`,
                  see mutations(); sha256 is the rewritten line's, so the
                  test knows it rewrote it the same way), with CPython's
                  verdict: "ok", and for a refusal the SyntaxError's
                  "line", "col" (1-based offset), "end_line" and "msg".
                  ast.parse is the parser compile() runs first; errors
                  raised after parsing (e.g. `return` outside a function)
                  are not grammar errors.
  outline.jsonl   per library file, its "sha256" and its top-level
                  functions in the shape of `tscg py-outline`, from the
                  same interpreter's ast; a docstring is stored as the
                  sha256 of its cleaned text ("docstring_sha256").

The sample: the standard library's .py files outside site-packages and the
test suites (test, tests, idle_test), sorted by path; every --step'th file
(default 6), skipping files over --max-size bytes (default 60000) and files
that are not UTF-8. --all takes every file, test suites included, with no
size limit.
"""
import argparse
import ast
import io
import json
import os
import platform
import hashlib
import sys
import sysconfig
import tokenize
import warnings

warnings.simplefilter("ignore")
TESTS = ("test", "tests", "idle_test")
STDLIB = sysconfig.get_paths()["stdlib"]


def sha256(b):
    return hashlib.sha256(b).hexdigest()


def hashed(text):
    return None if text is None else sha256(text.encode("utf-8"))


def library(root, include_tests):
    files = []
    for dp, dn, fn in os.walk(root):
        dn[:] = [d for d in dn if d != "site-packages" and (include_tests or d not in TESTS)]
        files += [os.path.relpath(os.path.join(dp, f), root) for f in fn if f.endswith(".py")]
    return sorted(f.replace(os.sep, "/") for f in files)


def mutations(src, seed):
    """Broken copies of a file, deterministically (seed picks the lines):
    a deleted colon, a bad indent, a deleted bracket, `return = x`, a
    misplaced `else`. Returns (kind, 1-based line, replacement) triples."""
    lines = src.split("\n")
    out = []

    def pick(ok):
        cands = [i for i, l in enumerate(lines) if ok(l)]
        if not cands:
            return -1
        return cands[(seed * 7919 + len(out) * 104729) % len(cands)]

    def indent(l):
        return l[: len(l) - len(l.lstrip(" "))]

    def header(l):
        t = l.strip()
        return (t.endswith(":") and not t.startswith("#")
                and t.startswith(("if ", "for ", "def ", "while ", "else", "try", "class ")))

    def body(l):
        t = l.strip()
        return l.startswith("    ") and t != "" and not t.startswith("#") and not t.endswith((",", "(", "\\"))

    def bracket(l):
        return ")" in l and "#" not in l and '"' not in l and "'" not in l

    def assign(l):
        t = l.strip()
        return l.startswith("    ") and " = " in t and not t.endswith(("\\", "(", "[", "{"))

    i = pick(header)
    if i >= 0:
        out.append(("colon", i, lines[i].rstrip(" ")[:-1]))
    i = pick(body)
    if i >= 0:
        out.append(("indent", i, "  " + lines[i]))
    i = pick(bracket)
    if i >= 0:
        out.append(("bracket", i, lines[i].replace(")", "", 1)))
    i = pick(assign)
    if i >= 0:
        out.append(("return", i, indent(lines[i]) + "return = " + lines[i].strip().split(" = ", 1)[1]))
    i = pick(body)
    if i >= 0:
        out.append(("keyword", i, indent(lines[i]) + "else " + lines[i].strip()))
    return [(k, i + 1, text) for k, i, text in out]


def apply(src, mut):
    lines = src.split("\n")
    lines[mut[1] - 1] = mut[2]
    return "\n".join(lines)


def verdict(src):
    try:
        ast.parse(src.encode("utf-8"))
    except SyntaxError as e:  # IndentationError and TabError included
        return {"ok": False, "line": e.lineno or 0, "col": e.offset or 0,
                "end_line": getattr(e, "end_lineno", None) or 0, "msg": e.msg}
    except ValueError as e:  # null bytes
        return {"ok": False, "line": 0, "col": 0, "msg": str(e), "skip": True}
    return {"ok": True}


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
        "docstring_sha256": hashed(ast.get_docstring(node, clean=True)),
    }


def outline(raw):
    try:
        return outline_of(raw)
    except Exception as e:  # an unknown coding cookie, say: report, do not stop
        return {"skip": "error: %r" % e}


def outline_of(raw):
    enc, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    if enc.replace("_", "-").lower() not in ("utf-8", "utf-8-sig", "latin-1", "iso-8859-1"):
        return {"skip": "encoding " + enc}
    src = raw.decode(enc)
    if src.startswith("\ufeff"):
        src = src[1:]
    src = src.replace("\r\n", "\n").replace("\r", "\n")
    try:
        tree = ast.parse(src)
    except (SyntaxError, ValueError) as e:
        return {"skip": "syntax: %s" % e}
    funcs = [function(src, n) for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return {"outline": {"functions": funcs}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--stdlib", default=STDLIB)
    ap.add_argument("--step", type=int, default=6)
    ap.add_argument("--max-size", type=int, default=60000)
    ap.add_argument("--all", action="store_true")
    a = ap.parse_args()
    if a.all:
        a.step, a.max_size = 1, 0
    files = library(a.stdlib, a.all)[:: a.step]
    sample = []
    for rel in files:
        with open(os.path.join(a.stdlib, rel), "rb") as f:
            raw = f.read()
        if a.max_size and len(raw) > a.max_size:
            continue
        try:
            src = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        sample.append((rel, raw, src))
    cases = []
    for seed, (rel, raw, src) in enumerate(sample):
        cases.append(dict({"file": rel, "sha256": sha256(raw)}, **verdict(src)))
        for kind, line, text in mutations(src, seed):
            c = {"file": rel, "mut": {"kind": kind, "line": line, "sha256": sha256(text.encode("utf-8"))}}
            cases.append(dict(c, **verdict(apply(src, (kind, line, text)))))
    head = {
        "python": platform.python_version(),
        "stdlib": "installed" if a.stdlib == STDLIB else a.stdlib,
        "sample": "all" if a.all else "every %dth file up to %d bytes" % (a.step, a.max_size),
        "files": len(sample),
        "cases": len(cases),
    }
    with open(os.path.join(a.out, "grammar.jsonl"), "w") as f:
        for r in [head] + cases:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    with open(os.path.join(a.out, "outline.jsonl"), "w") as f:
        f.write(json.dumps(dict(head, cases=len(sample)), sort_keys=True) + "\n")
        for rel, raw, _ in sample:
            f.write(json.dumps(dict({"file": rel, "sha256": sha256(raw)}, **outline(raw)), ensure_ascii=False, sort_keys=True) + "\n")
    print("%s: %d library files, %d grammar cases (Python %s)" % (a.out, len(sample), len(cases), head["python"]), file=sys.stderr)


if __name__ == "__main__":
    main()
