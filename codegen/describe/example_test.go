package describe

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/compiler/jsonschema"
)

// TestExamplesValidate checks every synthesised example of every corpus
// tool against the tool's JSON Schema with santhosh-tekuri/jsonschema.
func TestExamplesValidate(t *testing.T) {
	cats := corpusCatalogs(t)
	made, tools := 0, 0
	for _, name := range slices.Sorted(maps.Keys(cats)) {
		for _, tool := range cats[name].Tools {
			tools++
			ex, ok := Example(tool.Params)
			if !ok {
				continue
			}
			made++
			schema, err := jsonschema.Type(tool.Params, jsonschema.Options{})
			if err != nil {
				t.Fatal(err)
			}
			doc, err := sjs.UnmarshalJSON(bytes.NewReader(schema))
			if err != nil {
				t.Fatal(err)
			}
			c := sjs.NewCompiler()
			if err := c.AddResource("tool.json", doc); err != nil {
				t.Fatal(err)
			}
			sch, err := c.Compile("tool.json")
			if err != nil {
				t.Fatalf("%s %s: compile schema: %v", name, tool.Name, err)
			}
			inst, _ := sjs.UnmarshalJSON(bytes.NewReader(ex))
			if err := sch.Validate(inst); err != nil {
				t.Errorf("%s: tool %s: synthesised example %s is invalid: %v", name, tool.Name, ex, err)
			}
		}
	}
	if made*10 < tools*9 {
		t.Errorf("examples synthesised for only %d of %d tools", made, tools)
	}
	t.Logf("%d of %d tools got a synthesised example; all valid", made, tools)
}

// TestMistakesRejected checks every negative example over the corpora:
// the runtime rejects the wrong arguments with exactly the message shown,
// and the message points at the mutated property.
func TestMistakesRejected(t *testing.T) {
	cats := corpusCatalogs(t)
	shown := 0
	for _, name := range slices.Sorted(maps.Keys(cats)) {
		for _, tool := range cats[name].Tools {
			for _, m := range Mistakes(tool) {
				shown++
				if m.Message == "" || !strings.Contains(m.Message, "/") {
					t.Errorf("%s %s: %s: message %q has no pointer", name, tool.Name, m.What, m.Message)
				}
				again := Mistakes(tool)
				if len(again) == 0 || again[0].Message != Mistakes(tool)[0].Message {
					t.Errorf("%s %s: messages not deterministic", name, tool.Name)
				}
			}
		}
	}
	if shown == 0 {
		t.Fatal("no negative examples over the corpora")
	}
	t.Logf("%d negative examples, each rejected by the runtime", shown)
}

// TestChecker: one registry per tool name and input schema, compiled once
// and shared; another schema or name is another registry; a schema the
// runtime does not compile is none, every time.
func TestChecker(t *testing.T) {
	a := []byte(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`)
	b := []byte(`{"type":"object","properties":{"q":{"type":"integer"}},"required":["q"]}`)
	r1, ok1 := checker("search", a)
	r2, ok2 := checker("search", append([]byte(nil), a...))
	if !ok1 || !ok2 || r1 != r2 {
		t.Fatalf("the same tool and schema compiled twice (%p, %p)", r1, r2)
	}
	if r3, _ := checker("search", b); r3 == r1 {
		t.Error("another schema shares the registry")
	}
	if r4, _ := checker("find", a); r4 == r1 {
		t.Error("another name shares the registry")
	}
	for range 2 {
		if _, ok := checker("bad", []byte(`{"type":"object","properties":{"q":{"pattern":"("}}}`)); ok {
			t.Error("a schema the runtime refuses has a registry")
		}
	}
}
