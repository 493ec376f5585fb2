#!/usr/bin/env bash
# Whole-process cost of a Go-package schema with `tscg schema`: a small
# package (the differential-test structs, 40 types) and a generated
# 200-struct package, each against `go list -export -deps` alone (the floor:
# go/packages runs it), interleaved (tscg, go list, tscg, …) in one run.
# Usage: bench/golang/run.sh [runs]   (from anywhere in the repository)
#
# It times tscg and nothing else: tscg must build, and every timed run must
# exit 0 with a schema on stdout, or the script stops with an error. (It once
# fell back to another program when tscg exited 2 and reported that
# program's time under the same heading.)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/tscg" ./cmd/tscg
# A module of 200 structs that reference each other and carry tags.
mkdir -p "$tmp/big/p"
printf 'module example.com/big\n\ngo 1.26\n' > "$tmp/big/go.mod"
{
  echo 'package p'
  echo 'import "time"'
  i=0
  while [ $i -lt 200 ]; do
    n=$(( (i + 1) % 200 ))
    cat <<GO
// S$i is struct number $i.
type S$i struct {
	// ID identifies it.
	ID    string    \`json:"id" jsonschema:"minLength=1"\`
	Count int       \`json:"count,omitempty" jsonschema:"minimum=0,maximum=100"\`
	When  time.Time \`json:"when"\`
	Tags  []string  \`json:"tags,omitempty"\`
	Next  *S$n      \`json:"next,omitempty"\`
}
GO
    i=$((i + 1))
  done
} > "$tmp/big/p/p.go"

# run DIR CMD... runs the command in DIR once; a non-zero exit or an empty
# stdout stops the script (never a substitute, never a silent zero).
run() {
  local dir=$1 rc=0
  shift
  (cd "$dir" && "$@") > "$tmp/out" 2> "$tmp/err" || rc=$?
  if [ "$rc" -ne 0 ] || [ ! -s "$tmp/out" ]; then
    echo "run.sh: '$*' in $dir exited $rc with $(wc -c < "$tmp/out") bytes of output; stderr:" >&2
    head -20 "$tmp/err" >&2
    exit 1
  fi
}
now_ns() { date +%s%N; }
# cpu_ms: user+sys CPU of the last run (children included: go/packages
# runs go list, whose CPU counts toward tscg's as it should).
cpu_ms() { awk '/^CPU/ {printf "%d", ($2 + $3) * 1000}' "$tmp/time"; }
timed() { /usr/bin/time -o "$tmp/time" -f 'CPU %U %S' "$@"; }

# The small package is named by one of its files: the directory also holds
# JSON fixtures whose type names collide with the Go types, and a directory
# input reads those too (tscg then exits 2, rightly).
small=$(pwd)/frontends/golang/testdata/diffstructs
for case in "small $small diffstructs.go . User" "200-structs $tmp/big ./p ./p S0"; do
  set -- $case
  name=$1 dir=$2 input=$3 pattern=$4 typ=$5
  run "$dir" "$tmp/tscg" schema "$input" --type "$typ"   # warm-up, and the check
  grep -q '"type": "object"' "$tmp/out" || { echo "run.sh: tscg printed no object schema for $typ" >&2; exit 1; }
  run "$dir" go list -export -deps "$pattern"
  t=0 l=0 tc=0 lc=0 r=0
  while [ $r -lt "$runs" ]; do
    s=$(now_ns); run "$dir" timed "$tmp/tscg" schema "$input" --type "$typ"; t=$((t + $(now_ns) - s)); tc=$((tc + $(cpu_ms)))
    s=$(now_ns); run "$dir" timed go list -export -deps "$pattern"; l=$((l + $(now_ns) - s)); lc=$((lc + $(cpu_ms)))
    r=$((r + 1))
  done
  awk -v n="$name" -v t="$t" -v l="$l" -v tc="$tc" -v lc="$lc" -v r="$runs" -v load="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
    printf "%s: tscg schema %.0f ms/run; go list -export -deps alone %.0f ms/run (wall ratio %.2f); CPU %.0f vs %.0f ms/run (CPU ratio %.2f; load %s)\n", n, t/r/1e6, l/r/1e6, t/l, tc/r, lc/r, tc/lc, load }'
done
