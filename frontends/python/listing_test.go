package python

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// TestFrameworkListing compares, exactly, the MCP listing entry of every
// FastMCP tool in the test data (ir.Tool.Listing, which
// providers/mcp.tools-list.json writes) with what the framework publishes
// for it (<file>.expected.json from gen_expected.py: pydantic 2 under the
// installed CPython, the MCP SDK's Tool.from_function or fastmcp's
// ParsedFunction.from_function written out): the description (the MCP
// SDK's fn.__doc__ as written, fastmcp's inspect.getdoc) and the whole
// input schema (titles, open objects, no parameter descriptions from
// docstrings) and output schema (structured output), only the order of
// "required" aside.
func TestFrameworkListing(t *testing.T) {
	var files []string
	for _, g := range []string{"testdata/frameworks/*/*.py", "testdata/constants/*/*.py", "testdata/untyped/*.py"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	byRule := map[string]int{}
	seen := map[string]bool{}
	rel := func(f string) string { return strings.TrimPrefix(filepath.ToSlash(f), "testdata/frameworks/") }
	for _, f := range files {
		ref := strings.TrimSuffix(f, ".py") + ".expected.json"
		if _, err := os.Stat(ref); err != nil {
			continue // a module the tool files import
		}
		want := readRefListing(t, ref)
		cat, _ := Load([]string{f}, Options{})
		for _, tl := range cat.Tools {
			if tl.Listing == nil {
				if mcpFolder(rel(f)) && !unreadConstant(f, tl.Name) {
					t.Errorf("%s: tool %s has no listing of its framework (the MCP SDK's); providers/mcp.tools-list.json would have tscg's schema", f, tl.Name)
				}
				continue
			}
			if unreadConstant(f, tl.Name) {
				continue
			}
			byRule[tl.Listing.Framework]++
			name := tl.Name
			if tl.Listing.Name != "" {
				name = tl.Listing.Name
			}
			w, ok := want[name]
			if !ok {
				t.Errorf("%s: tool %s is not in the framework's listing", f, name)
				continue
			}
			wd, has := w["description"].(string)
			if has && wd != tl.Listing.Description && listedDeviation(listingDeviations, rel(f), tl.Name, "description", seen) {
				continue
			}
			switch {
			case !has && (tl.Listing.Description != "" || tl.Listing.EmptyDescription):
				t.Errorf("%s: tool %s: description %q, the framework publishes none", f, tl.Name, tl.Listing.Description)
			case has && wd != tl.Listing.Description:
				t.Errorf("%s: tool %s: description %q, want %q", f, tl.Name, tl.Listing.Description, wd)
			}
			var got any
			if err := json.Unmarshal(tl.Listing.InputSchema, &got); err != nil {
				t.Fatal(err)
			}
			g, ws := sortRequired(got), sortRequired(w["inputSchema"])
			if !reflect.DeepEqual(g, ws) {
				gb, _ := json.Marshal(g)
				wb, _ := json.Marshal(ws)
				t.Errorf("%s: tool %s: inputSchema\n got %s\nwant %s", f, tl.Name, gb, wb)
			}
			var gotOut any
			if tl.Listing.OutputSchema != nil {
				if err := json.Unmarshal(tl.Listing.OutputSchema, &gotOut); err != nil {
					t.Fatal(err)
				}
			}
			if go_, wo := sortRequired(gotOut), sortRequired(w["outputSchema"]); !reflect.DeepEqual(go_, wo) {
				gb, _ := json.Marshal(go_)
				wb, _ := json.Marshal(wo)
				t.Errorf("%s: tool %s: outputSchema\n got %s\nwant %s", f, tl.Name, gb, wb)
			}
			for _, m := range []struct {
				key string
				got ir.Value
			}{{"icons", tl.Icons}, {"_meta", tl.Meta}} {
				var g any
				if m.got != nil {
					if err := json.Unmarshal(m.got, &g); err != nil {
						t.Fatal(err)
					}
				}
				if !reflect.DeepEqual(g, w[m.key]) {
					t.Errorf("%s: tool %s: %s %s, want %v", f, tl.Name, m.key, m.got, w[m.key])
				}
			}
		}
	}
	for _, d := range listingDeviations {
		if !seen[d.file+"\x00"+d.tool+"\x00"+d.what] {
			t.Errorf("listed deviation no longer seen (remove it): %s %s %s", d.file, d.tool, d.what)
		}
	}
	t.Logf("tools with the framework's listing: %v", byRule)
	if byRule["FastMCP (MCP SDK 1.x)"] < 30 || byRule["fastmcp 2.x/3.x"] < 12 || byRule["OpenAI Agents SDK"] < 2 ||
		byRule["LangChain"] < 4 || byRule["smolagents"] < 5 || byRule["swarm"] < 4 || byRule["CrewAI"] < 3 || byRule["agno"] < 6 || byRule["pydantic-ai"] < 9 ||
		byRule["MCP SDK low-level Server"] < 8 {
		t.Errorf("too few FastMCP tools checked: %v", byRule)
	}
}

// mcpFolder reports a test-data folder of MCP SDK and fastmcp servers,
// each of whose tools gets its framework's listing.
func mcpFolder(rel string) bool {
	for _, d := range []string{"mcp-python-sdk/", "fastmcp/", "mcp-servers/", "mcp-quickstart/", "langchain-mcp-adapters/"} {
		if strings.HasPrefix(rel, d) {
			return true
		}
	}
	return false
}

// listingDeviations are the listings tscg cannot equal, each a value
// only the running module knows.
var listingDeviations = []corpusDeviation{
	{"crewai-tools/pause_tools.py", "Desk", "description", "_desk_label() takes statements to compute; tscg evaluates one-line functions only, so the listing shows {_desk_label()} with a warning"},
}

func readRefListing(t *testing.T, path string) map[string]map[string]any {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ref struct{ Tools []map[string]any }
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]map[string]any{}
	for _, tl := range ref.Tools {
		n, _ := tl["name"].(string)
		out[n] = tl
	}
	return out
}

// sortRequired sorts every "required" list.
func sortRequired(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if l, ok := e.([]any); ok && k == "required" {
				sort.Slice(l, func(i, j int) bool { return l[i].(string) < l[j].(string) })
				continue
			}
			sortRequired(e)
		}
	case []any:
		for _, e := range x {
			sortRequired(e)
		}
	}
	return v
}

// unreadConstant reports a tool with a listed deviation in its constants
// (constantDeviations: values tscg cannot read), which no listing fixes.
func unreadConstant(file, tool string) bool {
	for _, d := range constantDeviations {
		if strings.HasSuffix(filepath.ToSlash(file), "/"+d.file) && d.tool == tool && tool != "fit_shelf" {
			return true
		}
	}
	return false
}

// TestTscgListingSwitch: with python.listing: tscg no tool carries the
// framework's listing, so the MCP listing is tscg's reading.
func TestTscgListingSwitch(t *testing.T) {
	f := "testdata/frameworks/mcp-python-sdk/factory_server.py"
	cat, _ := Load([]string{f}, Options{})
	withListing := 0
	for _, tl := range cat.Tools {
		if tl.Listing != nil {
			withListing++
		}
	}
	if withListing == 0 {
		t.Fatalf("%s: no tool has the framework's listing", f)
	}
	cat, _ = Load([]string{f}, Options{TscgListing: true})
	for _, tl := range cat.Tools {
		if tl.Listing != nil {
			t.Errorf("%s: tool %s has the framework's listing under TscgListing", f, tl.Name)
		}
	}
}

// TestAgentFrameworkUnreadable (issue 28 item 5): in LangChain,
// smolagents and swarm files, a tool tscg cannot read is an error at its
// construct, and the file's other tools are still read, with their
// framework's listing.
func TestAgentFrameworkUnreadable(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"lc_tools.py": `from langchain_core.tools import tool, StructuredTool
from elsewhere import RemoteInput, make_schema


@tool("good_one", parse_docstring=True)
def good_one(q: str) -> str:
    """Find q.

    Args:
        q: the query
    """
    return q


@tool("bad_one", args_schema=RemoteInput)
def bad_one(q: str) -> str:
    """Bad."""
    return q


def other(x: int) -> int:
    """Other."""
    return x


other_tool = StructuredTool.from_function(func=other, args_schema=make_schema())
`,
		"smol_tools.py": `from smolagents import Tool, tool
from elsewhere import INPUTS


class Broken(Tool):
    name = "broken"
    description = "broken"
    inputs = INPUTS
    output_type = "string"


@tool
def fine(a: int) -> int:
    """
    Fine.

    Args:
        a: a number
    """
    return a
`,
	}
	want := map[string]struct {
		errLines []int
		listed   []string
	}{
		"lc_tools.py":   {[]int{15, 26}, []string{"good_one"}},
		"smol_tools.py": {[]int{8}, []string{"fine"}},
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		cat, ds := Load([]string{path}, Options{})
		var lines []int
		for _, d := range ds {
			if d.Severity.String() == "error" {
				lines = append(lines, d.Pos.Line)
			}
		}
		sort.Ints(lines)
		if !reflect.DeepEqual(lines, want[name].errLines) {
			t.Errorf("%s: errors at lines %v, want %v (%v)", name, lines, want[name].errLines, ds)
		}
		for _, n := range want[name].listed {
			found := false
			for _, tl := range cat.Tools {
				if tl.Name == n {
					found = tl.Listing != nil
				}
			}
			if !found {
				t.Errorf("%s: tool %s is not read with its framework's listing", name, n)
			}
		}
	}
}

// TestRunTimeRegistration: a tool registered inside another tool's body
// (mcp.add_tool in a tool the client calls) is not listed at start, by the
// server or by tscg, and a warning says so at the call.
func TestRunTimeRegistration(t *testing.T) {
	f := "testdata/frameworks/mcp-python-sdk/notebook_server.py"
	cat, diags := Load([]string{f}, Options{})
	for _, tl := range cat.Tools {
		if tl.Name == "scratch_page" {
			t.Errorf("scratch_page is listed; it is registered only while tidy_notebook runs")
		}
	}
	want := "notebook_server.py:41:5: warning: _scratch_page is registered inside the tool tidy_notebook, when that tool is called; it is not in the server's tools/list at start, nor in tscg's [python-value]"
	for _, d := range diags {
		if strings.HasSuffix(d.String(), want) {
			return
		}
	}
	t.Errorf("no warning %q in %v", want, diags)
}

// TestUnmodelledListing: a tool of a framework whose own definition tscg
// does not model (CrewAI before 1.0)
// keeps tscg's reading with a python-listing warning naming it; tools of
// the modelled frameworks get none.
func TestUnmodelledListing(t *testing.T) {
	dir := t.TempDir()
	tool := "from typing import Type\n\nfrom crewai.tools import BaseTool\nfrom pydantic import BaseModel, Field\n\n\n" +
		"class ShelfInput(BaseModel):\n    shelf: str = Field(..., description=\"The shelf to count.\")\n\n\n" +
		"class ShelfCounter(BaseTool):\n    name: str = \"Shelf Counter\"\n    description: str = \"Counts the books on a shelf.\"\n" +
		"    args_schema: Type[BaseModel] = ShelfInput\n\n    def _run(self, shelf: str) -> str:\n        return shelf\n"
	for _, c := range []struct{ name, pin string }{{"old", "crewai==0.130.0\n"}, {"new", "crewai>=1.2\n"}} {
		if err := os.MkdirAll(filepath.Join(dir, c.name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, c.name, "requirements.txt"), []byte(c.pin), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, c.name, "shelf_tool.py"), []byte(tool), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		file string
		want map[string]string // tool -> framework named in the warning; nil: no warning
	}{
		{"testdata/frameworks/agno/approval_tools.py", nil},
		{"testdata/frameworks/pydantic-ai/shop_agents.py", nil},
		{filepath.Join(dir, "old", "shelf_tool.py"), map[string]string{"Shelf Counter": "CrewAI before 1.0"}},
		{filepath.Join(dir, "new", "shelf_tool.py"), nil},
		{"testdata/frameworks/mcp-python-sdk/notebook_server.py", nil},
		{"testdata/frameworks/crewai-tools/catalogue_tools.py", nil},
	} {
		cat, diags := Load([]string{c.file}, Options{})
		if len(cat.Tools) == 0 {
			t.Fatalf("%s: no tools", c.file)
		}
		got := map[string]string{}
		for _, d := range diags {
			if d.RuleID != ruleListing || d.Severity != diag.Warning {
				continue
			}
			for _, tl := range cat.Tools {
				if strings.Contains(d.Message, "tool "+tl.Name+" (") {
					fw, _, _ := strings.Cut(d.Message, "'s own definition")
					got[tl.Name] = fw
				}
			}
		}
		for name, fw := range c.want {
			if got[name] != fw {
				t.Errorf("%s: tool %s: python-listing naming %q, want %q (all: %v)", c.file, name, got[name], fw, got)
			}
		}
		if c.want == nil && len(got) > 0 {
			t.Errorf("%s: python-listing warnings %v for a modelled framework", c.file, got)
		}
	}
}

// TestRelativePackageBase: `tscg build server.py` run inside a package
// (the file named without a folder) reads `from pkg.modes import f` from
// the package's base, as Python does; the base was "." before.
func TestRelativePackageBase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "studio")
	src, err := os.ReadFile("testdata/constants/studio/studio_server.py")
	if err != nil {
		t.Fatal(err)
	}
	modes, err := os.ReadFile("testdata/constants/studio/modes.py")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"__init__.py": nil, "modes.py": modes, "studio_server.py": src} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	if got, want := packageBase("."), ".."; got != want {
		t.Errorf("packageBase(\".\") = %q, want %q", got, want)
	}
	cat, _ := Load([]string{"studio_server.py"}, Options{})
	for _, tl := range cat.Tools {
		if tl.Name == "mix_takes" && tl.Description != "Mix two takes. Saves the take and returns it as a base64 resource." {
			t.Errorf("mix_takes: description %q: modes.describe_output was not read from the package", tl.Description)
		}
	}
	if len(cat.Tools) != 3 {
		t.Errorf("%d tools, want 3", len(cat.Tools))
	}
}

// TestModelToolSignature: LangChain's @tool on a pydantic model reads the
// class's signature, which keeps a Field's default only; a warning names
// the Field keywords that are not published.
func TestModelToolSignature(t *testing.T) {
	_, diags := Load([]string{"testdata/frameworks/langgraph/mail_signals.py"}, Options{})
	want := "mail_signals.py:28:29: warning: LangChain's @tool on the model AskClerk builds its schema from the class's signature, which keeps only a field's default: the Field keywords description of note are not published [python-default]"
	for _, d := range diags {
		if strings.HasSuffix(d.String(), want) {
			return
		}
	}
	t.Errorf("no warning %q in %v", want, diags)
}

// TestAgnoUnmodelled: an agno tool whose parameter types or docstring
// style agno renders in a way tscg does not model (a project's model,
// agno inlines its pydantic schema; a ReST docstring) keeps tscg's
// reading with a python-listing warning naming it; the other tools of
// the file get agno's listing.
func TestAgnoUnmodelled(t *testing.T) {
	src := `from agno.tools import tool
from pydantic import BaseModel


class Parcel(BaseModel):
    weight: int


@tool
def ship(parcel: Parcel) -> str:
    """Ship a parcel."""
    return "ok"


@tool
def weigh(grams: int) -> str:
    """Weigh a parcel.

    :param grams: The weight.
    """
    return "ok"


@tool
def label(text: str) -> str:
    """Print a label."""
    return text
`
	checkUnrendered(t, "agno", src, "label")
}

// TestPydanticAIUnmodelled: a pydantic-ai tool whose only parameter is a
// model (pydantic-ai publishes the model's schema in its place) or whose
// docstring griffe reads as Sphinx keeps tscg's reading with a
// python-listing warning; the other tools get pydantic-ai's listing.
func TestPydanticAIUnmodelled(t *testing.T) {
	src := `from pydantic import BaseModel
from pydantic_ai import Agent

agent = Agent("openai:gpt-5-mini")


class Parcel(BaseModel):
    weight: int


@agent.tool_plain
def ship(parcel: Parcel) -> str:
    """Ship a parcel."""
    return "ok"


@agent.tool_plain
def weigh(grams: int) -> str:
    """Weigh a parcel.

    :param grams: The weight.
    """
    return "ok"


@agent.tool_plain
def label(text: str) -> str:
    """Print a label."""
    return text
`
	checkUnrendered(t, "pydantic-ai", src, "label")
}

// checkUnrendered loads src, whose tools of framework fw other than
// modelled cannot be rendered in fw's listing, and checks each gets a
// python-listing warning and keeps tscg's reading.
func checkUnrendered(t *testing.T, fw, src, modelled string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "parcel_tools.py")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, diags := Load([]string{path}, Options{})
	prefix := "the " + fw + " listing of "
	warned := map[string]bool{}
	for _, d := range diags {
		if d.RuleID == ruleListing && d.Severity == diag.Warning && strings.HasPrefix(d.Message, prefix) {
			warned[strings.Fields(strings.TrimPrefix(d.Message, prefix))[0]] = true
		}
	}
	for _, tl := range cat.Tools {
		ok := tl.Name == modelled
		if (tl.Listing != nil) != ok || warned[tl.Name] == ok {
			t.Errorf("%s tool %s: listing %v, warned %v; want %s's listing only for %s, a warning for the others", fw, tl.Name, tl.Listing != nil, warned[tl.Name], fw, modelled)
		}
	}
	if len(cat.Tools) != 3 {
		t.Errorf("%s: %d tools, want 3", fw, len(cat.Tools))
	}
}
