#!/usr/bin/env bash
# Start-up cost of tscg against the floor any Go program starts from, for
# two builds of tscg side by side (issue 25: the validator as a module
# again must keep start-up where it was).
#
#   bench/startup.sh                 the working tree alone
#   bench/startup.sh REV             REV (a git revision) and the working tree
#
# Runs interleaved (noop, A, B, noop, A, B, …) RUNS times per command and
# prints each build's median wall time and its ratio to the no-op floor for
#   tscg schema tiny.ts --type '*'
#   tscg build examples/weather
set -euo pipefail
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-41}
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
go run ./bench/gentools -n 1 > "$work/tiny.ts"

# measure LABEL ARGS...: RUNS interleaved rounds of the floor and each build.
measure() {
  local label=$1
  shift
  local -a noop=() a=() b=()
  for _ in $(seq "$RUNS"); do
    noop+=("$(time_us "$work/noop-go")")
    for x in "${builds[@]}"; do
      local t
      t=$(time_us "$work/tscg-$x" "${@//@OUT@/$work/out-$x}")
      if [ "$x" = A ]; then a+=("$t"); else b+=("$t"); fi
    done
  done
  local n
  n=$(median "${noop[@]}")
  printf '%-34s noop %6.2f ms' "$label" "$(awk -v v="$n" 'BEGIN{print v/1000}')"
  if [ ${#a[@]} -gt 0 ]; then
    awk -v v="$(median "${a[@]}")" -v n="$n" -v r="$rev" 'BEGIN{printf "   %s %6.2f ms (%.2fx)", r, v/1000, v/n}'
  fi
  awk -v v="$(median "${b[@]}")" -v n="$n" 'BEGIN{printf "   tree %6.2f ms (%.2fx)\n", v/1000, v/n}'
}

echo "RUNS=$RUNS  load $(cut -d' ' -f1-3 /proc/loadavg)"
measure "schema tiny.ts --type '*'" schema "$work/tiny.ts" --type '*'
measure "build examples/weather" build examples/weather -o @OUT@
