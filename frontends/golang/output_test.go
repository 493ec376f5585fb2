package golang

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/golang/testdata/diffstructs"
	"github.com/tscg/tscg/runtime"
)

// TestResultsMatchOutputSchemas validates the structured results the real
// SDKs wrote for our golden servers (testdata/servers/*/<server>.results/
// <tool>[.<case>].json, recorded by gen) against tscg's output schema for
// the tool. An empty index written by the go-sdk is
// {"cards":null,"links":null}, the shape of the go-sdk memory server's
// empty graph for which issue 17 found its own output.json rejecting it.
func TestResultsMatchOutputSchemas(t *testing.T) {
	files, _ := filepath.Glob(serversDir + "/*/*.results/*.json")
	if len(files) == 0 {
		t.Fatal("no recorded results")
	}
	root, _ := filepath.Abs(serversDir)
	nulls := 0
	for _, f := range files {
		dir := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(filepath.Dir(f)), serversDir+"/"), ".results")
		tool, _, _ := strings.Cut(strings.TrimSuffix(filepath.Base(f), ".json"), ".")
		t.Run(dir+"/"+filepath.Base(f), func(t *testing.T) {
			cat, ds := Load([]string{"./" + dir}, Options{Dir: root})
			if ds.HasErrors() {
				t.Fatal(ds.Err())
			}
			tl := cat.Tool(tool)
			if tl == nil || tl.Result == nil {
				t.Fatalf("no tool %s with a result", tool)
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := validate(t, tl.Result, data, true); err != nil {
				t.Errorf("the server's result fails tscg's output schema: %v\n%s", err, data)
			}
			// The go-sdk's schemas, and mcp-go's typed ones from v0.46.0
			// on, accept null wherever a nil can be written
			// (jsonschema-go), and tscg publishes the SDK's: the
			// input-style reading accepts the null too. (tscg's own rules
			// keep input schemas strict: TestZeroValuesMatchOutputSchemas.)
			if bytes.Contains(data, []byte("null")) {
				nulls++
				if err := validate(t, tl.Result, data, false); err != nil {
					t.Errorf("the SDK's schema accepts this null, tscg's input-style reading does not: %v", err)
				}
			}
		})
	}
	if nulls == 0 {
		t.Error("no recorded result has a null: the regression is not covered")
	}
}

// TestZeroValuesMatchOutputSchemas marshals the zero value of every
// compared struct with encoding/json and validates it against its output
// schema: nil slices, maps and pointers are written as null.
func TestZeroValuesMatchOutputSchemas(t *testing.T) {
	cat, ds := Load([]string{"./testdata/diffstructs"}, Options{})
	if ds.HasErrors() {
		t.Fatal(ds.Err())
	}
	strictFails := 0
	for _, v := range diffstructs.Types {
		rt := reflect.TypeOf(v)
		n := cat.Type(rt.Name())
		if n == nil {
			t.Fatalf("no type %s", rt.Name())
		}
		data, err := json.Marshal(reflect.New(rt).Elem().Interface())
		if err != nil {
			t.Fatal(err)
		}
		ref := &ir.Type{Kind: ir.KindRef, Ref: n}
		// A zero value may break the constraints its author declared (a
		// pattern, a minimum); it must never fail for what encoding/json
		// writes or leaves out.
		if err := validate(t, ref, data, true); err != nil && (strings.Contains(err.Error(), "got null") || strings.Contains(err.Error(), "missing required")) {
			t.Errorf("%s: zero value %s fails the output schema: %v", rt.Name(), data, err)
		}
		if err := validate(t, ref, data, false); err != nil && strings.Contains(err.Error(), "got null") {
			strictFails++
		}
	}
	if strictFails == 0 {
		t.Error("no zero value needs the output schema's null: the test proves nothing")
	}
	t.Logf("%d of %d zero values need null, which input schemas refuse", strictFails, len(diffstructs.Types))
}

func validate(t *testing.T, typ *ir.Type, data []byte, output bool) error {
	t.Helper()
	render := jsonschema.Type
	if output {
		render = jsonschema.Output
	}
	doc, err := render(typ, jsonschema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := runtime.CompileSchema("output.json", doc)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return s.Validate(v)
}

// A tool whose result is a named struct, recursive or not, used to lose
// its MCP outputSchema ("result is not an object" in lowering.json; issue
// 17): the manifest carries an object schema for each.
func TestNamedResultsKeepOutputSchema(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/p\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "p.go"), `package p

import "context"

// In is the input.
type In struct {
	Q string `+"`json:\"q\"`"+`
}

// Weather is a report.
type Weather struct {
	Temp float64 `+"`json:\"temp\"`"+`
}

// Tree is recursive.
type Tree struct {
	Kids []Tree `+"`json:\"kids\"`"+`
}

// GetWeather reports.
//
//tscg:tool
func GetWeather(ctx context.Context, in In) (Weather, error) { return Weather{}, nil }

// GetTree grows.
//
//tscg:tool
func GetTree(ctx context.Context, in In) (*Tree, error) { return nil, nil }
`)
	cat, ds := Load([]string{"."}, Options{Dir: dir})
	if ds.HasErrors() {
		t.Fatal(ds.Err())
	}
	files, err := providers.Generate(cat, providers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == "providers/lowering.json" && bytes.Contains(f.Contents, []byte("outputSchema")) {
			t.Errorf("lowering.json reports an output schema: %s", f.Contents)
		}
	}
	tools := mcpTools(t, cat)
	if len(tools) != 2 {
		t.Fatalf("tools %v, want 2", sortedKeys(tools))
	}
	for _, name := range []string{"get_weather", "get_tree"} {
		out, _ := tools[name]["outputSchema"].(map[string]any)
		if out == nil || out["type"] != "object" {
			t.Errorf("%s: MCP outputSchema %v, want an object schema", name, tools[name]["outputSchema"])
		}
	}
}
