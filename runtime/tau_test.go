package runtime_test

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"

	cjs "github.com/tscg/tscg/compiler/jsonschema"
	fjs "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
	"github.com/tscg/tscg/runtime"
)

const tauDir = "../../shared/corpora/tau-bench/"

// tauRegistry loads the airline tools through the JSON frontend (objects
// closed when closed is set, as `closeImportedObjects: true` asks) and
// renders each tool's input schema with compiler/jsonschema, the path
// `tscg validate` takes. overlay, when set, edits each schema first.
func tauRegistry(t *testing.T, closed bool, overlay func(map[string]any)) (*runtime.Registry, map[string]map[string]any) {
	t.Helper()
	path := tauDir + "tools_airline.json"
	if _, err := os.Stat(path); err != nil {
		corpus.Missing(t, "tau-bench corpus absent: %v", err)
	}
	cat, ds := fjs.Load([]string{path}, fjs.Options{CloseObjects: closed})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds)
	}
	reg := runtime.NewRegistry()
	schemas := map[string]map[string]any{}
	for _, tool := range cat.Tools {
		raw, err := cjs.Type(tool.Params, cjs.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var s map[string]any
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		if overlay != nil {
			overlay(s)
			raw, _ = json.Marshal(s)
		}
		schemas[tool.Name] = s
		if err := reg.Register(runtime.Tool{Name: tool.Name, InputSchema: raw}); err != nil {
			t.Fatal(err)
		}
	}
	if len(schemas) != 14 {
		t.Fatalf("%d airline tools, want 14", len(schemas))
	}
	return reg, schemas
}

func tauCalls(t *testing.T) []runtime.Call {
	t.Helper()
	data, err := os.ReadFile(tauDir + "historical_trajectories_gpt-4o-airline.json")
	if err != nil {
		corpus.Missing(t, "tau-bench trajectories absent: %v", err)
	}
	var trajs []struct {
		Traj []json.RawMessage `json:"traj"`
	}
	if err := json.Unmarshal(data, &trajs); err != nil {
		t.Fatal(err)
	}
	var calls []runtime.Call
	for _, tr := range trajs {
		for _, msg := range tr.Traj {
			cs, err := runtime.ParseOpenAIChat(msg)
			if err != nil {
				t.Fatal(err)
			}
			calls = append(calls, cs...)
		}
	}
	return calls
}

// TestTauBenchCallsValidate: every real gpt-4o call in the airline
// trajectories passes the runtime's validation against the tools as the
// JSON frontend reads them (objects open unless a schema closes them).
func TestTauBenchCallsValidate(t *testing.T) {
	reg, _ := tauRegistry(t, false, nil)
	calls := tauCalls(t)
	if len(calls) != 1164 {
		t.Errorf("%d calls, the corpus has 1,164", len(calls))
	}
	for _, c := range calls {
		if _, chk := reg.Check(c); !chk.OK() {
			t.Errorf("%s %s rejected: %v", c.Name, c.Arguments, chk.Violations)
		}
	}
	t.Logf("%d gpt-4o airline calls validated", len(calls))
}

// TestTauBenchClosedObjects: with imported objects closed, exactly one
// real call fails, a genuine model slip: gpt-4o sent origin and
// destination inside update_reservation_flights' flight objects, which
// declare only flight_number and date.
func TestTauBenchClosedObjects(t *testing.T) {
	reg, _ := tauRegistry(t, true, nil)
	var rejected []string
	for _, c := range tauCalls(t) {
		if _, chk := reg.Check(c); !chk.OK() {
			for _, v := range chk.Violations {
				rejected = append(rejected, c.Name+" "+v.Pointer+" "+v.Keyword)
			}
		}
	}
	want := []string{
		"update_reservation_flights /flights/0/destination additionalProperties",
		"update_reservation_flights /flights/0/origin additionalProperties",
		"update_reservation_flights /flights/1/destination additionalProperties",
		"update_reservation_flights /flights/1/origin additionalProperties",
	}
	if fmt.Sprint(rejected) != fmt.Sprint(want) {
		t.Fatalf("closed-object rejections:\n%v\nwant\n%v", rejected, want)
	}
}

// addMinimum is the overlay for the out-of-range mutation: the airline
// schemas carry no range keywords, so the test adds "minimum": 0 to every
// top-level integer and number property (counts and amounts are never
// negative) and then sends -1.
func addMinimum(s map[string]any) {
	props, _ := s["properties"].(map[string]any)
	for _, p := range props {
		if pm, ok := p.(map[string]any); ok && (pm["type"] == "integer" || pm["type"] == "number") {
			pm["minimum"] = 0
		}
	}
}

type mutation struct {
	kind    string
	keyword string
	apply   func(args map[string]any, schema map[string]any) (pointer string, ok bool)
}

var mutations = []mutation{
	{"wrong type", "type", func(a, s map[string]any) (string, bool) {
		return firstProp(a, s, func(p map[string]any) bool { return p["type"] == "string" }, 12345)
	}},
	{"missing required", "required", func(a, s map[string]any) (string, bool) {
		req, _ := s["required"].([]any)
		for _, r := range req {
			if name := r.(string); a[name] != nil {
				delete(a, name)
				return "/" + name, true
			}
		}
		return "", false
	}},
	{"extra property", "additionalProperties", func(a, s map[string]any) (string, bool) {
		a["unexpected_field"] = true
		return "/unexpected_field", true
	}},
	{"enum miss", "enum", func(a, s map[string]any) (string, bool) {
		return firstProp(a, s, func(p map[string]any) bool { return p["enum"] != nil }, "not_a_choice")
	}},
	{"out of range", "minimum", func(a, s map[string]any) (string, bool) {
		return firstProp(a, s, func(p map[string]any) bool { return p["minimum"] != nil }, -1)
	}},
}

// firstProp sets the first present property (in name order) whose schema
// satisfies match to v.
func firstProp(a, s map[string]any, match func(map[string]any) bool, v any) (string, bool) {
	props, _ := s["properties"].(map[string]any)
	names := make([]string, 0, len(a))
	for k := range a {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if p, ok := props[k].(map[string]any); ok && match(p) {
			a[k] = v
			return "/" + k, true
		}
	}
	return "", false
}

// TestTauBenchMutantsRejected mutates every real call five ways and
// requires each mutant rejected with violations at exactly the mutated
// pointer.
func TestTauBenchMutantsRejected(t *testing.T) {
	reg, schemas := tauRegistry(t, true, addMinimum)
	calls := tauCalls(t)
	counts := map[string]int{}
	for _, c := range calls {
		if _, chk := reg.Check(c); !chk.OK() {
			continue // the one real call TestTauBenchClosedObjects explains
		}
		for _, m := range mutations {
			var args map[string]any
			if err := json.Unmarshal(c.Arguments, &args); err != nil {
				t.Fatal(err)
			}
			ptr, ok := m.apply(args, schemas[c.Name])
			if !ok {
				continue
			}
			raw, _ := json.Marshal(args)
			_, chk := reg.Check(runtime.Call{Name: c.Name, Arguments: raw})
			if chk.OK() {
				t.Errorf("%s mutant of %s accepted: %s", m.kind, c.Name, raw)
				continue
			}
			for _, v := range chk.Violations {
				if v.Pointer != ptr {
					t.Errorf("%s mutant of %s: violation at %q (%s), want %q", m.kind, c.Name, v.Pointer, v.Message, ptr)
				}
			}
			if chk.Violations[0].Keyword != m.keyword && m.kind != "wrong type" {
				t.Errorf("%s mutant of %s: keyword %s, want %s", m.kind, c.Name, chk.Violations[0].Keyword, m.keyword)
			}
			counts[m.kind]++
		}
	}
	for _, m := range mutations {
		if counts[m.kind] == 0 {
			t.Errorf("no %s mutants were generated", m.kind)
		}
	}
	t.Logf("mutants rejected at the right pointer: %v", counts)
}
