#!/usr/bin/env bash
# Re-creates this directory from the upstream module that go.mod requires:
# copies santhosh-tekuri/jsonschema/v6 (non-test sources, kind/,
# metaschemas/, LICENSE), rewrites its import path to this one and applies
# lazy-metaschemas.patch. Run it from anywhere after changing the upstream
# version in go.mod; TestForkMatchesUpstream checks the result.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
upstream=github.com/santhosh-tekuri/jsonschema/v6
src=$(go list -m -f '{{.Dir}}' "$upstream")
if [ -z "$src" ] || [ ! -d "$src" ]; then
  echo "sync.sh: $upstream is not in the module cache (go mod download $upstream)" >&2
  exit 1
fi
find . -name '*.go' ! -name '*_tscg_test.go' -delete
rm -rf metaschemas kind LICENSE
mkdir -p kind
for f in "$src"/*.go; do
  case "$f" in *_test.go) continue ;; esac
  cp "$f" .
done
cp "$src/kind/kind.go" kind/
cp -r "$src/metaschemas" .
cp "$src/LICENSE" .
chmod -R u+w .
sed -i "s#\"$upstream/kind\"#\"github.com/tscg/tscg/internal/thirdparty/jsonschema/kind\"#" ./*.go kind/*.go
patch -s -p1 < lazy-metaschemas.patch
gofmt -l . | { if read -r f; then echo "sync.sh: not gofmt-clean: $f" >&2; exit 1; fi; }
echo "synced from $upstream $(go list -m -f '{{.Version}}' "$upstream")"
