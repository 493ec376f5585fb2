package compiler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/yamldoc"
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
		if err := testSchema(t).Validate(inst); err != nil {
			t.Errorf("%s does not match tscg.schema.json: %v", p, err)
		}
		if _, ds := ParseConfig(p, data); len(ds) > 0 {
			t.Errorf("%s: %v", p, ds)
		}
	}
}

// testSchema compiles tscg.schema.json with the reference validator.
func testSchema(t testing.TB) *sjs.Schema {
	t.Helper()
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(ConfigSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := sjs.NewCompiler()
	if err := c.AddResource("tscg.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("tscg.schema.json")
}

// TestSchemaKeysMatchStruct keeps the schema and the Go types in step,
// section by section.
func TestSchemaKeysMatchStruct(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(ConfigSchema, &doc); err != nil {
		t.Fatal(err)
	}
	resolve := func(s map[string]any) map[string]any {
		if ref, ok := s["$ref"].(string); ok {
			return doc["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		}
		return s
	}
	props := func(s map[string]any, path ...string) []string {
		for _, p := range path {
			s = resolve(s)
			if p == "*" {
				s = s["additionalProperties"].(map[string]any)
				continue
			}
			if p == "[]" { // a list: its items hold the keys
				s = s["items"].(map[string]any)
				continue
			}
			s = s["properties"].(map[string]any)[p].(map[string]any)
		}
		var keys []string
		for k := range resolve(s)["properties"].(map[string]any) {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return keys
	}
	for _, tc := range []struct {
		path []string
		typ  any
	}{
		{nil, Config{}},
		{[]string{"go"}, GoConfig{}},
		{[]string{"lint"}, analyzer.Settings{}},
		{[]string{"lint", "ignore", "[]"}, analyzer.Ignore{}},
		{[]string{"breaking"}, analyzer.Settings{}},
		{[]string{"serve"}, ServeConfig{}},
		{[]string{"serve", "python"}, ServePython{}},
		{[]string{"serve", "retire"}, ServeRetire{}},
		{[]string{"serve", "tools", "*"}, ServeTool{}},
		{[]string{"serve", "tools", "*", "http"}, ServeHTTP{}},
		{[]string{"serve", "approval"}, ServeApproval{}},
		{[]string{"model"}, ModelConfig{}},
		{[]string{"servers", "[]"}, ServerConfig{}},
	} {
		path := tc.path
		want := props(doc, path...)
		if got := yamldoc.Keys(reflect.TypeOf(tc.typ)); !reflect.DeepEqual(want, got) {
			t.Errorf("%v: schema keys %v != Go keys %v", path, want, got)
		}
	}
}

// TestDecoderAgreesWithSchema is a differential test: for each document
// the strict decoder accepts exactly when the JSON Schema (checked by
// the reference validator) does.
func TestDecoderAgreesWithSchema(t *testing.T) {
	schema := testSchema(t)
	docs := []string{
		"", "version: 1\n", "version: 2\n", "inputs: []\n", "inputs: [a]\n", "inputs: [\"\"]\n", "out: \"\"\n", "out: 3\n",
		"draft: 7\n", "draft: \"7\"\n", "draft: \"2020-12\"\n", "draft: 4\n", "additionalProperties: yes\n", "additionalProperties: 1\n",
		"closeImportedObjects: true\n", "bogus: 1\n", "go: {out: g, package: p}\n", "go: {package: 9x}\n", "go: {out: \"\"}\n", "go: {pkg: p}\n",
		"lint: {except: [docs]}\n", "lint: {excpt: [docs]}\n", "lint: {except: docs}\n", "lint: {severity: {docs: off}}\n", "lint: {severity: {docs: loud}}\n",
		"lint: {failOn: warning}\n", "lint: {failOn: never}\n", "lint: {nameDistance: 0.5}\n", "lint: {nameDistance: 2}\n", "lint: {similarity: -1}\n",
		"lint: {minDescription: -1}\n", "lint: {rounds: 0}\n", "lint: {rounds: 3}\n", "lint: {rounds: 2.5}\n", "lint: {toolBudget: x}\n", "lint: {encoding: cl100k_base}\n",
		"lint: {encoding: gpt2}\n", "lint: {ignore: [{rule: docs, tool: t}]}\n", "lint: {ignore: [{tool: t}]}\n", "lint: {ignore: [{rule: docs, why: x}]}\n",
		"breaking: {except: [tool-removed]}\n", "breaking: {exept: [x]}\n",
		"serve: {script: true, skills: s, timeout: 30s}\n", "serve: {approval: {tools: [rm], how: elicit}, maxResultChars: 100}\n",
		"serve: {approval: {how: ask}}\n", "serve: {maxResultChars: -1}\n", "serve: {scriptDepth: 3}\n", "serve: {scriptDepth: -2}\n", "model: {model: m}\n", "model: {provider: anthropic}\n",
		"model: {model: m, provider: gemini}\n", "model: {model: m, provider: responses, baseURL: u, apiKeyEnv: K, timeout: 30s, retries: 3, temperature: 0.5, maxTokens: 100}\n",
		"model: {model: m, temperature: 3}\n", "model: {model: m, retries: -1}\n", "model: {model: m, key: sk}\n", "model: {model: m, timeout: 5}\n", "serve: {timeout: 5}\n", "serve: {timeout: soon}\n", "serve: {maxConcurrent: -1}\n", "serve: {maxBodyBytes: 0}\n",
		"serve: {python: {interpreter: py, workers: 2, env: {A: b}}}\n", "serve: {python: {workers: -1}}\n", "serve: {python: {interp: x}}\n",
		"serve: {tools: {t: {command: [cat]}}}\n", "serve: {tools: {t: {command: []}}}\n", "serve: {tools: {t: {}}}\n",
		"serve: {tools: {t: {http: {url: u}}}}\n", "serve: {tools: {t: {http: {url: u, method: GET}, command: [cat]}}}\n",
		"serve: {tools: {t: {http: {method: GET}}}}\n", "serve: {tools: {t: {http: {url: u, method: FETCH}}}}\n", "serve: {tools: {t: {http: {url: u, headers: {A: b}}}}}\n",
		"serve: {tools: {t: {command: [cat], env: {A: b}}}}\n",
		"serve: {retire: {maxCalls: 100, maxRSSGrowthMiB: 512}}\n", "serve: {retire: {maxCalls: 0, maxRSSGrowthMiB: 0}}\n", "serve: {retire: {maxCalls: -1}}\n",
		"serve: {retire: {maxRSSGrowthMiB: 1048577}}\n", "serve: {retire: {maxCalls: 1.5}}\n", "serve: {retire: {maxRSS: 1}}\n", "serve: {retire: 5}\n", "- a\n", "42\n",
		"servers: []\n", "servers: [{name: a, command: c, args: [x], env: {K: v}, cwd: d, startTimeout: 5s, listTimeout: 1m, maxBytes: 100}]\n",
		"servers: [{name: a, url: u, headers: {X: y}, bearerEnv: T}]\n", "servers: [{command: c}]\n", "servers: [{name: a}]\n",
		"servers: [{name: a, command: c, url: u}]\n", "servers: [{name: a, command: c, headers: {X: y}}]\n", "servers: [{name: a, url: u, cwd: d}]\n",
		"servers: [{name: \"a b\", command: c}]\n", "servers: [{name: a, command: \"\"}]\n", "servers: [{name: a, command: c, maxBytes: 0}]\n",
		"servers: [{name: a, command: c, startTimeout: soon}]\n", "servers: [{name: a, command: c, bogus: 1}]\n", "servers: {a: {command: c}}\n",
	}
	// There are no deliberate deviations: the decoder also reads durations
	// and checks rule ids, targets and encodings, which the schema leaves
	// to patterns or does not know; none of these documents exercises that.
	for _, src := range docs {
		js, err := yaml.YAMLToJSON([]byte(src))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		var schemaOK bool
		if s := strings.TrimSpace(string(js)); s == "" || s == "null" {
			schemaOK = true
		} else {
			inst, err := sjs.UnmarshalJSON(bytes.NewReader(js))
			if err != nil {
				t.Fatal(err)
			}
			schemaOK = schema.Validate(inst) == nil
		}
		_, ds := ParseConfig("c.yaml", []byte(src))
		if decoderOK := !ds.HasErrors(); decoderOK != schemaOK {
			t.Errorf("%q: schema accepts %v, decoder accepts %v (%v)", src, schemaOK, decoderOK, ds)
		}
	}
}

func TestParseConfigValues(t *testing.T) {
	cfg, ds := ParseConfig("d/tscg.yaml", []byte("version: 1\ninputs: [a.ts, b]\nout: o\ndraft: 7\nadditionalProperties: true\ncloseImportedObjects: true\npython: {toolDecorators: [\"*.register\"], injectedTypes: [Session]}\n"))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	want := &Config{Version: 1, Inputs: []string{"a.ts", "b"}, Out: "o", Draft: "7", AdditionalProperties: true, CloseImportedObjects: true, Python: PythonConfig{ToolDecorators: []string{"*.register"}, InjectedTypes: []string{"Session"}}, Path: "d/tscg.yaml", Dir: "d"}
	want.root = cfg.root
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
	for _, s := range []string{"", "version: 1\ninputs: [a.ts]\n", "lint:\n  except: [docs]\n", "inputs: [a\n", "draft: 7\nout: 3\n", "serve:\n  tools:\n    x:\n      command: [cat]\n", "- a\n- b\n", "a: &x 1\nb: *x\n",
		"servers:\n  - name: a\n    command: c\n    args: [x]\n    startTimeout: 1s\n  - name: a\n    url: u\n    cwd: d\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, ds := ParseConfig("f.yaml", data)
		if cfg == nil && !ds.HasErrors() {
			t.Fatalf("no config and no error for %q", data)
		}
	})
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"inputs: [a\nout: b\n", "c.yaml:2:"},
		{"servers:\n  - name: w\n    command: c\n    url: u\n", "c.yaml:2:5: error: invalid config: servers[0] (w): give exactly one of command or url"},
		{"servers:\n  - {name: w, command: c}\n  - {name: w, url: u, headers: {A: b}}\n", `c.yaml:3:12: error: invalid config: servers[1].name: "w" names two servers`},
		{"servers:\n  - {name: w, command: c, listTimeout: 0s}\n", "c.yaml:2:40: error: invalid config: servers[0].listTimeout: must be positive"},
		{"inputs: [a]\nbogus: 1\n", `c.yaml:2:1: error: invalid config: unknown key "bogus" (valid keys: additionalProperties, breaking, build, closeImportedObjects, draft, go, inputs, lint, model, out, python, serve, servers, version)`},
		{"draft: \"4\"\n", `c.yaml:1:8: error: invalid config: draft: "4" is not one of 2020-12, 7`},
		{"out: 3\n", "c.yaml:1:6: error: invalid config: out: want a string, got 3"},
		{"inputs:\n  - \"\"\n", "c.yaml:2:5: error: invalid config: inputs[0]: must not be empty"},
		{"version: 2\n", `c.yaml:1:10: error: invalid config: version: "2" is not one of 1`},
		// The section's own keys are listed, not the top level's.
		{"lint:\n  excpt: [docs]\n", `c.yaml:2:3: error: invalid config: unknown key "excpt" in lint: (valid keys: catalogBudget, encoding, except, failOn, healthyTools, ignore, maxDescription, maxParamDescription, maxTools, minDescription, nameDistance, only, rounds, severity, similarity, targets, toolBudget)`},
		{"serve:\n  tools:\n    t: {http: {url: u, verb: GET}}\n", `c.yaml:3:24: error: invalid config: unknown key "verb" in serve.tools.t.http: (valid keys: headers, method, url)`},
		{"lint:\n  severity:\n    docs: loud\n", `c.yaml:3:11: error: invalid config: lint.severity.docs: unknown severity "loud"`},
		{"lint:\n  targets: [openai, nope]\n", `c.yaml:2:21: error: invalid config: lint.targets[1]: unknown target "nope"`},
		{"serve:\n  timeout: 0s\n", "c.yaml:2:12: error: invalid config: serve.timeout: must be positive"},
		{"serve:\n  retire:\n    maxCalls: -1\n", "c.yaml:3:15: error: invalid config: serve.retire.maxCalls: must be at least 0, not -1"},
		{"serve:\n  retire: {maxRSS: 1}\n", `c.yaml:2:12: error: invalid config: unknown key "maxRSS" in serve.retire: (valid keys: maxCalls, maxRSSGrowthMiB)`},
		{"serve:\n  tools:\n    t: {}\n", "c.yaml:3:8: error: invalid config: serve.tools.t: give exactly one of http or command"},
		{"go:\n  package: 9x\n", `c.yaml:2:12: error: invalid config: go.package: "9x" is not a Go identifier`},
		{"a: &x [1]\nb: *x\n", "c.yaml:1:4: error: invalid config: YAML anchors (&name) are not supported"},
		{"inputs: [a]\n---\nout: b\n", "c.yaml:2:1: error: invalid config: one YAML document expected"},
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

// aliasBomb is a "billion laughs" tscg.yaml: 566 bytes that expand to
// 9^10 strings when aliases are followed.
const aliasBomb = `# billion laughs: ten levels of nine aliases each, 9^10 strings when expanded;
# tscg refuses the first anchor, so none of it is ever built
version: 1
inputs: [tools.ts]
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
j: &j [*i,*i,*i,*i,*i,*i,*i,*i,*i]
lint: {except: *j}
`

// TestAliasBomb: the document is refused at its first anchor, with a
// bounded amount of work (the allocation bound is far below what any
// expansion would need; it is a count, not a timing).
func TestAliasBomb(t *testing.T) {
	if len(aliasBomb) != 566 {
		t.Fatalf("alias bomb is %d bytes, want 566", len(aliasBomb))
	}
	var ds diag.List
	allocs := testing.AllocsPerRun(1, func() { _, ds = ParseConfig("bomb.yaml", []byte(aliasBomb)) })
	if got := fmt.Sprint(ds); !strings.Contains(got, "bomb.yaml:5:4: error: invalid config: YAML anchors (&name) are not supported") {
		t.Errorf("got %s", got)
	}
	if allocs > 100000 {
		t.Errorf("parsing the alias bomb took %.0f allocations", allocs)
	}
}

// BenchmarkParseConfig measures checking a configuration (the example's,
// and one with every section), which every command does first.
func BenchmarkParseConfig(b *testing.B) {
	example, err := os.ReadFile("../examples/weather/tscg.yaml")
	if err != nil {
		b.Fatal(err)
	}
	full := []byte(string(example) + `lint:
  except: [docs]
  severity: {token-budget: warning}
  ignore:
    - {rule: docs, tool: get_weather, path: tools.ts}
  targets: [openai, anthropic]
  rounds: 10
serve:
  timeout: 10s
  python: {interpreter: python3, workers: 2}
  tools:
    get_weather: {http: {url: "http://localhost/w", method: POST}}
`)
	for _, bc := range []struct {
		name string
		data []byte
	}{{"example", example}, {"full", full}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, ds := ParseConfig("tscg.yaml", bc.data); len(ds) > 0 {
					b.Fatal(ds)
				}
			}
		})
	}
}
