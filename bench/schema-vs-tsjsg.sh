#!/usr/bin/env bash
# Whole-process comparison: `tscg schema FILE --type '*'` against
# `ts-json-schema-generator --path FILE --type '*'` on a generated
# 2,000-interface file and on a tiny file, in the same run. Prints the
# median wall time of each over RUNS runs and the ratio.
#
# Needs node and npm (the peer is installed into bench/.peer on first use).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
N=${N:-2000}
PEER_VERSION=2.4.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

peer=bench/.peer/node_modules/.bin/ts-json-schema-generator
if [ ! -x "$peer" ]; then
  echo "installing ts-json-schema-generator@$PEER_VERSION into bench/.peer" >&2
  mkdir -p bench/.peer
  (cd bench/.peer && printf '{"name":"tscg-bench-peer","private":true}\n' > package.json && npm install --no-audit --no-fund "ts-json-schema-generator@$PEER_VERSION" >/dev/null)
fi

CGO_ENABLED=0 go build -o "$work/tscg" ./cmd/tscg
go run ./bench/gentools -n "$N" > "$work/big.ts"
go run ./bench/gentools -n 1 > "$work/tiny.ts"

# median_ms CMD... runs the command RUNS times and prints the median in ms.
median_ms() {
  local times=()
  for _ in $(seq "$RUNS"); do
    local s e
    s=$(date +%s%N)
    "$@" > /dev/null
    e=$(date +%s%N)
    times+=($(( (e - s) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p"
}

for f in big tiny; do
  file="$work/$f.ts"
  t=$(median_ms "$work/tscg" schema "$file" --type '*')
  p=$(median_ms "$peer" --path "$file" --type '*')
  ratio=$(awk -v p="$p" -v t="$t" 'BEGIN { if (t < 1) t = 1; printf "%.1f", p / t }')
  printf '%-5s %6d lines  tscg %6d ms  ts-json-schema-generator %7d ms  ratio %sx\n' \
    "$f" "$(wc -l < "$file")" "$t" "$p" "$ratio"
done
