#!/usr/bin/env bash
# Server CPU per tools/call over streamable HTTP, one tool (get_weather),
# three servers side by side (issue 32): the MCP TypeScript SDK's server
# (McpServer + StreamableHTTPServerTransport, zod 4), the bare go-sdk
# (mcp.AddTool) and tscg's runtime/mcp server (what `tscg serve --http`
# runs, GOGC=400). All three stay up for the whole run; each round runs
# the same load (bench/mcpvsts: C sessions, N calls) against each in turn,
# at C=1, 8 and 32, so that all three see the same machine load. Prints
# the median CPU per call (utime+stime of the server process) and the
# ratios. CPU per call, not latency: on a shared machine it is the figure
# that moves least; the 1-minute load average is printed beside it.
#
# BASE=<git revision> adds a fourth server, runtime/mcp as of that
# revision (built from `git archive`), interleaved with the others: a
# before/after of a change under the same load.
#
# Needs node and npm: the TypeScript SDK and zod are installed at the
# versions pinned below into PEER_DIR (default ~/.cache/tscg-bench/mcp-ts,
# outside the repository), and the server below is written there.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
ROUNDS=${ROUNDS:-3}
N=${N:-3000}
CS=${CS:-"1 8 32"}
BASE=${BASE:-}
TS_SDK_VERSION=1.32.2
ZOD_VERSION=4.6.7
peer=${PEER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tscg-bench/mcp-ts}

if [ ! -f "$peer/node_modules/@modelcontextprotocol/sdk/package.json" ] ||
   ! grep -q "\"version\": \"$TS_SDK_VERSION\"" "$peer/node_modules/@modelcontextprotocol/sdk/package.json"; then
  echo "installing @modelcontextprotocol/sdk@$TS_SDK_VERSION zod@$ZOD_VERSION into $peer" >&2
  mkdir -p "$peer"
  (cd "$peer" && printf '{"name":"tscg-bench-mcp-ts","private":true,"type":"module"}\n' > package.json &&
    npm install --no-audit --no-fund --save-exact "@modelcontextprotocol/sdk@$TS_SDK_VERSION" "zod@$ZOD_VERSION" >/dev/null)
fi
# The TypeScript server: the SDK's public API, one session per transport.
cat > "$peer/server.mjs" <<'JS'
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { z } from "zod";

function newServer() {
  const s = new McpServer({ name: "ts", version: "1" });
  s.registerTool("get_weather", {
    description: "Get the current weather for a location.",
    inputSchema: { location: z.string().describe("City and country, e.g. Beijing, China."),
                   unit: z.enum(["celsius", "fahrenheit"]).optional().describe("Temperature unit.") },
    outputSchema: { location: z.string(), temperature: z.number(), unit: z.string(), conditions: z.string() },
  }, async ({ location, unit }) => {
    const out = { location, temperature: 21.5, unit: unit ?? "celsius", conditions: "light rain" };
    return { content: [{ type: "text", text: JSON.stringify(out) }], structuredContent: out };
  });
  return s;
}

const sessions = new Map();
http.createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  const sid = req.headers["mcp-session-id"];
  let t = sid ? sessions.get(sid) : undefined;
  if (!t) {
    t = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.set(id, t) });
    await newServer().connect(t);
  }
  await t.handleRequest(req, res, body ? JSON.parse(body) : undefined);
}).listen(Number(process.argv[2]), "127.0.0.1");
JS

CGO_ENABLED=0 go build -o "$work/mcpvsts" ./bench/mcpvsts
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo $((20000 + RANDOM % 20000)); }
p_ts=$(port); node "$peer/server.mjs" "$p_ts" & pids+=($!); pid_ts=$!
p_go=$(port); "$work/mcpvsts" gosdk "127.0.0.1:$p_go" & pids+=($!); pid_go=$!
p_tscg=$(port); "$work/mcpvsts" tscg "127.0.0.1:$p_tscg" & pids+=($!); pid_tscg=$!
servers="ts go tscg"
if [ -n "$BASE" ]; then
  mkdir "$work/base"
  git archive "$BASE" | tar -x -C "$work/base"
  (cd "$work/base" && CGO_ENABLED=0 go build -o "$work/mcpvsts-base" ./bench/mcpvsts)
  p_base=$(port); "$work/mcpvsts-base" tscg "127.0.0.1:$p_base" & pids+=($!); pid_base=$!
  servers="ts go base tscg"
fi
for p in "$p_ts" "$p_go" "$p_tscg" ${p_base:-}; do
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && break; sleep 0.1; done
done

declare -A cpu
for r in $(seq "$ROUNDS"); do
  for c in $CS; do
    for s in $servers; do
      case $s in ts) p=$p_ts pid=$pid_ts;; go) p=$p_go pid=$pid_go;; tscg) p=$p_tscg pid=$pid_tscg;; base) p=$p_base pid=$pid_base;; esac
      line=$("$work/mcpvsts" load -url "http://127.0.0.1:$p/mcp" -pid "$pid" -c "$c" -n "$N")
      echo "round $r $s $line" >&2
      v=${line#*cpu_us_per_call=}; cpu[$s,$c]="${cpu[$s,$c]:-} ${v%% *}"
    done
  done
done
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
if [ -n "$BASE" ]; then
  printf '%-4s %14s %14s %14s %14s %12s %12s %12s\n' C "TS SDK µs" "go-sdk µs" "tscg@BASE µs" "tscg µs" "tscg/TS" "tscg/go-sdk" "tscg/BASE"
else
  printf '%-4s %14s %14s %14s %12s %12s\n' C "TS SDK µs" "go-sdk µs" "tscg µs" "tscg/TS" "tscg/go-sdk"
fi
for c in $CS; do
  t=$(median ${cpu[ts,$c]}); g=$(median ${cpu[go,$c]}); m=$(median ${cpu[tscg,$c]})
  if [ -n "$BASE" ]; then
    b=$(median ${cpu[base,$c]})
    awk -v c="$c" -v t="$t" -v g="$g" -v b="$b" -v m="$m" 'BEGIN { printf "%-4s %14.1f %14.1f %14.1f %14.1f %11.2fx %11.2fx %11.2fx\n", c, t, g, b, m, m/t, m/g, m/b }'
  else
    awk -v c="$c" -v t="$t" -v g="$g" -v m="$m" 'BEGIN { printf "%-4s %14.1f %14.1f %14.1f %11.2fx %11.2fx\n", c, t, g, m, m/t, m/g }'
  fi
done
[ -z "$BASE" ] || echo "tscg@BASE is runtime/mcp at $(git rev-parse --short "$BASE")"
echo "server CPU per call, median of $ROUNDS rounds of $N calls; load average $load (noisy on a shared machine)"
