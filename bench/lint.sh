#!/usr/bin/env bash
# Whole-process `tscg lint` timings: all BFCL definitions (≈9k, in the
# corpus's own files) and a generated 100-tool catalog. Prints the median
# wall time over RUNS runs; the issue's budgets are ≤ 2 s and ≤ 50 ms.
# Then lint's peak RSS and CPU (user+sys) on BFCL against the parse-only
# floor (bench/lintfloor: encoding/json decoding of the same files, one
# value at a time, keeping nothing), interleaved, medians and ratios;
# issue 32's budgets are ≤ 6× the memory and ≤ 3× the CPU.
#
# Needs BFCL (BFCL_DIR, default ../shared/corpora/bfcl) and GNU time
# (/usr/bin/time). Findings are expected (exit 1); only exit codes ≥ 2
# are failures.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

BFCL_DIR=${BFCL_DIR:-../shared/corpora/bfcl}
CGO_ENABLED=0 go build -o "$work/tscg.built" ./cmd/tscg
go build -o "$work/lintfloor.built" ./bench/lintfloor
# Measure copies, not the files the linker just wrote: a freshly written
# binary's pages start a process with 18-26 MiB of RSS depending on how
# the file sits in the page cache, a copy of it with 18.1-18.2 MiB every
# time (bench/lint.md, Step 8), as an installed binary does.
cp "$work/tscg.built" "$work/tscg"
cp "$work/lintfloor.built" "$work/lintfloor"
go run ./bench/gentools -n 100 > "$work/tools100.ts"
bfcl=()
for f in "$BFCL_DIR"/BFCL_v4_*.json; do
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

if [ ${#bfcl[@]} -eq 0 ]; then echo "no BFCL files under $BFCL_DIR" >&2; exit 1; fi
rc=0
"$work/tscg" lint "${bfcl[@]}" --format json > "$work/bfcl.json" 2> "$work/bfcl.err" || rc=$?
if [ "$rc" -ge 2 ]; then echo "tscg lint exited $rc:" >&2; head -20 "$work/bfcl.err" >&2; exit 1; fi
n=$(grep -c '"rule"' "$work/bfcl.json" || true)
if [ "$n" -eq 0 ]; then echo "tscg lint reported no findings on BFCL (expected hundreds): not timing it" >&2; exit 1; fi
echo "bfcl (${#bfcl[@]} files, $n findings): $(median_ms "$work/tscg" lint "${bfcl[@]}" --format json) ms (budget 2000 ms)"
echo "100-tool catalog: $(median_ms "$work/tscg" lint "$work/tools100.ts" --format json) ms (budget 50 ms)"

# peak CMD...: one run's peak RSS (KiB) and CPU (ms), "KIB MS".
peak() {
  local rc=0
  /usr/bin/time -o "$work/time.txt" -f 'TIME %M %U %S' "$@" >/dev/null 2>&1 || rc=$?
  if [ "$rc" -ge 2 ]; then echo "command failed ($rc): $*" >&2; exit 1; fi
  awk '/^TIME/ {printf "%d %d\n", $2, ($3 + $4) * 1000}' "$work/time.txt"
}
median() { sort -n | sed -n "$(( (RUNS + 1) / 2 ))p"; }
: > "$work/floor.txt"; : > "$work/lint.txt"
for _ in $(seq "$RUNS"); do
  peak "$work/lintfloor" "${bfcl[@]}" >> "$work/floor.txt"
  peak "$work/tscg" lint "${bfcl[@]}" --format json >> "$work/lint.txt"
done
fm=$(cut -d' ' -f1 "$work/floor.txt" | median); fc=$(cut -d' ' -f2 "$work/floor.txt" | median)
lm=$(cut -d' ' -f1 "$work/lint.txt" | median); lc=$(cut -d' ' -f2 "$work/lint.txt" | median)
echo "bfcl peak RSS: lint $((lm / 1024)) MiB, parse-only floor $((fm / 1024)) MiB: $(awk -v a="$lm" -v b="$fm" 'BEGIN{printf "%.1f", a/b}')× (budget 6×)"
echo "bfcl CPU: lint $lc ms, parse-only floor $fc ms: $(awk -v a="$lc" -v b="$fc" 'BEGIN{printf "%.1f", a/b}')× (budget 3×)"
