"""Regenerates pydantic.json: pydantic 2's JSON Schema for every public
function and class of cases.py, and for every function's return
annotation (other than None) as pydantic serializes a result
(mode="serialization"). Run from this directory:

    python3 gen_pydantic.py > pydantic.json
"""
import inspect
import json
import sys
import typing

import pydantic
import pydantic.networks
from pydantic import TypeAdapter

# EmailStr checks at schema-building time that email-validator 2 is
# installed; the JSON Schema it then emits (pydantic's own code) does not
# use it. Where it is missing (as on the machine that produced
# pydantic.json), the check is skipped and the file says so.
try:
    pydantic.networks.import_email_validator()
    EMAIL_VALIDATOR = "installed"
except ImportError as e:
    pydantic.networks.import_email_validator = lambda: None
    EMAIL_VALIDATOR = "not installed, check skipped: %s" % e

sys.path.insert(0, ".")
import cases  # noqa: E402

out = {"pydantic": pydantic.VERSION, "python": sys.version.split()[0], "email_validator": EMAIL_VALIDATOR, "functions": {}, "classes": {}, "results": {}}
for name, obj in vars(cases).items():
    if name.startswith("_") or getattr(obj, "__module__", None) != "cases":
        continue
    if inspect.isfunction(obj):
        out["functions"][name] = TypeAdapter(obj).json_schema()
        ret = typing.get_type_hints(obj, include_extras=True).get("return", type(None))
        if ret is not type(None):
            out["results"][name] = TypeAdapter(ret).json_schema(mode="serialization")
    elif inspect.isclass(obj):
        out["classes"][name] = TypeAdapter(obj).json_schema()
json.dump(out, sys.stdout, indent=1, sort_keys=True)
print()
