#!/usr/bin/env bash
# Whole-process comparison: `tscg schema FILE --type '*'` on a file of 200
# zod schema constants against node importing zod and printing
# z.toJSONSchema of the same constants (what a project would otherwise run
# in CI), interleaved in one run. Prints the median wall time of each over
# RUNS runs and the ratio.
#
# Needs node and npm (zod 4 is installed into bench/.peer-zod on first use).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-11}
N=${N:-200}
ZOD_VERSION=4

peer=bench/.peer-zod
if [ ! -d "$peer/node_modules/zod" ]; then
  echo "installing zod@$ZOD_VERSION into $peer" >&2
  mkdir -p "$peer"
  (cd "$peer" && printf '{"name":"tscg-bench-zod","private":true,"type":"module"}\n' > package.json && npm install --no-audit --no-fund "zod@$ZOD_VERSION" >/dev/null)
fi

CGO_ENABLED=0 go build -o "$work/tscg" ./cmd/tscg
go run ./bench/genzod -n "$N" > "$work/zod.ts"
# The same text as JavaScript, beside node_modules so that "zod" resolves.
cp "$work/zod.ts" "$peer/schemas.mjs"
cat > "$peer/print.mjs" <<'JS'
import { z } from "zod";
import * as schemas from "./schemas.mjs";
const out = {};
for (const [name, s] of Object.entries(schemas)) out[name] = z.toJSONSchema(s, { io: "input" });
process.stdout.write(JSON.stringify(out, null, 2) + "\n");
JS
printf '{"dependencies":{"zod":"^4.0.0"}}\n' > "$work/package.json"

# Both sides must have read every constant.
tscg_n=$("$work/tscg" schema "$work/zod.ts" --type '*' | grep -c '^  "Schema')
node_n=$(node "$peer/print.mjs" | grep -c '^  "Schema')
if [ "$tscg_n" != "$N" ] || [ "$node_n" != "$N" ]; then
  echo "expected $N schemas, tscg printed $tscg_n, node $node_n" >&2
  exit 1
fi

# One sample of each per round, alternating, so both see the same load.
tt=() nt=()
for _ in $(seq "$RUNS"); do
  tt+=("$(time_us "$work/tscg" schema "$work/zod.ts" --type '*')")
  nt+=("$(time_us node "$peer/print.mjs")")
done
t=$(median "${tt[@]}")
p=$(median "${nt[@]}")
# The 1-minute load average at the end: on a shared machine the ratio
# moves with it, so a recorded result needs it beside it.
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
awk -v n="$N" -v t="$t" -v p="$p" -v load="$load" 'BEGIN {
  printf "%d zod schemas  tscg %7.1f ms  node+zod z.toJSONSchema %7.1f ms  ratio %.1fx  (load %s)\n", n, t/1000, p/1000, p/t, load }'
