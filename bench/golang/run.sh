#!/bin/sh
# Whole-process cost of a Go-package schema: a small package (the
# differential-test structs, 40 types) and a generated 200-struct package.
# Usage: bench/golang/run.sh [runs]   (from the repository root)
set -eu
runs=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/goschema" ./bench/golang/goschema
go build -o "$tmp/tscg" ./cmd/tscg 2>/dev/null || echo "note: tscg does not build; timing goschema only" >&2
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
small=$(pwd)/frontends/golang/testdata/diffstructs
time_it() { # dir pkg type tool...
  dir=$1 pkg=$2 typ=$3; shift 3
  (cd "$dir" && "$@" "$pkg" --type "$typ" >/dev/null 2>&1) || return 1
  start=$(date +%s%N)
  r=0; while [ $r -lt "$runs" ]; do (cd "$dir" && "$@" "$pkg" --type "$typ" >/dev/null); r=$((r + 1)); done
  echo $(( ($(date +%s%N) - start) / runs / 1000000 ))
}
for case in "small $small . User" "200-structs $tmp/big ./p S0"; do
  set -- $case
  if [ -x "$tmp/tscg" ] && ms=$(time_it "$2" "$3" "$4" "$tmp/tscg" schema 2>/dev/null); then tool=tscg; else
    tool=goschema
    start=$(date +%s%N); r=0
    while [ $r -lt "$runs" ]; do (cd "$2" && "$tmp/goschema" "$3" "$4" >/dev/null); r=$((r + 1)); done
    ms=$(( ($(date +%s%N) - start) / runs / 1000000 ))
  fi
  start=$(date +%s%N); r=0
  while [ $r -lt "$runs" ]; do (cd "$2" && go list -export -deps "$3" >/dev/null); r=$((r + 1)); done
  list=$(( ($(date +%s%N) - start) / runs / 1000000 ))
  echo "$1: $tool ${ms} ms/run; go list -export -deps alone ${list} ms/run (ratio $(awk "BEGIN{printf \"%.2f\", $ms/$list}"))"
done
