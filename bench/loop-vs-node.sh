#!/usr/bin/env bash
# Whole-process comparison on an MCP server of our own whose N (40) tools
# are registered by a loop over tool modules (written by bench/genloop):
# `tscg build` of the server's source against node starting the server
# (MCP TypeScript SDK and zod 4 from npm) and answering initialize and
# tools/list over stdio, the listing a client would otherwise get by
# running it. The client on the node side is `tscg snapshot` (a Go
# process that starts the server, asks, and stops it). Both sides must
# list N tools. Median of RUNS (11) interleaved runs, the ratio and the
# load average.
#
# Needs node and npm: the SDK and zod are installed into PEER_DIR (default
# ~/.cache/tscg-bench/mcp-ts, the directory bench/mcp-vs-ts.sh uses) on
# first use, outside the repository.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-11}
N=${N:-40}
TS_SDK_VERSION=1.32.2
ZOD_VERSION=4.6.7

peer=${PEER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tscg-bench/mcp-ts}
if [ ! -d "$peer/node_modules/@modelcontextprotocol/sdk" ] || [ ! -d "$peer/node_modules/zod" ]; then
  echo "installing the MCP TypeScript SDK $TS_SDK_VERSION and zod $ZOD_VERSION into $peer" >&2
  mkdir -p "$peer"
  (cd "$peer" && { [ -f package.json ] || printf '{"name":"tscg-bench-mcp-ts","private":true,"type":"module"}\n' > package.json; } &&
    npm install --no-audit --no-fund --save-exact "@modelcontextprotocol/sdk@$TS_SDK_VERSION" "zod@$ZOD_VERSION" >/dev/null)
fi

CGO_ENABLED=0 go build -o "$work/tscg" ./cmd/tscg
go run ./bench/genloop -n "$N" -o "$work/server"
ln -s "$peer/node_modules" "$work/server/node_modules"

# Both sides must list every tool.
"$work/tscg" build "$work/server/server.ts" -o "$work/out" 2>/dev/null
"$work/tscg" snapshot -o "$work/live.json" -- node "$work/server/server.js"
tscg_n=$(grep -c '"name": "collection_' "$work/out/providers/mcp.tools-list.json" || true)
node_n=$(grep -c '"name": "collection_' "$work/live.json" || true)
if [ "$tscg_n" != "$N" ] || [ "$node_n" != "$N" ]; then
  echo "expected $N tools, tscg build listed $tscg_n, the running server $node_n" >&2
  exit 1
fi

# One sample of each per round, alternating, so both see the same load.
tt=() nt=()
for _ in $(seq "$RUNS"); do
  tt+=("$(time_us "$work/tscg" build "$work/server/server.ts" -o "$work/out")")
  nt+=("$(time_us "$work/tscg" snapshot -o "$work/live.json" -- node "$work/server/server.js")")
done
t=$(median "${tt[@]}")
p=$(median "${nt[@]}")
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
awk -v n="$N" -v t="$t" -v p="$p" -v load="$load" 'BEGIN {
  printf "%d tools by a loop  tscg build %7.1f ms  node server + tools/list %7.1f ms  ratio %.1fx  (load %s)\n", n, t/1000, p/1000, p/t, load }'
