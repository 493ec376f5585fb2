package jsonschema

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	gen "github.com/tscg/tscg/compiler/jsonschema"
)

// TestRoundTripToolSchemas renders the input and output schemas of the
// MCP and tau-bench tools back to JSON Schema and compares them with the
// originals after normalisation: "$schema" is dropped (the output's
// dialect is 2020-12), as are "additionalProperties": true and an empty
// "properties", which say nothing.
func TestRoundTripToolSchemas(t *testing.T) {
	dir := corpora(t, "")
	files, _ := filepath.Glob(filepath.Join(dir, "mcp-tool-snapshots", "*.json"))
	files = append(files, filepath.Join(dir, "tau-bench", "tools_airline.json"), filepath.Join(dir, "tau-bench", "tools_retail.json"))
	compared := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cat, diags := LoadBytes(f, data, Options{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", f, diags.Err())
		}
		originals := originalSchemas(t, data)
		for _, tool := range cat.Tools {
			orig := originals[tool.Name]
			compareSchema(t, tool.Name+" input", orig[0], tool.Params)
			compared++
			if tool.Result != nil {
				compareSchema(t, tool.Name+" output", orig[1], tool.Result)
				compared++
			}
		}
	}
	// 83 MCP tools (23 with output schemas) and 30 tau-bench tools.
	if compared != 83+23+30 {
		t.Errorf("compared %d schemas, want %d", compared, 83+23+30)
	}
}

// originalSchemas maps each tool name to its input and output schema as
// written, for MCP ({"tools": […]}) and OpenAI Chat files.
func originalSchemas(t *testing.T, data []byte) map[string][2]any {
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var list []any
	switch d := doc.(type) {
	case map[string]any:
		list, _ = d["tools"].([]any)
	case []any:
		list = d
	}
	out := map[string][2]any{}
	for _, e := range list {
		m := e.(map[string]any)
		if f, ok := m["function"].(map[string]any); ok {
			out[f["name"].(string)] = [2]any{f["parameters"], nil}
			continue
		}
		out[m["name"].(string)] = [2]any{m["inputSchema"], m["outputSchema"]}
	}
	return out
}

func compareSchema(t *testing.T, what string, orig any, typ *ir.Type) {
	out, err := gen.Type(typ, gen.Options{Draft: gen.Draft2020, AllowAdditional: true})
	if err != nil {
		t.Errorf("%s: render: %v", what, err)
		return
	}
	var back any
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	a, b := normalise(orig), normalise(back)
	if !reflect.DeepEqual(a, b) {
		ja, _ := json.MarshalIndent(a, "", " ")
		jb, _ := json.MarshalIndent(b, "", " ")
		t.Errorf("%s: round trip changed the schema\noriginal:\n%s\nround trip:\n%s", what, ja, jb)
	}
}

// normalise drops what carries no meaning (see TestRoundTripToolSchemas)
// and undoes the IR's one rewrite: an anyOf or oneOf next to other
// assertions comes back as an allOf entry, which means the same.
func normalise(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if k == "$schema" || (k == "additionalProperties" && x == true) || empty(x) && (k == "properties" || k == "required") {
				continue
			}
			out[k] = normalise(x)
		}
		liftAllOf(out)
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = normalise(x)
		}
		return out
	}
	return v
}

// TestRoundTripTauCalls validates the 1,164 tool calls gpt-4o made in
// tau-bench's airline trajectories against each tool's original and
// round-tripped parameters: the verdicts must agree.
func TestRoundTripTauCalls(t *testing.T) {
	dir := corpora(t, "tau-bench")
	data, err := os.ReadFile(filepath.Join(dir, "tools_airline.json"))
	if err != nil {
		t.Fatal(err)
	}
	cat, diags := LoadBytes("tools_airline.json", data, Options{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	originals := originalSchemas(t, data)
	type pair struct{ orig, back validator }
	schemas := map[string]pair{}
	for _, tool := range cat.Tools {
		raw, _ := json.Marshal(originals[tool.Name][0])
		out, err := gen.Type(tool.Params, gen.Options{Draft: gen.Draft2020, AllowAdditional: true})
		if err != nil {
			t.Fatal(err)
		}
		o, err1 := compile(raw)
		b, err2 := compile(out)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", tool.Name, err1, err2)
		}
		schemas[tool.Name] = pair{o, b}
	}
	calls := tauCalls(t, filepath.Join(dir, "historical_trajectories_gpt-4o-airline.json"))
	invalid := 0
	for _, c := range calls {
		p, ok := schemas[c.name]
		if !ok {
			continue
		}
		want, got := p.orig.Validate(c.args) == nil, p.back.Validate(c.args) == nil
		if want != got {
			t.Errorf("call %s %v: original says valid=%v, round trip %v", c.name, c.args, want, got)
		}
		if !want {
			invalid++
		}
	}
	if len(calls) != 1164 {
		t.Errorf("%d calls, want 1164", len(calls))
	}
	t.Logf("%d calls compared, %d invalid under both", len(calls), invalid)
}

type validator interface{ Validate(any) error }

type tauCall struct {
	name string
	args any
}

func tauCalls(t *testing.T, path string) []tauCall {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var trajs []struct {
		Traj []struct {
			ToolCalls []struct {
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"traj"`
	}
	if err := json.Unmarshal(data, &trajs); err != nil {
		t.Fatal(err)
	}
	var out []tauCall
	for _, tr := range trajs {
		for _, m := range tr.Traj {
			for _, c := range m.ToolCalls {
				dec := json.NewDecoder(bytes.NewReader([]byte(c.Function.Arguments)))
				dec.UseNumber()
				var args any
				if err := dec.Decode(&args); err != nil {
					t.Fatalf("%s: arguments: %v", c.Function.Name, err)
				}
				out = append(out, tauCall{c.Function.Name, args})
			}
		}
	}
	return out
}

func empty(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return false
}

// liftAllOf moves allOf entries that are a lone anyOf or oneOf up into
// the schema when it has none of its own.
func liftAllOf(m map[string]any) {
	all, ok := m["allOf"].([]any)
	if !ok {
		return
	}
	var keep []any
	for _, e := range all {
		em, ok := e.(map[string]any)
		if ok && len(em) == 1 {
			for k, x := range em {
				if _, taken := m[k]; (k == "anyOf" || k == "oneOf") && !taken {
					m[k] = x
					em = nil
				}
			}
		}
		if em != nil || !ok {
			keep = append(keep, e)
		}
	}
	if len(keep) == 0 {
		delete(m, "allOf")
	} else {
		m["allOf"] = keep
	}
}
