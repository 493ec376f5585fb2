package python

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestServeNames: what an executor needs to call a tool published under
// other names. A decorator's name= keeps the function's own name in
// Function, and a Field(alias=...) parameter keeps its Python name in
// SourceName (the published property is the alias); an unrenamed tool
// and parameter leave both empty.
func TestServeNames(t *testing.T) {
	dir := t.TempDir()
	src := `from typing import Annotated
from mcp.server.fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("dates")


@mcp.tool(name="date_range")
def between(from_: Annotated[str, Field(alias="from")], to: str = Field("today", alias="to_date"), days: int = 1) -> str:
    """Name the days."""
    return from_


@mcp.tool()
def today() -> str:
    """Today."""
    return ""
`
	path := filepath.Join(dir, "dates.py")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, ds := Load([]string{path}, Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	tl := cat.Tool("date_range")
	if tl == nil || tl.Function != "between" {
		t.Fatalf("date_range: %+v", tl)
	}
	want := map[string]string{"from": "from_", "to_date": "to", "days": ""}
	for _, p := range tl.Params.Properties {
		if w, ok := want[p.Name]; !ok || p.SourceName != w {
			t.Errorf("property %s: SourceName %q, want %q", p.Name, p.SourceName, w)
		}
		delete(want, p.Name)
	}
	if len(want) > 0 {
		t.Errorf("properties missing: %v", want)
	}
	if tl := cat.Tool("today"); tl == nil || tl.Function != "" {
		t.Errorf("today: %+v", tl)
	}
}

// TestServeTargets: what `tscg serve` is told to call for tools that are
// not functions: a BaseTool class by its class name, the tools of a
// low-level server through its module-level call_tool handler with the
// tool's name. Where serve cannot reach the handler (it is local to
// serve(), or the server takes on_call_tool=, whose handler needs a
// request context) the target is no Python name, which pyexec refuses,
// and a python-serve warning says why; a BaseTool field without a default
// is warned about the same way.
func TestServeTargets(t *testing.T) {
	files := map[string]string{
		"classes.py": `from langchain_core.tools import BaseTool
from pydantic import BaseModel


class Query(BaseModel):
    q: str


class Search(BaseTool):
    name: str = "search"
    description: str = "Search."
    args_schema: type[BaseModel] = Query
    api_key: str

    def _run(self, q: str) -> str:
        return q
`,
		"module_level.py": `from mcp.server import Server
from mcp.types import Tool, TextContent

server = Server("time")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [Tool(name="get_time", description="Now.", inputSchema={"type": "object", "properties": {}})]


@server.call_tool()
async def dispatch(name: str, arguments: dict) -> list[TextContent]:
    return []
`,
		"nested.py": `from mcp.server import Server
from mcp.types import Tool, TextContent


async def serve() -> None:
    server = Server("fetch")

    @server.list_tools()
    async def list_tools() -> list[Tool]:
        return [Tool(name="fetch", description="Fetch.", inputSchema={"type": "object", "properties": {}})]

    @server.call_tool()
    async def call_tool(name, arguments: dict) -> list[TextContent]:
        return []
`,
		"options.py": `from mcp.server import Server
from mcp.types import Tool


async def handle_list_tools(ctx, params) -> list[Tool]:
    return [Tool(name="echo", description="Echo.", inputSchema={"type": "object", "properties": {}})]


async def handle_call_tool(ctx, params):
    return None


app = Server("echo", on_list_tools=handle_list_tools, on_call_tool=handle_call_tool)
`,
	}
	dir := t.TempDir()
	var paths []string
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	cat, ds := Load(paths, Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for tool, want := range map[string]string{
		"search":   "Search",
		"get_time": "dispatch:get_time",
		"fetch":    "serve.<locals>.call_tool:fetch",
		"echo":     "<on_call_tool handler needs the server's request context>:echo",
	} {
		if tl := cat.Tool(tool); tl == nil || tl.Function != want {
			t.Errorf("%s: %+v, want Function %q", tool, tl, want)
		}
	}
	warned := map[string]string{}
	for _, d := range ds {
		if d.RuleID == ruleServe {
			warned[filepath.Base(d.Pos.File)+":"+strconv.Itoa(d.Pos.Line)] = d.Message
		}
	}
	for at, want := range map[string]string{
		"classes.py:13": "field api_key has no default",
		"nested.py:13":  "call_tool is defined inside serve()",
		"options.py:5":  "Server(on_call_tool=...)",
	} {
		if !strings.Contains(warned[at], want) {
			t.Errorf("%s: warning %q, want one saying %q", at, warned[at], want)
		}
		delete(warned, at)
	}
	if len(warned) > 0 {
		t.Errorf("unexpected python-serve warnings: %v", warned)
	}
}
