package compiler

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// TestExampleConfigsMatchSchema checks every tscg.yaml under examples/
// against the configuration's JSON Schema and the strict decoder.
func TestExampleConfigsMatchSchema(t *testing.T) {
	paths, err := filepath.Glob("../examples/*/tscg.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no example configs found (%v)", err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		js, err := yaml.YAMLToJSON(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		inst, err := sjs.UnmarshalJSON(bytes.NewReader(js))
		if err != nil {
			t.Fatal(err)
		}
		if err := configValidator().Validate(inst); err != nil {
			t.Errorf("%s does not match tscg.schema.json: %v", p, err)
		}
		if _, ds := ParseConfig(p, data); len(ds) > 0 {
			t.Errorf("%s: %v", p, ds)
		}
	}
}

// TestSchemaKeysMatchStruct keeps the schema and the Go struct in step.
func TestSchemaKeysMatchStruct(t *testing.T) {
	var doc struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(ConfigSchema, &doc); err != nil {
		t.Fatal(err)
	}
	var schemaKeys, structKeys []string
	for k := range doc.Properties {
		schemaKeys = append(schemaKeys, k)
	}
	rt := reflect.TypeOf(Config{})
	for i := 0; i < rt.NumField(); i++ {
		if tag := rt.Field(i).Tag.Get("yaml"); tag != "-" {
			structKeys = append(structKeys, strings.Split(tag, ",")[0])
		}
	}
	sort.Strings(schemaKeys)
	sort.Strings(structKeys)
	if !reflect.DeepEqual(schemaKeys, structKeys) {
		t.Errorf("schema keys %v != struct keys %v", schemaKeys, structKeys)
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"inputs: [a\nout: b\n", "c.yaml:2:"},
		{"inputs: [a]\nbogus: 1\n", `c.yaml:2:1: error: invalid config: unknown key "bogus"`},
		{"draft: \"4\"\n", "c.yaml:1:8: error: invalid config at /draft: value must be one of"},
		{"out: 3\n", "c.yaml:1:6: error: invalid config at /out: got number, want string"},
		{"inputs:\n  - \"\"\n", "c.yaml:2:5: error: invalid config at /inputs/0"},
		{"version: 2\n", "c.yaml:1:10: error: invalid config at /version"},
	}
	for _, tc := range tests {
		_, ds := ParseConfig("c.yaml", []byte(tc.src))
		if !ds.HasErrors() {
			t.Errorf("%q: no error", tc.src)
			continue
		}
		if got := ds.Sorted()[0].String(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q:\n got %s\nwant prefix %s", tc.src, got, tc.want)
		}
	}
}

func TestParseConfigValues(t *testing.T) {
	cfg, ds := ParseConfig("d/tscg.yaml", []byte("version: 1\ninputs: [a.ts, b]\nout: o\ndraft: 7\nadditionalProperties: true\ncloseImportedObjects: true\npython: {toolDecorators: [\"*.register\"], injectedTypes: [Session]}\n"))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	want := &Config{Version: 1, Inputs: []string{"a.ts", "b"}, Out: "o", Draft: "7", AdditionalProperties: true, CloseImportedObjects: true, Python: PythonConfig{ToolDecorators: []string{"*.register"}, InjectedTypes: []string{"Session"}}, Path: "d/tscg.yaml", Dir: "d"}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("got %+v\nwant %+v", cfg, want)
	}
	if got := cfg.Resolve("a.ts"); got != filepath.Join("d", "a.ts") {
		t.Errorf("Resolve = %s", got)
	}
	if cfg, ds := ParseConfig("e.yaml", nil); len(ds) > 0 || cfg == nil {
		t.Errorf("empty config should load: %v", ds)
	}
}

func TestFindConfig(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "tscg.yaml"), []byte("out: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := FindConfig(sub)
	if err != nil || got != filepath.Join(dir, "a", "tscg.yaml") {
		t.Errorf("FindConfig = %q, %v", got, err)
	}
}

// TestReadmeConfig keeps the README's tscg.yaml example valid.
func TestReadmeConfig(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "```yaml\nversion: 1")
	if i < 0 {
		t.Fatal("README has no ```yaml block starting with version: 1")
	}
	body := s[i+len("```yaml\n"):]
	body = body[:strings.Index(body, "```")]
	if _, ds := ParseConfig("README.md", []byte(body)); len(ds) > 0 {
		t.Errorf("README config example: %v", ds)
	}
}

// FuzzParseConfig: any bytes give a config or diagnostics, never a panic.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{"", "version: 1\ninputs: [a.ts]\n", "lint:\n  except: [docs]\n", "inputs: [a\n", "draft: 7\nout: 3\n", "serve:\n  tools:\n    x:\n      command: [cat]\n", "- a\n- b\n", "a: &x 1\nb: *x\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, ds := ParseConfig("f.yaml", data)
		if cfg == nil && !ds.HasErrors() {
			t.Fatalf("no config and no error for %q", data)
		}
	})
}
