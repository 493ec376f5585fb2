package typescript

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
	"github.com/tscg/tscg/compiler/jsonschema"
)

// registerDir holds the registration goldens: small entry files of our
// own, one directory per registration style, each with expected/<entry>.json,
// the tools the framework itself lists for that entry (written by
// harness.mjs in that directory, which runs the frameworks' npm packages;
// the command is in testdata/README.md).
const registerDir = "testdata/register"

// registrationDeviations lists the golden tools where tscg knowingly
// differs from what the framework itself produced, by
// "source/entry#tool", with the reason. A listed tool that matches fails
// the test (the list is stale), as does an unlisted one that differs.
var registrationDeviations = map[string]string{
	// OpenAI Agents JS sends strict schemas: it closes objects. tscg keeps
	// zod's openness in the IR; the openai.*.strict targets close them.
	"openai-agents/basic/index.ts#lookup_tide":               "strict schema",
	"openai-agents/patterns/approvals.ts#lookup_sky":         "strict schema",
	"openai-agents/patterns/approvals.ts#lookup_water_level": "strict schema",
}

// missingTools lists tools the framework registers that tscg cannot read
// from the entry (it reports an error instead), with the reason.
var missingTools = map[string]string{
	// The name is `toolName || "archive_search"`, computed from a parameter.
	"mcp-legacy-tool/src/tools/archiveSearch.ts#archive_search": "computed name",
}

// allowedErrors lists errors an entry is expected to report, by
// "source/entry" and a substring of the message.
var allowedErrors = map[string]string{
	// `export type ForecastToolInvocation = UIToolInvocation<typeof
	// forecastTool>`: an exported type from a package tscg does not read.
	// It is not the tool's, but every exported type is compiled (issue 19
	// scope 5, compile only what is needed, is open).
	"ai-sdk/app/tool/forecast-tool.ts":           `type UIToolInvocation comes from module "ai"`,
	"mcp-legacy-tool/src/tools/archiveSearch.ts": `the tool's name must be a string constant`,
}

// expectedTool is a tool as the framework lists it.
type expectedTool struct {
	Name         string          `json:"name"`
	Title        string          `json:"title"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	Parameters   json.RawMessage `json:"parameters"`
	Schema       json.RawMessage `json:"schema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
	Annotations  map[string]any  `json:"annotations"`
	Execution    json.RawMessage `json:"execution"`
	Meta         json.RawMessage `json:"_meta"`
	Icons        json.RawMessage `json:"icons"`
}

// TestRegistrationCorpus reads the tools the registration goldens register
// and compares them with the framework's own listing: names, titles,
// descriptions, annotations and schemas (semantically, as in
// TestZodCorpus). Every entry must be listed by the framework and every
// allowedErrors, missingTools and registrationDeviations entry must
// still happen.
func TestRegistrationCorpus(t *testing.T) {
	var expected []string
	filepath.WalkDir(registerDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") && strings.Contains(p, "/expected/") {
			expected = append(expected, p)
		}
		return nil
	})
	sort.Strings(expected)
	sources := map[string]bool{}
	seenKeys := map[string]bool{}
	total, agree := 0, 0
	for _, exp := range expected {
		src, entry, _ := strings.Cut(strings.TrimPrefix(exp, registerDir+"/"), "/expected/")
		ts := filepath.Join(registerDir, src, strings.TrimSuffix(entry, ".json")+".ts")
		sources[src] = true
		key := src + "/" + strings.TrimSuffix(entry, ".json") + ".ts"
		seenKeys[key] = true
		n, a := checkRegistrations(t, key, ts, exp)
		total += n
		agree += a
	}
	t.Logf("registration goldens: %d sources, %d entry files, %d tools, %d agree with the framework's own listing", len(sources), len(expected), total, agree)
	if len(sources) < 7 {
		t.Errorf("%d sources, want at least 7", len(sources))
	}
	for _, m := range []map[string]string{registrationDeviations, missingTools, allowedErrors} {
		for id := range m {
			if key, _, _ := strings.Cut(id, "#"); !seenKeys[key] {
				t.Errorf("%s: no such entry under %s", id, registerDir)
			}
		}
	}
}

func checkRegistrations(t *testing.T, key, ts, exp string) (total, agree int) {
	data, err := os.ReadFile(exp)
	if err != nil {
		t.Fatal(err)
	}
	var lists map[string][]expectedTool
	if err := json.Unmarshal(data, &lists); err != nil {
		t.Fatal(err)
	}
	cat, diags := Load([]string{ts}, Options{})
	got := map[string]*ir.Tool{}
	for _, tl := range cat.Tools {
		got[tl.Name] = tl
	}
	seen := map[string]bool{}
	for fw, tools := range lists {
		for _, w := range tools {
			total++
			id := key + "#" + w.Name
			seen[w.Name] = true
			g := got[w.Name]
			_, missing := missingTools[id]
			switch {
			case g == nil && missing:
				if !diags.HasErrors() {
					t.Errorf("%s: tscg has no tool and reported no error", id)
				}
				continue
			case g != nil && missing:
				t.Errorf("%s: tscg reads it now: remove it from missingTools", id)
				continue
			case g == nil:
				t.Errorf("%s: tscg found no such tool (%s); diagnostics: %v", id, fw, diags)
				continue
			}
			diff := compareTool(t, g, w)
			_, deviates := registrationDeviations[id]
			switch {
			case diff == "" && deviates:
				t.Errorf("%s matches now: remove it from registrationDeviations", id)
			case diff != "" && !deviates:
				t.Errorf("%s differs from %s's own listing: %s", id, fw, diff)
			case diff == "":
				agree++
			}
		}
	}
	for name := range got {
		if !seen[name] {
			t.Errorf("%s: tscg has a tool %s the framework did not register", key, name)
		}
	}
	allowed, reported := allowedErrors[key], false
	for _, d := range diags {
		if d.Severity != diag.Error {
			continue
		}
		if allowed != "" && strings.Contains(d.Message, allowed) {
			reported = true
			continue
		}
		t.Errorf("%s: %s", key, d)
	}
	if allowed != "" && !reported {
		t.Errorf("%s: the allowed error %q is no longer reported: remove it from allowedErrors", key, allowed)
	}
	return total, agree
}

// compareTool says how g differs from w, or "".
func compareTool(t *testing.T, g *ir.Tool, w expectedTool) string {
	var diffs []string
	if g.Description != w.Description {
		diffs = append(diffs, "description "+quote(g.Description)+" vs "+quote(w.Description))
	}
	// Each title where the SDK lists it (issue 27): title and
	// annotations.title apart, and execution as that SDK version lists it.
	if g.Title != w.Title {
		diffs = append(diffs, "title "+quote(g.Title)+" vs "+quote(w.Title))
	}
	if at, _ := w.Annotations["title"].(string); at != g.Annotations.Title {
		diffs = append(diffs, "annotations.title "+quote(g.Annotations.Title)+" vs "+quote(at))
	}
	if ge, we := decodedJSON(t, g.Execution), decodedJSON(t, w.Execution); !reflect.DeepEqual(ge, we) {
		diffs = append(diffs, "execution "+compact(ge)+" vs "+compact(we))
	}
	if gm, wm := decodedJSON(t, g.Meta), decodedJSON(t, w.Meta); !reflect.DeepEqual(gm, wm) {
		diffs = append(diffs, "_meta "+compact(gm)+" vs "+compact(wm))
	}
	if gi, wi := decodedJSON(t, g.Icons), decodedJSON(t, w.Icons); !reflect.DeepEqual(gi, wi) {
		diffs = append(diffs, "icons "+compact(gi)+" vs "+compact(wi))
	}
	if w.Annotations != nil {
		ga := map[string]any{}
		for k, p := range map[string]*bool{"readOnlyHint": g.Annotations.ReadOnly, "destructiveHint": g.Annotations.Destructive,
			"idempotentHint": g.Annotations.Idempotent, "openWorldHint": g.Annotations.OpenWorld} {
			if p != nil {
				ga[k] = *p
			}
		}
		for _, k := range g.AnnotationsExtra {
			ga[k.Name] = decodedJSON(t, k.Value)
		}
		wa := map[string]any{}
		for k, v := range w.Annotations {
			if k != "title" {
				wa[k] = v
			}
		}
		if !reflect.DeepEqual(ga, wa) {
			diffs = append(diffs, "annotations "+compact(ga)+" vs "+compact(wa))
		}
	}
	in := w.InputSchema
	if in == nil {
		in = w.Parameters
	}
	if in == nil {
		in = w.Schema
	}
	params := g.Params
	if g.ListingParams != nil {
		params = g.ListingParams // what the MCP listing publishes
	}
	if d := compareSchema(t, params, in); d != "" {
		diffs = append(diffs, "input "+d)
	}
	if w.OutputSchema != nil {
		if d := compareSchema(t, g.Result, w.OutputSchema); d != "" {
			diffs = append(diffs, "output "+d)
		}
	}
	return strings.Join(diffs, "; ")
}

// decodedJSON decodes JSON data (nil for none).
func decodedJSON(t *testing.T, data []byte) any {
	if data == nil {
		return nil
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func compareSchema(t *testing.T, g *ir.Type, w json.RawMessage) string {
	if g == nil {
		return "tscg has none"
	}
	b, err := jsonschema.Type(g, jsonschema.Options{})
	if err != nil {
		return err.Error()
	}
	var gv, wv any
	if err := json.Unmarshal(b, &gv); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(w, &wv); err != nil {
		t.Fatal(err)
	}
	cg, cw := canonical(gv), canonical(wv)
	if reflect.DeepEqual(cg, cw) {
		return ""
	}
	return "\n  tscg: " + compact(cg) + "\n  real: " + compact(cw)
}
