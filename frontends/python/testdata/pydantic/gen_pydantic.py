"""Regenerates pydantic.json: pydantic 2's JSON Schema for every public
function and class of cases.py. Run from this directory:

    python3 gen_pydantic.py > pydantic.json
"""
import inspect
import json
import sys

import pydantic
from pydantic import TypeAdapter

sys.path.insert(0, ".")
import cases  # noqa: E402

out = {"pydantic": pydantic.VERSION, "functions": {}, "classes": {}}
for name, obj in vars(cases).items():
    if name.startswith("_") or getattr(obj, "__module__", None) != "cases":
        continue
    if inspect.isfunction(obj):
        out["functions"][name] = TypeAdapter(obj).json_schema()
    elif inspect.isclass(obj):
        out["classes"][name] = TypeAdapter(obj).json_schema()
json.dump(out, sys.stdout, indent=1, sort_keys=True)
print()
