#!/usr/bin/env bash
# regen.sh rewrites expected/*.json from cases/ with ts-json-schema-generator.
#
# The Go tests never run this: they read the stored outputs. Node is needed
# only here. If /tmp/tsjsg (or $TSJSG_DIR) holds no installed generator, the
# pinned version is installed into a fresh temporary directory first.
set -euo pipefail

VERSION=2.4.0
here="$(cd "$(dirname "$0")" && pwd)"
dir="${TSJSG_DIR:-/tmp/tsjsg}"
gen="$dir/node_modules/ts-json-schema-generator/dist/ts-json-schema-generator.js"

if [ ! -f "$gen" ]; then
  dir="$(mktemp -d)"
  trap 'rm -rf "$dir"' EXIT
  (cd "$dir" && npm install --no-audit --no-fund --silent "ts-json-schema-generator@$VERSION" >/dev/null)
  gen="$dir/node_modules/ts-json-schema-generator/dist/ts-json-schema-generator.js"
fi

got="$(node -e 'console.log(require(process.argv[1]).version)' "$dir/node_modules/ts-json-schema-generator/package.json")"
if [ "$got" != "$VERSION" ]; then
  echo "regen.sh: need ts-json-schema-generator $VERSION, found $got in $dir" >&2
  exit 1
fi

mkdir -p "$here/expected"
rm -f "$here"/expected/*.json
for c in "$here"/cases/*; do
  name="$(basename "$c" .ts)"
  path="$c"
  # A directory case is a small project; index.ts is its entry file.
  if [ -d "$c" ]; then path="$c/index.ts"; fi
  node "$gen" --path "$path" --type '*' --expose export --jsDoc extended \
    --no-type-check --out "$here/expected/$name.json"
done
# Selected-type cases (selected/<name>/): one run per type listed in types.txt.
for d in "$here"/selected/*/; do
  src="$(ls "$d"*.ts)"
  mkdir -p "$d/expected"
  rm -f "$d"/expected/*.json
  while read -r t; do
    [ -n "$t" ] || continue
    node "$gen" --path "$src" --type "$t" --expose export --jsDoc extended \
      --no-type-check --out "$d/expected/$t.json"
  done < "$d/types.txt"
done
echo "regen.sh: wrote $(ls "$here"/expected/*.json | wc -l) files with ts-json-schema-generator $VERSION"
