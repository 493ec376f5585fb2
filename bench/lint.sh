#!/usr/bin/env bash
# Whole-process `tscg lint` timings: all BFCL definitions (≈9k, in the
# corpus's own files) and a generated 100-tool catalog. Prints the median
# wall time over RUNS runs; the issue's budgets are ≤ 2 s and ≤ 50 ms.
#
# Needs ../shared/corpora (BFCL). Findings are expected (exit 1); only
# exit codes ≥ 2 are failures.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

CGO_ENABLED=0 go build -o "$work/tscg" ./cmd/tscg
go run ./bench/gentools -n 100 > "$work/tools100.ts"
bfcl=()
for f in ../shared/corpora/bfcl/BFCL_v4_*.json; do
  case "$f" in *format_sensitivity*) continue ;; esac
  bfcl+=("$f")
done

# median_ms CMD... runs the command RUNS times and prints the median in ms.
median_ms() {
  local times=()
  for _ in $(seq "$RUNS"); do
    local start end rc=0
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || rc=$?
    end=$(date +%s%N)
    if [ "$rc" -ge 2 ]; then echo "command failed ($rc): $*" >&2; exit 1; fi
    times+=($(( (end - start) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p"
}

if [ ${#bfcl[@]} -eq 0 ]; then echo "no BFCL files under ../shared/corpora/bfcl" >&2; exit 1; fi
rc=0
"$work/tscg" lint "${bfcl[@]}" --format json > "$work/bfcl.json" 2> "$work/bfcl.err" || rc=$?
if [ "$rc" -ge 2 ]; then echo "tscg lint exited $rc:" >&2; head -20 "$work/bfcl.err" >&2; exit 1; fi
n=$(grep -c '"rule"' "$work/bfcl.json" || true)
if [ "$n" -eq 0 ]; then echo "tscg lint reported no findings on BFCL (expected hundreds): not timing it" >&2; exit 1; fi
echo "bfcl (${#bfcl[@]} files, $n findings): $(median_ms "$work/tscg" lint "${bfcl[@]}" --format json) ms (budget 2000 ms)"
echo "100-tool catalog: $(median_ms "$work/tscg" lint "$work/tools100.ts" --format json) ms (budget 50 ms)"
