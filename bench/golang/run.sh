#!/usr/bin/env bash
# Whole-process cost of a Go-package schema with `tscg schema`: a small
# package (the differential-test structs, 40 types) and a generated
# 200-struct package, each against the go list that go/packages runs for
# tscg's load mode alone (the floor), interleaved (tscg, go list, …) in
# one run. Also timed: tscg with nothing remembered (TSCG_CACHE=off: the
# first load of a package, frontends/golang/remember.go) and the plainer
# `go list -export -deps` this script took as the floor before.
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
# The floor: go/packages' own go list for tscg's loadMode (printed by
# packages.Config.Logf with golang.org/x/tools v0.52.0, go.mod's), less
# the "--" before the patterns.
fields=Name,ImportPath,Error,Dir,GoFiles,IgnoredGoFiles,IgnoredOtherFiles,CFiles,CgoFiles,CXXFiles,MFiles,HFiles,FFiles,SFiles,SwigFiles,SwigCXXFiles,SysoFiles,CompiledGoFiles,DepOnly,Imports,ImportMap,Export,Module
# The listings tscg remembers go to a directory of this run's own.
export TSCG_CACHE=$tmp/cache
# median FILE: the median of the numbers in FILE, one per line.
median() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# time_into NAME DIR CMD...: one timed run, its wall time (ns) and CPU (ms)
# appended to $tmp/NAME.wall and $tmp/NAME.cpu.
time_into() {
  local name=$1 dir=$2 s
  shift 2
  s=$(now_ns); run "$dir" timed "$@"; echo $(($(now_ns) - s)) >> "$tmp/$name.wall"; cpu_ms >> "$tmp/$name.cpu"; echo >> "$tmp/$name.cpu"
}
for case in "small $small diffstructs.go . User" "200-structs $tmp/big ./p ./p S0"; do
  set -- $case
  name=$1 dir=$2 input=$3 pattern=$4 typ=$5
  run "$dir" "$tmp/tscg" schema "$input" --type "$typ"   # warm-up (remembers the listing), and the check
  grep -q '"type": "object"' "$tmp/out" || { echo "run.sh: tscg printed no object schema for $typ" >&2; exit 1; }
  run "$dir" go list -e -json=$fields -compiled=true -test=false -export=true -deps=true -find=false -buildvcs=false -pgo=off -- "$pattern"
  rm -f "$tmp"/*.wall "$tmp"/*.cpu
  r=0
  while [ $r -lt "$runs" ]; do
    time_into tscg "$dir" "$tmp/tscg" schema "$input" --type "$typ"
    time_into floor "$dir" go list -e -json=$fields -compiled=true -test=false -export=true -deps=true -find=false -buildvcs=false -pgo=off -- "$pattern"
    time_into cold "$dir" env TSCG_CACHE=off "$tmp/tscg" schema "$input" --type "$typ"
    time_into plain "$dir" go list -export -deps "$pattern"
    r=$((r + 1))
  done
  awk -v n="$name" -v runs="$runs" -v load="$(cut -d' ' -f1 /proc/loadavg)" \
    -v t="$(median "$tmp/tscg.wall")" -v f="$(median "$tmp/floor.wall")" -v c="$(median "$tmp/cold.wall")" -v p="$(median "$tmp/plain.wall")" \
    -v tc="$(median "$tmp/tscg.cpu")" -v fc="$(median "$tmp/floor.cpu")" -v cc="$(median "$tmp/cold.cpu")" -v pc="$(median "$tmp/plain.cpu")" 'BEGIN {
    printf "%s (medians of %d interleaved runs, load %s):\n", n, runs, load
    printf "  go/packages'"'"' go list alone (the floor) %6.1f ms wall, %4.0f ms CPU\n", f/1e6, fc
    printf "  tscg schema                           %6.1f ms wall, %4.0f ms CPU: wall ratio %.2f, CPU ratio %.2f\n", t/1e6, tc, t/f, tc/fc
    printf "  tscg schema, TSCG_CACHE=off           %6.1f ms wall, %4.0f ms CPU: wall ratio %.2f, CPU ratio %.2f\n", c/1e6, cc, c/f, cc/fc
    printf "  go list -export -deps alone           %6.1f ms wall, %4.0f ms CPU (tscg / it: wall %.2f, TSCG_CACHE=off %.2f)\n", p/1e6, pc, t/p, c/p }'
done
