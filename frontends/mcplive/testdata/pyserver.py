"""A minimal MCP server over stdio for mcplive's tests: JSON-RPC by hand,
no SDK. The first argument picks a behaviour:

  list N PAGE   N tools, PAGE per tools/list page, cursors "c<offset>"
  hang PIDFILE  starts a sleeping child, writes both pids, never answers
  spawn PIDFILE starts a sleeping child, writes both pids, lists 1 tool
  junk          prints a banner on stdout before anything else
  exit          writes to stderr and exits 3 without answering
  dieonlist     answers initialize, then exits 4 on tools/list
  junklater     answers initialize, then prints a log line on stdout
  stalllist     answers initialize, never tools/list
  huge N        one page of N tools with long descriptions
  oldproto      answers initialize with protocol version 1999-01-01
  notools       declares no tools capability
"""
import json
import os
import subprocess
import sys
import time


def send(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def tool(i, text="Look something up."):
    return {
        "description": text,
        "inputSchema": {
            "type": "object",
            "properties": {"zeta": {"type": "string"}, "alpha": {"type": "integer", "minimum": 0}},
            "required": ["zeta"],
        },
        "name": "tool_%03d" % i,
        "annotations": {"readOnlyHint": True},
    }


def initialize_result(mode):
    caps = {} if mode == "notools" else {"tools": {}}
    version = "1999-01-01" if mode == "oldproto" else "2025-06-18"
    return {"protocolVersion": version, "capabilities": caps,
            "serverInfo": {"name": "py-test", "version": "0.1"}}


def tools_page(args, params):
    n, page = int(args[0]), int(args[1])
    start = int((params or {}).get("cursor", "c0")[1:])
    # Served in reverse, so the snapshot's sort is seen.
    tools = [tool(i) for i in range(start, min(start + page, n))][::-1]
    result = {"tools": tools}
    if start + page < n:
        result["nextCursor"] = "c%d" % (start + page)
    return result


def huge_page(args):
    return {"tools": [tool(i, "x" * 1000) for i in range(int(args[0]))]}


def answer(mode, args, msg):
    method = msg.get("method")
    if method == "initialize":
        return {"result": initialize_result(mode)}
    if method == "tools/list" and mode == "huge":
        return {"result": huge_page(args)}
    if method == "tools/list":
        return {"result": tools_page(args, msg.get("params"))}
    return {"error": {"code": -32601, "message": "method not found: %s" % method}}


def spawn(pidfile):
    child = subprocess.Popen(["sleep", "300"])
    with open(pidfile, "w") as f:
        f.write("%d %d\n" % (os.getpid(), child.pid))


def hang(pidfile):
    spawn(pidfile)
    while True:
        time.sleep(1)


def main():
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "hang":
        hang(args[0])
    if mode == "spawn":
        spawn(args[0])
        args = ["1", "1"]
    if mode == "junk":
        print("Welcome to the server!")
    if mode == "exit":
        sys.stderr.write("fatal: no configuration found\n")
        sys.exit(3)
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("method") == "tools/list" and mode == "dieonlist":
            sys.stderr.write("panic: index out of range\n")
            sys.exit(4)
        if msg.get("method") == "tools/list" and mode == "junklater":
            print("INFO listing tools")
            sys.stdout.flush()
        if "id" not in msg or msg.get("method") == "tools/list" and mode == "stalllist":
            continue
        out = {"jsonrpc": "2.0", "id": msg["id"]}
        out.update(answer(mode, args, msg))
        send(out)


main()
