#!/usr/bin/env bash
# Whole-process time of tscg's Python frontend on a 200-function tools file,
# against the article's approach (python3 parsing the file with ast; the
# docstring library it also needs is not counted, so the peer is flattered).
# Prints the mean of N runs of each and the ratio. Usage: bench/py-frontend.sh [N]
set -euo pipefail
N=${1:-20}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/tscg" ./cmd/tscg
python3 - "$tmp/tools.py" <<'PY'
import sys
out = ['"""Generated tools."""', "from typing import Annotated, Literal, Optional", "from pydantic import BaseModel, Field", ""]
for i in range(200):
    out.append(f'''
def tool_{i}(query: str, limit: Annotated[int, Field(ge=1, le=50)] = 10, mode: Literal["a", "b"] = "a") -> list[str]:
    """Do thing number {i}.

    Args:
        query: What to look for.
        limit: How many results. Defaults to 10.
        mode: Which mode.
    """
    return [f"{{query!r:>{{limit}}}}" for _ in range(limit)]
''')
open(sys.argv[1], "w").write("\n".join(out))
PY
mean() { # command… → mean wall milliseconds over N runs; a failed run stops the script
  local start end
  "$@" > "$tmp/out" || { echo "py-frontend.sh: '$*' exited $?" >&2; exit 1; }
  [ -s "$tmp/out" ] || { echo "py-frontend.sh: '$*' printed nothing" >&2; exit 1; }
  start=$(date +%s%N)
  for _ in $(seq "$N"); do "$@" >/dev/null || { echo "py-frontend.sh: '$*' exited $?" >&2; exit 1; }; done
  end=$(date +%s%N)
  echo $(( (end - start) / N / 1000000 ))
}
t=$(mean "$tmp/tscg" py-outline "$tmp/tools.py")
cat > "$tmp/peer.py" <<'PY'
import ast, json, sys
tree = ast.parse(open(sys.argv[1]).read())
out = []
for n in tree.body:
    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
        a = n.args
        out.append({"name": n.name, "doc": ast.get_docstring(n),
                    "params": [(x.arg, ast.unparse(x.annotation) if x.annotation else None) for x in a.posonlyargs + a.args + a.kwonlyargs],
                    "defaults": [ast.unparse(d) for d in a.defaults]})
print(json.dumps(out))
PY
p=$(mean python3 "$tmp/peer.py" "$tmp/tools.py")
echo "tscg py-outline: ${t} ms/run; python3 ast outline: ${p} ms/run (N=$N)"
awk -v t="$t" -v p="$p" 'BEGIN { if (t > 0) printf "ratio python3/tscg: %.1fx\n", p / t }'
