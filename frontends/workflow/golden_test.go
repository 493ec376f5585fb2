package workflow

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/compiler/iograph"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/compact"
	"github.com/tscg/tscg/internal/golden"
	rtwf "github.com/tscg/tscg/runtime/workflow"
)

// TestGolden compiles each testdata/*.txtar: section tools.compact is the
// catalog (compact syntax), the one *.workflow.yaml section the workflow.
// Expected: "diagnostics", and for a valid workflow "tool" (the catalog
// entry in compact syntax) and "plan.json".
func TestGolden(t *testing.T) {
	golden.Each(t, "testdata/*.txtar", func(t *testing.T, path string) {
		ar := golden.Open(t, path)
		defer ar.Close(t)
		cat := &ir.Catalog{}
		if src := ar.File("tools.compact"); src != nil {
			var err error
			if cat, err = compact.Parse(src); err != nil {
				t.Fatalf("tools.compact: %v", err)
			}
		}
		var name string
		for _, n := range ar.Names() {
			if IsWorkflow(n) {
				name = n
			}
		}
		if name == "" {
			t.Fatal("no *.workflow.yaml section")
		}
		c, ds := Compile(name, ar.File(name), cat, jsonschema.Options{})
		var buf bytes.Buffer
		ds.Print(&buf)
		ar.Check(t, "diagnostics", buf.Bytes())
		if c == nil {
			if ar.File("tool") != nil || ar.File("plan.json") != nil {
				t.Error("workflow did not compile, but the archive expects a tool")
			}
			if !ds.HasErrors() {
				t.Error("no tool and no error")
			}
			return
		}
		ar.Check(t, "tool", describe.CompactTool(c.Tool, describe.LevelCompact))
		plan, err := json.MarshalIndent(c.Plan, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		ar.Check(t, "plan.json", plan)
		checkGraph(t, ar, c.Plan)
	})
}

// TestRulesCovered checks that every rule has a golden case whose
// diagnostics show it.
func TestRulesCovered(t *testing.T) {
	seen := map[string]bool{}
	golden.Each(t, "testdata/*.txtar", func(t *testing.T, path string) {
		ar := golden.Open(t, path)
		for _, r := range Rules {
			if strings.Contains(string(ar.File("diagnostics")), "["+r.ID+"]") {
				seen[r.ID] = true
			}
		}
	})
	for _, r := range Rules {
		if !seen[r.ID] {
			t.Errorf("rule %s has no golden case", r.ID)
		}
	}
}

// FuzzParse feeds arbitrary YAML to the whole pipeline: no input may
// panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"name: a\nsteps:\n  s:\n    tool: t\n    args: {x: '${inputs.x}'}\n",
		"name: a\ninputs:\n  x: int\n  y?: '{ a: str }'\nsteps:\n  s: {tool: t, for_each: '${inputs.y}', args: {v: '${item.a}'}}\noutput: '${steps.s.result[*]}'\n",
		"name: a\nsteps: {s: {tool: t, when: '${steps.s.result}'}}",
		"- [ {",
		"name: &x a\nsteps: *x",
		"",
	} {
		f.Add(s)
	}
	cat, err := compact.Parse([]byte("t(x?: any) -> { v: int[] }\n"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_, _ = Compile("fuzz.workflow.yaml", []byte(src), cat, jsonschema.Options{})
	})
}

// checkGraph renders the plan's step graph as `tscg graph` prints it
// (sections graph.mmd and graph.dot).
func checkGraph(t *testing.T, ar *golden.Archive, p *rtwf.Plan) {
	g := &iograph.Graph{Workflows: []iograph.Workflow{Graph(p)}}
	for _, f := range []struct {
		name  string
		write func(io.Writer) error
	}{{"graph.mmd", g.WriteMermaid}, {"graph.dot", g.WriteDOT}} {
		var b bytes.Buffer
		if err := f.write(&b); err != nil {
			t.Fatal(err)
		}
		ar.Check(t, f.name, b.Bytes())
	}
}
