package python

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzOutline feeds arbitrary source to the tokenizer, the outline parser,
// the docstring parser and the type converter: none may panic, and an
// outline always has a non-nil function list.
func FuzzOutline(f *testing.F) {
	seeds := []string{
		"def f(a: int, /, b: str = 'x', *args: int, c: float | None = None, **kw: str) -> dict[str, int]:\n    \"\"\"Doc.\n\n    Args:\n        a: A.\n    \"\"\"\n",
		"async def g(x=lambda a, b: (a, b), y=f\"{1:{2}}\"): 'doc'\n",
		"x = f'{\"nested\" + f\"{'deep'}\"}'\ndef h(): pass\n",
		"class M(BaseModel):\n    a: int = Field(1, ge=0)\n\ndef t(m: M) -> M: ...\n",
		"match x:\n    case 1:\n        pass\ndef k(): ...\n",
		"def u(a: \"Lit\\\n eral['a']\"):\n\tpass\n",
		"def bad(x\n",
		"'''unterminated\n",
		"def f(\\\n a,\n b):\n  '''\\N{BULLET} x'''\n",
		"@dec\n@dec2(1)\ndef d(*, k: Annotated[int, Field(gt=0)]) -> None:\n    \"\"\"\n    :param k: K.\n    :type k: int\n    \"\"\"\n",
		// module constants (consts.go): chains, cycles, rebinding, imports
		"N = 'n'\nC = Field(..., description=N, ge=1)\nD = C\nA = Annotated[int, D]\ndef c(x: int = D, y: A = 2, z: Annotated[str, N] = N): ...\n",
		"X = Y\nY = X\nL = [L]\nT = Annotated[T, X]\ndef loop(a: int = X, b: list = L, c: T = X): ...\n",
		"R = Field(1)\nR = Field(2)\nS = 1\nS += 1\nfor F in (1, 2): pass\nif S:\n    G: int = 3\ndef g():\n    global S, R\ndef r(a: int = R, b: int = S, c: int = F, d: int = G): ...\n",
		"from fuzz import *\nfrom fuzz import *\nfrom fuzz import *\nfrom .fuzz import *\ndef s(a: int = NOPE, b: Annotated[int, NOPE] = 1): ...\n",
		"DEPTH = 1\nclass C:\n    A = B\n    B = C.A\n    DEPTH = 2\n    D = DEPTH\nclass E(C): pass\ndef f(x: int = C.A, y: int = E.A, z: Annotated[int, C.B] = C.D, w: int = C.nope.x): ...\n",
		"from . import K\nfrom .m import Q\nfrom fuzz import P\nimport fuzz\ndef i(a: int = K, b: int = Q, c: int = P, d: int = fuzz.P, e: Annotated[int, fuzz.P, Q()] = fuzz.Z.W): ...\n",
		// registrations and framework listings (register.go, listing.go)
		"from mcp.server.fastmcp import FastMCP\nM = 2 * 3 * K\ndef a(x: Annotated[int, Field(le=M), WithJsonSchema({'type': 'integer'})], d: dict = {}): 'A.'\ndef mk(p=''):\n    s = FastMCP('s')\n    @s.tool(name=p + 'b')\n    def b(y: int):\n        @s.tool()\n        def c(): ...\n    s.tool()(a)\n    s.add_tool(a, name='a2')\n    s.tool(a)\n",
		"from fastmcp import FastMCP\nfrom fastmcp.tools import Tool\nm = FastMCP()\ndef t(q: str = Field(1)):\n    '''T.\n\n    Args:\n        q: Q.\n    '''\nm.add_tool(Tool.from_function(t, name='u'))\nm.add_tool(Tool.from_function())\nm.add_tool()\n",
		"from agents import function_tool, RunContextWrapper\n@function_tool(name_override='n', strict_mode=False)\ndef f(c: RunContextWrapper[int], a: Optional[M] = None, b: list[M] | None = None):\n    '''Sum.\n\n    Args:\n        a: A.\n    Returns:\n        R.\n    '''\nclass M(BaseModel):\n    x: int = Field(None, description='X')\n",
		// agent frameworks' listings (listing_agents.go)
		"from langchain_core.tools import tool, StructuredTool, BaseTool\nclass I(BaseModel):\n    '''In.'''\n    a: Optional[I] = None\n    b: 'I' = Field(examples=[1], title='B')\n@tool('n', parse_docstring=True, args_schema=I)\ndef f(a: Annotated[str, 'A', Field(gt=0)], b: int = 1):\n    '''F.\n\n    Returns:\n        x\n\n    Args:\n        a (str): A\n          more\n        b\n    '''\nt = StructuredTool.from_function(func=f, description=None)\nu = StructuredTool.from_function(coroutine=g)\nStructuredTool.from_function(f, parse_docstring=True)\nclass T(BaseTool):\n    name: str = 't'\n    args_schema: Type[BaseModel] = I\n",
		"from smolagents import tool, Tool\n@tool\ndef s(a: Literal['x', 1, None], b: tuple[int, str], c: dict[str, list[int]] | None = None, d: Any = 1) -> str:\n    '''\n    S.\n    Args:\n        a: A (choices: [\"x\", 1])\n        b (tuple): B\n        c: C (choices: [oops)\n    Returns: x\n    '''\nclass K(Tool):\n    name = 'k'\n    inputs = {'a': {'type': 'any', 'nullable': True}, 'b': {'type': ['string', 'null']}, 'c': 1}\nclass L(Tool):\n    inputs = X\n",
		// calls of the project's functions (eval.go)
		"from crewai.tools import BaseTool\nT = 'at most {cap} ({0}){{}}'\nN: float = 1e400\ndef f(v: float) -> str:\n    'F.'\n    return f'{v:g} s' if v == 1 else f'{v:.2f} s' if not v > 2 and v is not None or v in [1, 2] else f'{v!r}'\ndef g(x, *a, k=f(N), **kw):\n    return T.format(x, cap=f(x)).upper()\ndef h(n): return h(n)\ndef r(n):\n    return r(n)\nclass A(BaseTool):\n    name: str = g(1) + g(k=2)\n    description: str = g(g(3), 4) or h(1) or r(2) and T.format() or T.format(*[1])\n    args_schema = M\nclass B(A):\n    name: str = g(1) + g(k=2)\nclass M(BaseModel):\n    a: int = 1 if N not in 'x' else f(2)\n",
		// conditional registration (cond.go)
		"import os\nfrom fastmcp import FastMCP\nm = FastMCP()\nclass C:\n    @property\n    def on(self) -> bool:\n        return os.getenv('A', 'x').upper() == self.on\ndef cfg() -> C:\n    x = 1\n    return C()\ndef f(a: int): 'F.'\ndef reg():\n    if not cfg().on:\n        return\n    if os.environ.get(cfg()) in 1:\n        pass\n    m.add_tool(f)\nif os.getenv():\n    m.add_tool(f)\nelif 1:\n    m.tool()(f)\nelse:\n    while os.getenv('B') is None:\n        m.add_tool(f, name='g')\nreg()\n",
		"from __future__ import annotations\nfrom swarm import Agent\ndef w(context_variables, a: str, *b, c=1, **d):\n    'W.'\nAgent(functions=[w, w, nope])\n",
		// realpy round: class-body and model tools, if/elif return arms, environment-derived texts, run-time registration, low-level model schemas
		"import os\nfrom langchain.tools import tool\nfrom pydantic_ai import Agent\nfrom mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\nP = os.environ.get('P', '')\nM = os.getenv('M', 'a').strip().lower()\ndef nm(n):\n    if P:\n        return P + n\n    elif M == 'a':\n        return n\n    else:\n        return nm(n)\nclass K:\n  @tool('K k')\n  def k(q):\n    'K.'\n  @tool\n  def j(self, r: int = 1): ...\n@tool\nclass D(BaseModel):\n    \"\"\"D.\"\"\"\n    d: bool = Field(False, description='x', ge=1)\n    e: int = Field(...)\n@mcp.tool(name=nm('t'), description=f'{nm(M)} {P:>3}', annotations={'title': 'T', 'icon': [1], 'readOnlyHint': 1})\ndef t(v: str = M) -> dict:\n    mcp.add_tool(t, name='u')\n",
		"from mcp.server.lowlevel import Server\nimport mcp.types as types\nfrom pydantic import BaseModel\nclass A(BaseModel):\n    \"\"\"A.\"\"\"\n    b: 'B | None' = None\nclass B(BaseModel):\n    a: list[A] = []\nS = {'type': 'object', 'properties': {'x': {}}}\nserver = Server('s')\n@server.list_tools()\nasync def lt():\n    return [types.Tool(name='a', inputSchema=A.model_json_schema()), types.Tool(name='s', inputSchema=S), types.Tool(name='c', inputSchema=C.model_json_schema())]\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte) {
		out, _ := Outline("fuzz.py", src)
		if out == nil || out.Functions == nil {
			t.Fatal("nil outline")
		}
		for _, fn := range out.Functions {
			if fn.Docstring != nil {
				parseDocstring(*fn.Docstring)
			}
		}
		p := filepath.Join(dir, "fuzz.py")
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
		Load([]string{p}, Options{})
	})
}

// FuzzPyFormat feeds arbitrary templates and specs to str.format and
// format() as eval.go models them: none may panic.
func FuzzPyFormat(f *testing.F) {
	f.Add("at most {cap:g} {0} {} {{x}}", "g", "300.0")
	f.Add("{:.3f}{1}{", ".2e", "1_000")
	f.Add("}{x:}", ".0g", "-0.0")
	f.Fuzz(func(t *testing.T, tmpl, spec, num string) {
		pyStrFormat(tmpl, []any{json.Number(num), "s"}, map[string]any{"cap": json.Number(num), "x": nil})
		pyFormat(json.Number(num), spec)
		compareValues("<", json.Number(num), json.Number(spec))
	})
}
