package python

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// whyCase is one regression case of issue 16's "Why" list: a file, the
// tools it must define, facts about their schemas ("tool|pointer": JSON pointer into the
// input schema, "@description", "@title" or "@annotations" → JSON value)
// and diagnostics it must (and must not) produce.
type whyCase struct {
	name   string
	src    string
	tools  []string
	facts  map[string]string // "tool|pointer" → JSON
	diags  []string          // substrings of expected diagnostics
	errors bool              // errors expected (else none allowed)
}

var whyCases = []whyCase{
	{
		name: "decorators decide: helpers, main, resources and prompts are no tools",
		src: `from mcp.server.fastmcp import FastMCP
import git
from zoneinfo import ZoneInfo

mcp = FastMCP("x")

def helper(repo: git.Repo, tz: ZoneInfo) -> str:
    return ""

@mcp.tool()
def status(path: str) -> str:
    """Show the status."""
    return helper(None, None)

@mcp.resource("config://app")
def config() -> str:
    return ""

@mcp.prompt()
def review(code: str) -> str:
    return code

def main():
    mcp.run()
`,
		tools: []string{"status"},
	},
	{
		name: "decorator arguments: name, title, description, annotations",
		src: `from fastmcp import FastMCP
from mcp.types import ToolAnnotations
from agents import function_tool
mcp = FastMCP("x")

@mcp.tool(name="get_it", title="Get it", description="Gets it.", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def get(x: int) -> int:
    """Ignored docstring."""
    return x

@mcp.tool(annotations={"destructiveHint": True, "title": "Removal"})
def remove(x: int) -> None:
    """Remove x."""

@function_tool(name_override="fetch_page", description_override="Fetch a page.")
def fetch(url: str) -> str:
    return url
`,
		tools: []string{"get_it", "remove", "fetch_page"},
		facts: map[string]string{
			"get_it|@description": `"Gets it."`, "get_it|@title": `"Get it"`,
			"get_it|@annotations": `{"openWorldHint":false,"readOnlyHint":true}`,
			"remove|@annotations": `{"destructiveHint":true}`, "remove|@title": `"Removal"`,
			"fetch_page|@description": `"Fetch a page."`,
		},
	},
	{
		name: "injected parameters are not shown to the model",
		src: `from typing import Annotated
from mcp.server.fastmcp import Context, FastMCP
from pydantic_ai import Agent, RunContext
from agents import function_tool, RunContextWrapper
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import tool, InjectedToolArg
mcp = FastMCP("x")
agent = Agent("m")

@mcp.tool()
async def a(q: str, ctx: Context) -> str:
    return q

@agent.tool
def b(ctx: RunContext[int], q: str) -> str:
    return q

@function_tool
def c(w: RunContextWrapper[dict], q: str) -> str:
    return q

@tool
def d(q: str, config: RunnableConfig, user: Annotated[str, InjectedToolArg]) -> str:
    """Search."""
    return q
`,
		tools: []string{"a", "b", "c", "d"},
		facts: map[string]string{"a|/required": `["q"]`, "b|/required": `["q"]`, "c|/required": `["q"]`, "d|/required": `["q"]`,
			"d|/properties/user": `null`, "a|/properties/ctx": `null`},
	},
	{
		name: "agno user_input_fields are not shown to the model",
		src: `from agno.tools import tool

@tool(requires_user_input=True, user_input_fields=["postcode"])
def post_letter(greeting: str, text: str, postcode: str) -> str:
    """Post a letter."""
    return ""
`,
		tools: []string{"post_letter"},
		facts: map[string]string{"post_letter|/required": `["greeting","text"]`},
	},
	{
		name: "constraints on Optional land on the non-null branch",
		src: `from typing import Annotated, Optional
from pydantic import Field

def search(limit: Optional[int] = Field(10, ge=1, le=100), page: Annotated[Optional[int], Field(ge=1)] = None) -> None:
    """Search."""
`,
		tools: []string{"search"},
		facts: map[string]string{
			"search|/properties/limit/anyOf/0": `{"type":"integer","minimum":1,"maximum":100}`,
			"search|/properties/limit/default": `10`,
			"search|/properties/page/anyOf/0":  `{"type":"integer","minimum":1}`,
		},
		diags: []string{"python-doc-missing"},
	},
	{
		name: "default_factory keeps the rest of the Field; module constants resolve",
		src: `from pydantic import Field
DEFAULT_CONTEXT_LINES = 3
MIN = 1

def diff(tags: list[str] = Field(default_factory=lambda: ["a"], description="Tags.", max_length=4), context_lines: int = DEFAULT_CONTEXT_LINES, n: int = Field(5, ge=MIN)) -> None:
    """Diff."""
`,
		tools: []string{"diff"},
		facts: map[string]string{
			"diff|/properties/tags":                  `{"type":"array","description":"Tags.","items":{"type":"string"},"maxItems":4}`,
			"diff|/properties/context_lines/default": `3`,
			"diff|/properties/n/minimum":             `1`,
			"diff|/required":                         `null`,
		},
		diags: []string{"python-doc-missing"},
	},
	{
		name: "Annotated[int, Field(default=…)] is optional; Field(alias=…) is the published name",
		src: `from typing import Annotated
from pydantic import BaseModel, Field

class Range(BaseModel):
    from_: str = Field(alias="from")
    max_length: Annotated[int, Field(default=5000)]

def fetch(r: Range) -> None:
    """Fetch."""
`,
		tools: []string{"fetch"},
		facts: map[string]string{
			"fetch|/$defs/Range/required":                      `["from"]`,
			"fetch|/$defs/Range/properties/max_length/default": `5000`,
		},
		diags: []string{"python-doc-missing"},
	},
	{
		name: "an untyped parameter of the MCP SDK's FastMCP is a string, as func_metadata publishes it",
		src: `from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")

@mcp.tool()
def search(query, limit=10) -> str:
    """Search."""
    return ""
`,
		tools: []string{"search"},
		facts: map[string]string{
			"search|/properties/query": `{"type":"string"}`,
			"search|/properties/limit": `{"type":"string","default":10}`,
			"search|/required":         `["query"]`,
		},
		diags: []string{"tools.py:6:12: warning: parameter query of search has no type annotation; like the MCP SDK's FastMCP, the schema asks for a string [python-untyped]"},
	},
	{
		name: "an untyped parameter of the standalone FastMCP (pydantic on the signature) is any value",
		src: `from fastmcp import FastMCP

mcp = FastMCP("x")

@mcp.tool
def search(query) -> str:
    """Search."""
    return ""
`,
		tools: []string{"search"},
		facts: map[string]string{"search|/properties/query": `{}`},
		diags: []string{"like the framework, the schema accepts any value [python-untyped]"},
	},
	{
		name:   "smolagents refuses an untyped parameter",
		tools:  []string{"search"},
		src:    "from smolagents import tool\n\n@tool\ndef search(query) -> str:\n    \"\"\"Search.\n\n    Args:\n        query: Words.\n    \"\"\"\n    return \"\"\n",
		diags:  []string{"tools.py:4:12: error: parameter query of search has no type annotation; smolagents refuses such a tool: annotate it [python-untyped]"},
		errors: true,
	},
	{
		name: "pydantic's own types",
		src: `from typing import NamedTuple
from pydantic import AnyUrl, EmailStr, SecretStr, PositiveInt, conint, constr, conlist, Json

class Point(NamedTuple):
    x: int
    y: int = 0

def t(u: AnyUrl, e: EmailStr, s: SecretStr, p: PositiveInt, c: conint(ge=1), k: constr(max_length=3), l: conlist(int, min_length=1), j: Json, pt: Point) -> None:
    """T."""
`,
		tools: []string{"t"},
		facts: map[string]string{
			"t|/properties/u": `{"type":"string","format":"uri","minLength":1}`,
			"t|/properties/e": `{"type":"string","format":"email"}`,
			"t|/properties/s": `{"type":"string","format":"password","writeOnly":true}`,
			"t|/properties/p": `{"type":"integer","exclusiveMinimum":0}`,
			"t|/properties/c": `{"type":"integer","minimum":1}`,
			"t|/properties/k": `{"type":"string","maxLength":3}`,
			"t|/properties/l": `{"type":"array","items":{"type":"integer"},"minItems":1}`,
			"t|/properties/j": `{"type":"string","contentMediaType":"application/json","contentSchema":{}}`,
			"t|/$defs/Point":  `{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer","default":0}],"items":false,"minItems":1,"maxItems":2}`,
		},
		diags: []string{"python-doc-missing"},
	},
	{
		name: "docstring sections other than the parameters' stay in the description; '- name: desc' lists",
		src: `def grep(pattern: str, path: str = ".") -> list[str]:
    """Search files.

    Parameters:
    - pattern: The regular expression.
    - path: Where to look.

    Returns:
        The matching lines.

    Raises:
        ValueError: on a bad pattern.

    Examples:
        >>> grep("a")

    Notes:
        Slow on big trees.
    """
    return []
`,
		tools: []string{"grep"},
		facts: map[string]string{
			"grep|@description":                    `"Search files.\n\nReturns:\n    The matching lines.\n\nRaises:\n    ValueError: on a bad pattern.\n\nExamples:\n    >>> grep(\"a\")\n\nNotes:\n    Slow on big trees."`,
			"grep|/properties/pattern/description": `"The regular expression."`,
			"grep|/properties/path/description":    `"Where to look."`,
		},
	},
	{
		name: "dataclass Attributes: sections and attribute docstrings",
		src: `from dataclasses import dataclass

@dataclass
class Box:
    """A box.

    Attributes:
        width: Width in cm.
    """
    width: int
    height: int
    """Height in cm."""

def pack(b: Box) -> None:
    """Pack.

    Args:
        b: The box.
    """
`,
		tools: []string{"pack"},
		facts: map[string]string{
			"pack|/$defs/Box/description":                   `"A box."`,
			"pack|/$defs/Box/properties/width/description":  `"Width in cm."`,
			"pack|/$defs/Box/properties/height/description": `"Height in cm."`,
		},
	},
	{
		name: "a negative length bound is an error with a position, not a crash",
		src: `from typing import Annotated
from pydantic import Field

def f(a: Annotated[str, Field(max_length=-1)], b: Annotated[int, Field(ge=5, le=1)] = 3) -> None:
    """F."""
`,
		tools:  []string{"f"},
		diags:  []string{"4:42: error: max_length must be a non-negative integer, not -1", "ge 5 is above le 1"},
		errors: true,
	},
	{
		name:   "a missing colon inside a function body is a syntax error at CPython's line",
		src:    "def f(x: int) -> int:\n    \"\"\"F.\"\"\"\n    if x > 1\n        return x\n    return 0\n",
		diags:  []string{"tools.py:3:13: error: invalid Python: expected ':' [python-syntax]"},
		errors: true,
	},
	{
		name:   "return = a inside a body is a syntax error",
		src:    "def f(a: int) -> int:\n    \"\"\"F.\"\"\"\n    return = a\n",
		diags:  []string{"tools.py:3:12: error: invalid Python"},
		errors: true,
	},
	{
		// CPython: TabError at 3:1 (a tab-indented block continued with
		// eight spaces, equal width with tabs to 8, unequal with tabs as 1).
		name:   "tabs and spaces mixed inconsistently are a TabError",
		src:    "def f(a: int) -> int:\n\tif a:\n        return 1\n\treturn 0\n",
		diags:  []string{"tools.py:3:1: error: invalid Python: inconsistent use of tabs and spaces in indentation [python-syntax]"},
		errors: true,
	},
	{
		// CPython: the syntax error on line 2 comes before the TabError on line 3.
		name:   "a grammar error before a TabError is reported first",
		src:    "def f(a: int) -> int:\n    return = 1\n\tpass\n",
		diags:  []string{"tools.py:2:12: error: invalid Python: invalid syntax [python-syntax]"},
		errors: true,
	},
	{
		// CPython: IndentationError at 101:1 (MAXINDENT is 100 levels).
		name:   "more than 100 indentation levels",
		src:    "def f(a: int) -> int:\n" + deepIfs(100) + "\n",
		diags:  []string{"tools.py:101:1: error: invalid Python: too many levels of indentation [python-syntax]"},
		errors: true,
	},
	{
		// CPython 3.11: "f-string: invalid syntax" at 5:1 (the field's end).
		name:   "an f-string expression is checked like any expression",
		src:    "def f(a: int) -> str:\n    \"\"\"F.\"\"\"\n    return f\"\"\"\n{a +\n}\"\"\"\n",
		diags:  []string{"tools.py:5:1: error: invalid Python: f-string: invalid syntax [python-syntax]"},
		errors: true,
	},
	{
		name:   "a conversion other than !s, !r, !a is a syntax error",
		src:    "def f(a: int) -> str:\n    return f\"{a!z}\"\n",
		diags:  []string{"tools.py:2:17: error: invalid Python: f-string: invalid conversion character: expected 's', 'r', or 'a' [python-syntax]"},
		errors: true,
	},
	{
		name:   "a single '}' in an f-string",
		src:    "def f(a: int) -> str:\n    return f\"{a}}\"\n",
		diags:  []string{"tools.py:2:17: error: invalid Python: f-string: single '}' is not allowed [python-syntax]"},
		errors: true,
	},
	{
		name:  "valid f-strings stay valid (self-documenting =, conversions, nested specs, comparisons)",
		src:   "def f(a: int, b: int) -> str:\n    \"\"\"F.\n\n    Args:\n        a: A.\n        b: B.\n    \"\"\"\n    return f\"{a!r:>10} {b = } {a==b} {a!=b} {a:{b}.{b}} {{x}} {(c:=2)} {a<=b} {f'{a}'}\"\n",
		tools: []string{"f"},
	},
	{
		// CPython: "invalid character '€' (U+20AC)" at 2:6, "invalid
		// non-printable character U+200B" for a zero-width space.
		name:   "a character no identifier may hold",
		src:    "def f(a: int) -> int:\n    x€ = a\n    return x€\n",
		diags:  []string{"tools.py:2:6: error: invalid Python: invalid character '€' (U+20AC) [python-syntax]"},
		errors: true,
	},
	{
		name:   "a non-printable character in a name",
		src:    "def f(a: int) -> int:\n    x\u200b = a\n    return a\n",
		diags:  []string{"tools.py:2:6: error: invalid Python: invalid non-printable character U+200B [python-syntax]"},
		errors: true,
	},
	{
		name:  "identifiers in other scripts and with combining marks stay valid",
		src:   "def f(größe: int, a·b: int, ℘: int) -> int:\n    \"\"\"F.\n\n    Args:\n        größe: G.\n        a·b: A.\n        ℘: P.\n    \"\"\"\n    return größe\n",
		tools: []string{"f"},
	},
	{
		// CPython: "unknown encoding: uft-8" (reported on line 0).
		name:   "a coding declaration naming no codec",
		src:    "# -*- coding: uft-8 -*-\ndef f(a: int) -> int:\n    return a\n",
		diags:  []string{"tools.py:1:1: error: invalid Python: unknown encoding: uft-8 [python-syntax]"},
		errors: true,
	},
	{
		// CPython: "encoding problem: utf8 with BOM" (only utf-8 spelled so passes).
		name:   "a BOM with a declaration of another spelling or encoding",
		src:    "\ufeff# coding: utf8\ndef f(a: int) -> int:\n    return a\n",
		diags:  []string{"tools.py:1:1: error: invalid Python: encoding problem: utf8 with BOM [python-syntax]"},
		errors: true,
	},
	{
		name:  "declarations CPython accepts stay accepted",
		src:   "\ufeff#!/usr/bin/env python\n# vim: set fileencoding=UTF-8 :\ndef f(a: int) -> int:\n    \"\"\"F.\n\n    Args:\n        a: A.\n    \"\"\"\n    return a\n",
		tools: []string{"f"},
	},
	{
		// CPython: the codec's error at the end of the literal (1:… as
		// compile() of the file's bytes reports it); a comment may hold
		// such bytes.
		name:   "bytes that are no UTF-8 in a string literal",
		src:    "# \xff comments may hold anything\ndef f(a: int) -> str:\n    return \"\xe9t\xe9\"\n",
		diags:  []string{"tools.py:3:17: error: invalid Python: (unicode error) 'utf-8' codec can't decode byte 0xe9 in position 0: invalid continuation byte [python-syntax]"},
		errors: true,
	},
	{
		name:   "a bytes literal with a non-ASCII character",
		src:    "def f(a: int) -> bytes:\n    return b\"caf\u00e9\"\n",
		diags:  []string{"tools.py:2:12: error: invalid Python: bytes can only contain ASCII literal characters [python-syntax]"},
		errors: true,
	},
	{
		name:   "a bad indent inside a body is a syntax error",
		src:    "def f(a: int) -> int:\n    \"\"\"F.\"\"\"\n    b = a\n      return b\n",
		diags:  []string{"tools.py:4:6: error: invalid Python: unexpected indent [python-syntax]"},
		errors: true,
	},
	{
		name: "low-level server: the Tool values of list_tools, names from an enum",
		src: `from enum import Enum
from mcp.server import Server
from mcp.types import Tool
from pydantic import BaseModel

class Names(str, Enum):
    STATUS = "git_status"

class Status(BaseModel):
    repo_path: str

async def serve() -> None:
    server = Server("git")

    @server.list_tools()
    async def list_tools() -> list[Tool]:
        return [
            Tool(name=Names.STATUS, description="Shows the status", inputSchema=Status.model_json_schema()),
            Tool(name="echo", description="Echo", inputSchema={"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}),
        ]
`,
		tools: []string{"git_status", "echo"},
		facts: map[string]string{"git_status|/$defs/Status/required": `["repo_path"]`, "echo|/required": `["text"]`,
			"echo|@description": `"Echo"`},
	},
	{
		name: "BaseTool subclasses with args_schema",
		src: `from crewai.tools import BaseTool
from pydantic import BaseModel, Field

class SearchInput(BaseModel):
    query: str = Field(..., description="What to search.")

class SearchTool(BaseTool):
    name: str = "Search the web"
    description: str = ("Searches " "the web.")
    args_schema: type[BaseModel] = SearchInput

    def _run(self, query: str) -> str:
        return query
`,
		tools: []string{"Search the web"},
		facts: map[string]string{"Search the web|@description": `"Searches the web."`,
			"Search the web|/$defs/SearchInput/properties/query/description": `"What to search."`},
	},
}

func init() {
	// A 3,000-deep list[...] took 53 s and 2 GB; CPython refuses a 201st
	// open bracket, and so does tscg, at once.
	whyCases = append(whyCases, whyCase{
		name:   "deeply nested hints are bounded as CPython bounds them",
		src:    "def f(x: " + strings.Repeat("list[", 3000) + "int" + strings.Repeat("]", 3000) + ") -> None: ...\n",
		diags:  []string{":1:1009: error: invalid Python: too many nested parentheses"},
		errors: true,
	})
}

func TestIssue16Why(t *testing.T) {
	for _, c := range whyCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "tools.py")
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			cat, ds := Load([]string{path}, Options{})
			var names []string
			for _, tl := range cat.Tools {
				names = append(names, tl.Name)
			}
			if !reflect.DeepEqual(names, c.tools) {
				t.Errorf("tools %q, want %q", names, c.tools)
			}
			var text strings.Builder
			ds.Print(&text)
			if ds.HasErrors() != c.errors {
				t.Errorf("errors: %v, want %v\n%s", ds.HasErrors(), c.errors, text.String())
			}
			for _, want := range c.diags {
				if !strings.Contains(text.String(), want) {
					t.Errorf("no diagnostic %q in\n%s", want, text.String())
				}
			}
			for key, want := range c.facts {
				tool, ptr, _ := strings.Cut(key, "|")
				tl := cat.Tool(tool)
				if tl == nil {
					t.Errorf("%s: no tool %s", key, tool)
					continue
				}
				got := toolFact(t, tl, ptr)
				if !jsonEqual(got, want) {
					t.Errorf("%s = %s, want %s", key, got, want)
				}
			}
		})
	}
}

func toolFact(t *testing.T, tl *ir.Tool, ptr string) string {
	var v any
	switch ptr {
	case "@description":
		v = tl.Description
	case "@title":
		v = tl.DisplayTitle() // title=, else annotations.title
	case "@annotations":
		m := map[string]bool{}
		for k, b := range map[string]*bool{"readOnlyHint": tl.Annotations.ReadOnly, "destructiveHint": tl.Annotations.Destructive,
			"idempotentHint": tl.Annotations.Idempotent, "openWorldHint": tl.Annotations.OpenWorld} {
			if b != nil {
				m[k] = *b
			}
		}
		v = m
	default:
		b, err := jsonschema.Type(tl.Params, jsonschema.Options{})
		v = schemaValue(t, b, err)
		for _, part := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
			switch x := v.(type) {
			case map[string]any:
				v = x[part]
			case []any:
				i := 0
				for _, c := range part {
					i = i*10 + int(c-'0')
				}
				if i < len(x) {
					v = x[i]
				} else {
					v = nil
				}
			default:
				v = nil
			}
		}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func jsonEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

var _ = diag.Error

// TestConfiguredDecorators: the decorator and injected-type lists extend
// the known ones.
func TestConfiguredDecorators(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.py")
	src := "from myfw import Session, registry\n\n@registry.register\ndef a(q: str, s: Session) -> str:\n    \"\"\"A.\"\"\"\n    return q\n\ndef helper(x: str) -> str:\n    return x\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, ds := Load([]string{path}, Options{ToolDecorators: []string{"*.register"}, InjectedTypes: []string{"Session"}})
	if ds.HasErrors() || len(cat.Tools) != 1 || cat.Tools[0].Name != "a" || cat.Tools[0].Params.Prop("s") != nil {
		t.Errorf("configured decorator/injected type not honoured: %v %v", cat.Tools, ds)
	}
	if cat, _ := Load([]string{path}, Options{}); len(cat.Tools) != 2 {
		t.Errorf("without configuration the file is a plain script: %d tools", len(cat.Tools))
	}
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestPackageImports: absolute imports within a package resolve by
// walking up __init__.py files; `from . import module` and `from ..x`
// too (issue 16: "from pkg.types import X does not resolve").
func TestPackageImports(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"pkg/__init__.py":     "",
		"pkg/types.py":        "from pydantic import BaseModel\n\nclass Query(BaseModel):\n    text: str\n",
		"pkg/sub/__init__.py": "",
		"pkg/sub/models.py":   "from typing import TypedDict\n\nclass Page(TypedDict):\n    n: int\n",
		"pkg/sub/tools.py":    "from fastmcp import FastMCP\nfrom pkg.types import Query\nfrom . import models\nfrom ..types import Query as Q2\n\nmcp = FastMCP('x')\n\n@mcp.tool\ndef search(q: Query, p: models.Page, q2: Q2) -> str:\n    \"\"\"Search.\"\"\"\n    return ''\n",
	})
	cat, ds := Load([]string{filepath.Join(dir, "pkg/sub/tools.py")}, Options{})
	if ds.HasErrors() {
		t.Fatalf("imports do not resolve: %v", ds)
	}
	tl := cat.Tool("search")
	if tl == nil {
		t.Fatal("no tool search")
	}
	for prop, named := range map[string]string{"q": "Query", "p": "Page", "q2": "Query"} {
		p := tl.Params.Prop(prop)
		if p == nil || p.Type.Kind != ir.KindRef || p.Type.Ref.Name != named {
			t.Errorf("%s is not a reference to %s: %+v", prop, named, p)
		}
	}
}

// TestNestedModules: a module found in a sub-directory of a tools folder
// is a tool group when it defines framework tools, and otherwise says
// why it is read only through imports (issue 16: "files in sub-packages
// are silently skipped").
func TestNestedModules(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"tools/main.py":        "def ping(x: int) -> int:\n    \"\"\"Ping.\n\n    Args:\n        x: X.\n    \"\"\"\n    return x\n",
		"tools/more/extra.py":  "from langchain_core.tools import tool\n\n@tool\ndef extra(q: str) -> str:\n    \"\"\"Extra.\n\n    Args:\n        q: Q.\n    \"\"\"\n    return q\n",
		"tools/more/helper.py": "def util(x) -> int:\n    return 1\n",
	})
	files := []string{filepath.Join(dir, "tools/main.py"), filepath.Join(dir, "tools/more/extra.py"), filepath.Join(dir, "tools/more/helper.py")}
	nested := map[string]bool{files[1]: true, files[2]: true}
	cat, ds := Load(files, Options{Nested: nested})
	var names []string
	for _, tl := range cat.Tools {
		names = append(names, tl.Name)
	}
	if !reflect.DeepEqual(names, []string{"ping", "extra"}) || ds.HasErrors() {
		t.Errorf("tools %v, diagnostics %v; want ping and extra, no errors", names, ds)
	}
	var text strings.Builder
	ds.Print(&text)
	if !strings.Contains(text.String(), "helper.py: info:") || !strings.Contains(text.String(), "[python-helper]") {
		t.Errorf("no info diagnostic for the helper module:\n%s", text.String())
	}
}

// deepIfs nests n if statements one space deeper each, from column 2.
func deepIfs(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(strings.Repeat(" ", i) + "if a:\n")
	}
	b.WriteString(strings.Repeat(" ", n+1) + "pass")
	return b.String()
}
