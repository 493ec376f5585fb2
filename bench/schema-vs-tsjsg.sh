#!/usr/bin/env bash
# Whole-process comparison: `tscg schema FILE --type '*'` against
# `ts-json-schema-generator --path FILE --type '*'` on a generated
# 2,000-interface file and on a tiny file, in the same run. Prints the
# median wall time of each over RUNS runs and the ratio.
#
# Needs node and npm (the peer is installed into bench/.peer on first use).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-5}
N=${N:-2000}
PEER_VERSION=2.4.0

peer=bench/.peer/node_modules/.bin/ts-json-schema-generator
if [ ! -x "$peer" ]; then
  echo "installing ts-json-schema-generator@$PEER_VERSION into bench/.peer" >&2
  mkdir -p bench/.peer
  (cd bench/.peer && printf '{"name":"tscg-bench-peer","private":true}\n' > package.json && npm install --no-audit --no-fund "ts-json-schema-generator@$PEER_VERSION" >/dev/null)
fi

CGO_ENABLED=0 go build -o "$work/tscg" ./cmd/tscg
# The floor any Go program starts from on this machine, timed the same way.
mkdir -p "$work/noop"
printf 'package main\n\nfunc main() {}\n' > "$work/noop/main.go"
(cd "$work/noop" && printf 'module noop\n\ngo 1.21\n' > go.mod && CGO_ENABLED=0 go build -o "$work/noop-go" .)
go run ./bench/gentools -n "$N" > "$work/big.ts"
go run ./bench/gentools -n 1 > "$work/tiny.ts"

# median_us CMD... runs the command RUNS times and prints the median wall
# time in microseconds (lib.sh's time_us).
median_us() {
  local times=()
  for _ in $(seq "$RUNS"); do
    times+=("$(time_us "$@")")
  done
  median "${times[@]}"
}

for f in big tiny; do
  file="$work/$f.ts"
  t=$(median_us "$work/tscg" schema "$file" --type '*')
  p=$(median_us "$peer" --path "$file" --type '*')
  awk -v f="$f" -v lines="$(wc -l < "$file")" -v t="$t" -v p="$p" 'BEGIN {
    printf "%-5s %6d lines  tscg %8.1f ms  ts-json-schema-generator %8.1f ms  ratio %.1fx\n", f, lines, t/1000, p/1000, p/t }'
  if [ "$f" = tiny ]; then
    # The floor: a Go program that does nothing, timed the same way. No Go
    # program can beat this ratio against the peer on this machine.
    n=$(median_us "$work/noop-go")
    awk -v n="$n" -v p="$p" 'BEGIN {
      printf "noop  (a Go binary that does nothing)  %8.1f ms  against the same peer run: ratio %.1fx\n", n/1000, p/n }'
  fi
done
