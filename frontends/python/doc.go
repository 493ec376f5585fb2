// Package python is tscg's Python frontend: a hand-written, pure-Go
// tokenizer and outline parser for Python 3.8–3.12 source, and the
// conversion of a tools folder into the IR.
//
// The parser reads what sits directly in a module body — functions (def
// and async def, with positional-only, keyword-only, *args and **kwargs
// parameters, annotations, defaults, decorators and docstrings), classes
// (TypedDict, dataclass, Enum and pydantic BaseModel bodies), imports,
// assignments and the module docstring — and skips every other body
// token by token, so f-strings with nested quotes (PEP 701), walrus,
// match, lambdas, continuations and tabs cannot derail it. Outline (for
// `tscg py-outline`) agrees with CPython's ast on the standard library.
//
// Load follows the article's conventions: each .py file is a tool group
// whose module docstring is the group's rule prompt; every top-level
// function whose name does not start with "_" is a tool; the docstring
// (Google, NumPy, reST/Sphinx or Epydoc, detected automatically) gives the
// tool description (the text before the first section), parameter
// descriptions and the result description. Type hints map to schemas the
// way pydantic 2 maps them; objects are closed by default. Names of
// module constants (defaults, Annotated metadata, Field arguments, type
// aliases) are followed through imports by one shared step, deref
// (consts.go).
package python
