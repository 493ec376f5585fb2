#!/usr/bin/env bash
# Start-up cost of tscg against the floor any Go program starts from, for
# two builds of tscg side by side (issue 25: the validator as a module
# again must keep start-up where it was).
#
#   bench/startup.sh                 the working tree alone
#   bench/startup.sh REV             REV (a git revision) and the working tree
#
# Runs interleaved (noop, linked, A, B, noop, …) RUNS times per command and
# prints each build's median wall time and its ratio to the no-op floor for
#   tscg schema tiny.ts --type '*'
#   tscg build examples/weather
# "linked" is a program of nothing but blank imports of every package
# tscg's own packages import (the standard library's and the modules'),
# generated here from `go list`: what starting tscg costs before any of
# its own code runs, the part of the ratio no change inside tscg's
# packages can remove (issue 32).
#
# Then, with perf (PERF_RUNS runs each), each program's page faults and
# CPU time (task-clock): counts the machine's load moves far less than
# wall time. Without perf that table is not printed, and the script says so.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-41}
PERF_RUNS=${PERF_RUNS:-30}
rev=${1:-}

mkdir -p "$work/noop"
printf 'package main\n\nfunc main() {}\n' > "$work/noop/main.go"
(cd "$work/noop" && printf 'module noop\n\ngo 1.21\n' > go.mod && CGO_ENABLED=0 go build -o "$work/noop-go" .)
CGO_ENABLED=0 go build -o "$work/tscg-B" ./cmd/tscg
builds=(B)
if [ -n "$rev" ]; then
  git worktree add -q --detach "$work/A" "$rev"
  (cd "$work/A" && CGO_ENABLED=0 go build -o "$work/tscg-A" ./cmd/tscg)
  git worktree remove --force "$work/A"
  builds=(A B)
fi

# The linked-packages floor: a module of its own (tscg's go.mod and go.sum
# under another name, so the same versions, from the module cache only).
mkdir -p "$work/linked"
go list -deps -f '{{if not .Standard}}{{.ImportPath}} {{join .Imports " "}}{{end}}' ./cmd/tscg |
  awk '$1 ~ /^github.com\/tscg\/tscg\// { for (i = 2; i <= NF; i++) print $i }' |
  grep -v '^github.com/tscg/tscg/' | sort -u > "$work/linked/imports"
{
  printf 'package main\n\nimport (\n'
  sed 's/.*/\t_ "&"/' "$work/linked/imports"
  printf ')\n\nfunc main() {}\n'
} > "$work/linked/main.go"
sed 's/^module .*/module linked/' go.mod > "$work/linked/go.mod"
cp go.sum "$work/linked/"
(cd "$work/linked" && GOFLAGS=-mod=mod GOPROXY=off CGO_ENABLED=0 go build -o "$work/linked-go" .)

# A file the linker just wrote starts with more resident pages than a copy
# (bench/lint.md, Step 8): every program runs as a copy.
for b in "$work"/noop-go "$work"/linked-go "$work"/tscg-*; do
  cp "$b" "$b.copy" && mv "$b.copy" "$b"
done
go run ./bench/gentools -n 1 > "$work/tiny.ts"

# measure LABEL ARGS...: RUNS interleaved rounds of the floors and each build.
measure() {
  local label=$1
  shift
  local -a noop=() linked=() a=() b=()
  for _ in $(seq "$RUNS"); do
    noop+=("$(time_us "$work/noop-go")")
    linked+=("$(time_us "$work/linked-go")")
    for x in "${builds[@]}"; do
      local t
      t=$(time_us "$work/tscg-$x" "${@//@OUT@/$work/out-$x}")
      if [ "$x" = A ]; then a+=("$t"); else b+=("$t"); fi
    done
  done
  local n
  n=$(median "${noop[@]}")
  printf '%-34s noop %6.2f ms' "$label" "$(awk -v v="$n" 'BEGIN{print v/1000}')"
  awk -v v="$(median "${linked[@]}")" -v n="$n" 'BEGIN{printf "   linked %6.2f ms (%.2fx)", v/1000, v/n}'
  if [ ${#a[@]} -gt 0 ]; then
    awk -v v="$(median "${a[@]}")" -v n="$n" -v r="$rev" 'BEGIN{printf "   %s %6.2f ms (%.2fx)", r, v/1000, v/n}'
  fi
  awk -v v="$(median "${b[@]}")" -v n="$n" 'BEGIN{printf "   tree %6.2f ms (%.2fx)\n", v/1000, v/n}'
}

# counts NAME ARGS...: page faults and task-clock of PERF_RUNS runs (perf
# stat's means).
counts() {
  local name=$1 out
  shift
  out=$(perf stat -x, -r "$PERF_RUNS" -e page-faults,task-clock "$@" 2>&1 >/dev/null) || {
    echo "$(basename "$0"): perf stat $* failed:" >&2
    echo "$out" >&2
    exit 1
  }
  printf '  %-10s %6.0f faults %7.2f ms CPU\n' "$name" \
    "$(echo "$out" | awk -F, '$3 == "page-faults" { print $1 }')" \
    "$(echo "$out" | awk -F, '$3 == "task-clock" { print $1 }')"
}

echo "RUNS=$RUNS  load $(cut -d' ' -f1-3 /proc/loadavg)"
measure "schema tiny.ts --type '*'" schema "$work/tiny.ts" --type '*'
measure "build examples/weather" build examples/weather -o @OUT@

if ! command -v perf > /dev/null; then
  echo "no perf on this machine: page faults and CPU not measured"
  exit 0
fi
echo "perf stat, $PERF_RUNS runs each (means), load $(cut -d' ' -f1-3 /proc/loadavg):"
counts noop "$work/noop-go"
counts linked "$work/linked-go"
for x in "${builds[@]}"; do
  label=tree
  [ "$x" = A ] && label=$rev
  counts "$label" "$work/tscg-$x" schema "$work/tiny.ts" --type '*'
done
