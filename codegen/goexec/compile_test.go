package goexec

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/corpus"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/compiler/ir"
)

// diffCase is one call the generated harness replays through the
// generated decoder and the runtime's generic path; Valid is
// santhosh-tekuri/jsonschema/v6's verdict, computed here.
type diffCase struct {
	Tool  string          `json:"tool"`
	Args  json.RawMessage `json:"args"`
	Valid bool            `json:"valid"`
	// Messages asks for identical violation lists, not only verdicts.
	Messages bool `json:"messages"`
	// Lenient, when set, replaces the differential for this case: a
	// lenient registry must refuse the call with a message containing it.
	Lenient string `json:"lenient,omitempty"`
}

// buildAndTest writes a generated package plus the harness
// (testdata/harness_test.go.txt) and cases into a temporary directory
// inside the module (the code imports the module's runtime), then runs
// go vet and go test on it and returns the test output.
func buildAndTest(t *testing.T, files []codegen.File, cases []diffCase) string {
	t.Helper()
	if testing.Short() {
		t.Skip("compiles a generated package with the go command; skipped with -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		corpus.Missing(t, "go command not found: %v", err)
	}
	dir, err := os.MkdirTemp("testdata", "gen-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	for _, f := range files {
		must(t, os.WriteFile(filepath.Join(dir, f.Path), f.Contents, 0o644))
	}
	harness, err := os.ReadFile(filepath.Join("testdata", "harness_test.go.txt"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(dir, "harness_test.go"), harness, 0o644))
	data, err := json.Marshal(cases)
	must(t, err)
	must(t, os.WriteFile(filepath.Join(dir, "cases.json"), data, 0o644))
	pkg := "./" + filepath.ToSlash(dir)
	out, err := exec.Command(goBin, "vet", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	out, err = exec.Command(goBin, "test", "-count=1", "-v", "-run", "TestDifferential", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, tail(string(out), 60))
	}
	return string(out)
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// summary picks the harness's count line out of go test's output.
func summary(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "verdict disagreements") {
			return strings.TrimSpace(l)
		}
	}
	return "(no summary)"
}

// TestGeneratedExamples compiles the weather and search executors, and
// checks them against the generic path and santhosh on valid and invalid
// calls, with identical messages.
func TestGeneratedExamples(t *testing.T) {
	cat := weatherCatalog(t)
	cat.Merge(searchTool(t))
	files, err := Generate(cat, Options{Package: "gen"})
	must(t, err)
	var cases []diffCase
	for _, s := range exampleCalls {
		tool, args, _ := strings.Cut(s, " ")
		doc, err := inputSchema(cat.Tool(tool))
		must(t, err)
		cases = append(cases, diffCase{Tool: tool, Args: json.RawMessage(args), Valid: refValid(t, doc, []byte(args)), Messages: true})
	}
	t.Log(summary(buildAndTest(t, files, cases)))
}

func inputSchema(tool *ir.Tool) ([]byte, error) {
	d, err := newGen(Options{}).compileDoc(tool.Name, tool.Params)
	if err != nil {
		return nil, err
	}
	return d.json, nil
}

// refValid is santhosh v6's verdict (decode with its UnmarshalJSON, then
// validate).
func refValid(t testing.TB, schema, data []byte) bool {
	c := jsonschema.NewCompiler()
	sv, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	must(t, err)
	must(t, c.AddResource("urn:ref", sv))
	sch, err := c.Compile("urn:ref")
	must(t, err)
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return false
	}
	return sch.Validate(v) == nil
}

var exampleCalls = []string{
	`get_weather {"location":"Beijing, China"}`,
	`get_weather {"location":"Paris, France","unit":"fahrenheit"}`,
	`get_weather {"location":"P","unit":"kelvin","extra":1}`,
	`get_weather {"unit":5}`,
	`get_weather {"location":null}`,
	`get_weather []`,
	`get_weather "x"`,
	`get_weather {"location":"Oslo","locaton":"Oslo"}`,
	`search_documents {"query":"q","max_results":50,"filter_by_category":["a","b"],"date_range":{"start":"2024-01-01","end":"2024-02-01"},"precision":"week"}`,
	`search_documents {"query":"","max_results":"ten","filter_by_category":[1,"x",{}],"date_range":{"start":1},"precision":"year"}`,
	`search_documents {"query":"q","max_results":0.5}`,
	`search_documents {"query":"q","max_results":51,"date_range":[]}`,
	`search_documents {"query":"q","max_results":1.0,"date_range":{"start":"a","end":"b","x":[]}}`,
	`calculate_expression {"expression":"1+1"}`,
	`calculate_expression {"expression":""}`,
	`calculate_expression {}`,
	`get_system_time {}`,
	`get_system_time {"timezone":"Asia/Shanghai"}`,
	`get_system_time {"timezone":true}`,
	`search {"query":"cheap direct flights to lisbon in early may","max_results":20,"sort":"price","tags":["direct","mornings","aisle-seats"],"origin":"JFK","window":{"from":"2024-05-01","to":"2024-05-31"} }`,
	`search {"query":"","max_results":"ten","sort":"cheapest","tags":[1],"origin":"jfk","window":{},"x":1}`,
	`search {"query":"a","origin":"ABCD","window":{"from":"x","to":7,"until":"y"},"tags":"x"}`,
	`search {"query":"a","origin":"ABC","sort":null,"tags":[]}`,
	`search {"query":"a\u00e9\ud83d\ude00","origin":"ABC"}`,
}

// TestLenientGoRange: a lenient registry hands a generated handler its
// repaired arguments generically, and the handler reads them with the
// strict decoder, so an integer the schema allows and the Go type cannot
// hold is refused with the strict path's words (it was encoding/json's
// "cannot unmarshal number … of type int64").
func TestLenientGoRange(t *testing.T) {
	cat, ok := jstsCatalog("count", json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`))
	if !ok {
		t.Fatal("the JSON frontend did not convert the test schema")
	}
	files, err := Generate(cat, Options{Package: "gen"})
	must(t, err)
	const want = "/v/n: expected an integer within the tool's Go int64 range (-9223372036854775808 to 9223372036854775807), got 10000000000000000000"
	out := buildAndTest(t, files, []diffCase{
		{Tool: "count", Args: json.RawMessage(`{"v":{"n":1e19}}`), Lenient: want},
		{Tool: "count", Args: json.RawMessage(`{"v":{"n":"-9223372036854775809"}}`), Lenient: "/v/n: expected an integer within the tool's Go int64 range"},
	})
	t.Log(summary(out))
}
