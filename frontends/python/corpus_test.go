package python

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// corpusDeviation is a difference from the reference the corpus test
// knows and asserts: it must still be there (so an entry cannot outlive
// its reason), and nothing else may differ.
type corpusDeviation struct {
	file, tool, what, why string
}

// corpusDeviations lists every deliberate difference from what the
// frameworks publish.
var corpusDeviations = []corpusDeviation{
	{"deer-flow/atlas_tools.py", "map_search", "description", "LangChain's parse_docstring joins the text blocks before Args with a space; the IR keeps the docstring's lines (the listing is LangChain's, TestFrameworkListing)"},
	{"deer-flow/atlas_tools.py", "route_plan", "description", "LangChain's parse_docstring drops a Returns block before Args; the IR keeps it (the listing is LangChain's)"},
	{"deer-flow/atlas_tools.py", "box_area", "examples /properties/unit", "LangChain rebuilds each argument from its description, default and constraints, so examples and title go; the IR keeps them (the listing is LangChain's)"},
	{"deer-flow/atlas_tools.py", "box_area", "description of bounds", "LangChain replaces a $ref with its definition, dropping the field's own description; the IR keeps it (the listing is LangChain's)"},
}

type refTool struct {
	Name        string         `json:"name"`
	Title       string         `json:"title"`
	Description string         `json:"description"`
	InputSchema any            `json:"inputSchema"`
	Annotations map[string]any `json:"annotations"`
	Icons       any            `json:"icons"`
	Meta        any            `json:"_meta"`
	Execution   any            `json:"execution"`
}

// TestFrameworkCorpus compiles every tool file under testdata/frameworks
// (our own, one folder per framework, each written in the shape of the
// real-world files listed in testdata/README.md) and compares it with
// what its framework publishes (<file>.expected.json, from
// gen_expected.py: pydantic 2 on the signature as FastMCP's func_metadata
// does, or the framework's own Tool values). Compared per property: the
// tool set, names, titles, annotations, descriptions, and of the input
// schema types, enums, defaults, constraints, required and descriptions.
func TestFrameworkCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/frameworks/*/*.py")
	if err != nil {
		t.Fatal(err)
	}
	repos := map[string]bool{}
	seen := map[string]bool{}
	tools, agree := 0, 0
	for _, f := range files {
		rel := strings.TrimPrefix(filepath.ToSlash(f), "testdata/frameworks/")
		repos[strings.Split(rel, "/")[0]] = true
		raw, err := os.ReadFile(strings.TrimSuffix(f, ".py") + ".expected.json")
		if err != nil {
			t.Errorf("%s: no expected output (run gen_expected.py): %v", rel, err)
			continue
		}
		var ref struct{ Tools []refTool }
		if err := json.Unmarshal(raw, &ref); err != nil {
			t.Fatal(err)
		}
		cat, ds := Load([]string{f}, Options{})
		for _, d := range ds {
			if d.Severity == diag.Error {
				t.Errorf("%s: %s", rel, d)
			}
		}
		got := map[string]*ir.Tool{}
		var gotNames, wantNames []string
		for _, tl := range cat.Tools {
			name := tl.Name
			if tl.Listing != nil && tl.Listing.Name != "" { // CrewAI's sanitized name
				name = tl.Listing.Name
			}
			got[name] = tl
			gotNames = append(gotNames, name)
		}
		for _, rt := range ref.Tools {
			wantNames = append(wantNames, rt.Name)
		}
		sort.Strings(gotNames)
		sort.Strings(wantNames)
		if !reflect.DeepEqual(gotNames, wantNames) {
			t.Errorf("%s: tools %v, the framework publishes %v", rel, gotNames, wantNames)
		}
		for _, rt := range ref.Tools {
			tools++
			tl := got[rt.Name]
			if tl == nil {
				continue
			}
			if tl.Listing != nil && (tl.Listing.Framework == "smolagents" || tl.Listing.Framework == "swarm" || tl.Listing.Framework == "CrewAI" || tl.Listing.Framework == "OpenAI Agents SDK" || tl.Listing.Framework == "agno" || tl.Listing.Framework == "pydantic-ai") {
				// Their listings are no pydantic schema (smolagents'
				// "nullable", swarm's bare types, CrewAI's strict
				// schema with every property required, the Agents SDK's
				// strict one with griffe's description): TestFrameworkListing
				// compares them exactly; the IR keeps the signature.
				agree++
				continue
			}
			diffs := compareTool(t, tl, rt)
			ok := true
			for _, d := range diffs {
				if !expectedDeviation(rel, rt.Name, d, seen) {
					t.Errorf("%s: tool %s: %s", rel, rt.Name, d)
					ok = false
				}
			}
			if ok {
				agree++
			}
		}
	}
	for _, d := range corpusDeviations {
		if !seen[d.file+"\x00"+d.tool+"\x00"+d.what] {
			t.Errorf("listed deviation no longer seen (remove it): %s %s %s", d.file, d.tool, d.what)
		}
	}
	if len(files) < 18 || len(repos) < 13 {
		t.Errorf("corpus has %d files for %d frameworks; want at least 18 for 13", len(files), len(repos))
	}
	t.Logf("framework corpus: %d files for %d frameworks, %d tools, %d agree with the framework (deviations listed: %d)", len(files), len(repos), tools, agree, len(corpusDeviations))
}

// readRefTools reads the tools of a <file>.expected.json.
func readRefTools(t *testing.T, path string) []refTool {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ref struct{ Tools []refTool }
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return ref.Tools
}

func expectedDeviation(file, tool, what string, seen map[string]bool) bool {
	return listedDeviation(corpusDeviations, file, tool, what, seen)
}

// listedDeviation reports a difference listed in devs, and marks it seen.
func listedDeviation(devs []corpusDeviation, file, tool, what string, seen map[string]bool) bool {
	for _, d := range devs {
		if d.file == file && d.tool == tool && strings.HasPrefix(what, d.what) {
			seen[d.file+"\x00"+d.tool+"\x00"+d.what] = true
			return true
		}
	}
	return false
}

// compareTool lists the differences between a compiled tool and the
// framework's, one line each.
func compareTool(t *testing.T, tl *ir.Tool, rt refTool) []string {
	var diffs []string
	if tl.Title != rt.Title {
		diffs = append(diffs, "title "+quoteJSON(tl.Title)+", want "+quoteJSON(rt.Title))
	}
	// The MCP SDK publishes the docstring as written (TestFrameworkListing
	// compares that); the IR holds it cleaned.
	if d := descriptionDiff(tl.Description, cleandoc(rt.Description)); d != "" {
		diffs = append(diffs, d)
	}
	diffs = append(diffs, annotationDiffs(tl, rt.Annotations)...)
	for _, m := range []struct {
		key  string
		got  ir.Value
		want any
	}{{"icons", tl.Icons, rt.Icons}, {"_meta", tl.Meta, rt.Meta}, {"execution", tl.Execution, rt.Execution}} {
		var g any
		if m.got != nil {
			if err := json.Unmarshal(m.got, &g); err != nil {
				t.Fatal(err)
			}
		}
		if !reflect.DeepEqual(g, m.want) {
			diffs = append(diffs, fmt.Sprintf("%s %s, want %v", m.key, m.got, m.want))
		}
	}
	b, err := jsonschema.Type(tl.Params, jsonschema.Options{})
	gotSchema := schemaValue(t, b, err)
	g := normSchema(gotSchema, defsOf(gotSchema), nil, false)
	// An object without additionalProperties is open. tscg closes the
	// objects whose source sets no policy (a function's parameters, a
	// model's fields: pydantic ignores unknown keys there), the listed
	// deviation; a schema written out in the source (a low-level server's
	// inputSchema dict) keeps its own policy.
	w := normSchema(rt.InputSchema, defsOf(rt.InputSchema), nil, tl.Params.Additional == ir.AdditionalDefault)
	diffs = append(diffs, schemaDiffs("", g, w)...)
	diffs = append(diffs, propDescriptionDiffs(gotSchema, rt.InputSchema)...)
	return diffs
}

// descriptionDiff checks the CONTRACT's rule: the tool description is the
// framework's (the whole docstring, for FastMCP) less its parameter
// section. Every line kept must be the framework's, in order, and every
// line dropped must belong to a parameter section.
func descriptionDiff(got, want string) string {
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	dropped := paramSectionLines(wl)
	j := 0
	for i, w := range wl {
		if j < len(gl) && strings.TrimRight(gl[j], " ") == strings.TrimRight(w, " ") {
			if dropped[i] && strings.TrimSpace(w) != "" {
				return "description " + quoteJSON(got) + " keeps the parameter section line " + quoteJSON(w)
			}
			j++
			continue
		}
		if !dropped[i] && strings.TrimSpace(w) != "" {
			return "description " + quoteJSON(got) + " lost " + quoteJSON(w) + " of " + quoteJSON(want)
		}
	}
	if j < len(gl) {
		return "description " + quoteJSON(got) + " has " + quoteJSON(gl[j]) + ", not in " + quoteJSON(want)
	}
	return ""
}

var (
	paramHeaderRE = regexp.MustCompile(`^(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Other Parameters):?\s*$`)
	anyHeaderRE   = regexp.MustCompile(`^[A-Z][A-Za-z ]*:\s*$`)
	paramFieldRE  = regexp.MustCompile(`^\s*[:@](param|parameter|arg|argument|key|keyword|kwarg|type)\b`)
	// numpyEntryRE is a NumPy parameter entry, `name : type`, unindented.
	numpyEntryRE = regexp.MustCompile(`^\*{0,2}[A-Za-z_]\w*\s+:\s*\S`)
)

// paramSectionLines marks the lines of a docstring's parameter sections:
// a header, its underline and entries (a NumPy entry's `name : type` line
// is unindented), up to the next header or the next unindented
// paragraph; and reST/Epydoc parameter fields.
func paramSectionLines(lines []string) map[int]bool {
	out := map[int]bool{}
	in := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case paramFieldRE.MatchString(l):
			out[i], in = true, false
			continue
		case strings.HasPrefix(l, " ") && i > 0 && out[i-1] && paramFieldRE.MatchString(lines[i-1]):
			out[i] = true
			continue
		case !strings.HasPrefix(l, " ") && paramHeaderRE.MatchString(t):
			out[i], in = true, true
			continue
		case !strings.HasPrefix(l, " ") && anyHeaderRE.MatchString(t):
			in = false
		}
		if in && (t == "" || strings.HasPrefix(l, " ") || strings.HasPrefix(t, "---") || strings.HasPrefix(t, "- ") || numpyEntryRE.MatchString(l)) {
			out[i] = true
		} else if in {
			in = false
		}
	}
	return out
}

func annotationDiffs(tl *ir.Tool, want map[string]any) []string {
	a := tl.Annotations
	got := map[string]any{}
	for k, v := range map[string]*bool{"readOnlyHint": a.ReadOnly, "destructiveHint": a.Destructive, "idempotentHint": a.Idempotent, "openWorldHint": a.OpenWorld} {
		if v != nil {
			got[k] = *v
		}
	}
	for _, k := range tl.AnnotationsExtra { // fields ToolAnnotations keeps as given
		var v any
		if err := json.Unmarshal(k.Value, &v); err == nil {
			got[k.Name] = v
		}
	}
	w := map[string]any{}
	for k, v := range want {
		if k != "title" {
			w[k] = v
		}
	}
	if !reflect.DeepEqual(got, w) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(w)
		return []string{"annotations " + string(gb) + ", want " + string(wb)}
	}
	return nil
}

// schemaDiffs walks two normalised schemas and names each differing
// keyword by its path (e.g. "default /properties/time").
func schemaDiffs(path string, got, want any) []string {
	gm, ok1 := got.(map[string]any)
	wm, ok2 := want.(map[string]any)
	if !ok1 || !ok2 {
		if !reflect.DeepEqual(got, want) {
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			return []string{"schema at " + path + " is " + string(gb) + ", want " + string(wb)}
		}
		return nil
	}
	var out []string
	keys := map[string]bool{}
	for k := range gm {
		keys[k] = true
	}
	for k := range wm {
		keys[k] = true
	}
	for _, k := range sortedNames(toAny(keys)) {
		g, w := gm[k], wm[k]
		if k == "required" && isEmptyList(g) && isEmptyList(w) {
			continue
		}
		switch {
		case k == "properties" || k == "$defs":
			out = append(out, schemaDiffs(path+"/"+k, g, w)...)
		case path != "" && strings.HasSuffix(path, "/properties"):
			out = append(out, schemaDiffs(path+"/"+k, g, w)...)
		case !reflect.DeepEqual(g, w):
			gb, _ := json.Marshal(g)
			wb, _ := json.Marshal(w)
			out = append(out, k+" "+path+" is "+string(gb)+", want "+string(wb))
		}
	}
	return out
}

func toAny(m map[string]bool) map[string]any {
	out := map[string]any{}
	for k := range m {
		out[k] = true
	}
	return out
}

// propDescriptionDiffs: every property description the framework
// publishes must be tscg's too. tscg may add ones read from the docstring
// (FastMCP does not read parameter sections; CONTRACT says they become the
// parameters' descriptions).
func propDescriptionDiffs(got, want any) []string {
	gp := propertiesOf(got)
	var out []string
	for name, w := range propertiesOf(want) {
		wd, _ := w["description"].(string)
		if wd == "" {
			continue
		}
		gd, _ := gp[name]["description"].(string)
		if gd != wd {
			out = append(out, "description of "+name+" "+quoteJSON(gd)+", want "+quoteJSON(wd))
		}
	}
	sort.Strings(out)
	return out
}

// propertiesOf returns the top-level properties of a schema, through a
// $ref to its $defs.
func propertiesOf(v any) map[string]map[string]any {
	m, _ := v.(map[string]any)
	if ref, ok := m["$ref"].(string); ok {
		if d, ok := defsOf(v)[ref[strings.LastIndex(ref, "/")+1:]].(map[string]any); ok {
			m = d
		}
	}
	out := map[string]map[string]any{}
	props, _ := m["properties"].(map[string]any)
	for k, p := range props {
		pm, _ := p.(map[string]any)
		out[k] = pm
	}
	return out
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func isEmptyList(v any) bool {
	l, ok := v.([]any)
	return v == nil || ok && len(l) == 0
}

// TestUntypedParameters compares tscg with what the frameworks publish for
// parameters without a type annotation (testdata/untyped, expected output
// from gen_expected.py, which models FastMCP's func_metadata): a string
// under the MCP SDK, any value under the standalone fastmcp.
func TestUntypedParameters(t *testing.T) {
	files, err := filepath.Glob("testdata/untyped/*.py")
	if err != nil || len(files) < 2 {
		t.Fatalf("testdata/untyped: %v %v", files, err)
	}
	for _, f := range files {
		ref := struct{ Tools []refTool }{readRefTools(t, strings.TrimSuffix(f, ".py")+".expected.json")}
		cat, ds := Load([]string{f}, Options{})
		if ds.HasErrors() || len(cat.Tools) != len(ref.Tools) {
			t.Fatalf("%s: %d tools, the framework publishes %d: %v", f, len(cat.Tools), len(ref.Tools), ds)
		}
		untyped := 0
		for _, d := range ds {
			if d.RuleID == ruleUntyped {
				untyped++
			}
		}
		if untyped != 2 {
			t.Errorf("%s: %d python-untyped warnings, want one per untyped parameter (2): %v", f, untyped, ds)
		}
		for _, rt := range ref.Tools {
			tl := cat.Tool(rt.Name)
			if tl == nil {
				t.Errorf("%s: no tool %s", f, rt.Name)
				continue
			}
			for _, d := range compareTool(t, tl, rt) {
				t.Errorf("%s: tool %s: %s", f, rt.Name, d)
			}
		}
	}
}
