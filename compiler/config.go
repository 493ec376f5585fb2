package compiler

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/schemacheck"
	sjs "github.com/tscg/tscg/internal/thirdparty/jsonschema"
	"github.com/tscg/tscg/internal/thirdparty/jsonschema/kind"
)

// ConfigSchema is the JSON Schema of tscg.yaml.
//
//go:embed tscg.schema.json
var ConfigSchema []byte

// ConfigNames are the file names searched for, in order, in each directory.
var ConfigNames = []string{"tscg.yaml", "tscg.yml"}

// Config is a parsed tscg.yaml. Paths in it are resolved against Dir.
type Config struct {
	Version              int      `yaml:"version"`
	Inputs               []string `yaml:"inputs"`
	Out                  string   `yaml:"out"`
	Draft                string   `yaml:"draft"`
	AdditionalProperties bool     `yaml:"additionalProperties"`
	CloseImportedObjects bool     `yaml:"closeImportedObjects"`
	// Go configures the generated Go executors.
	Go GoConfig `yaml:"go"`
	// Python says how Python files define tools.
	Python PythonConfig `yaml:"python"`
	// Lint is the lint: section, checked against the schema here and
	// decoded by the analyzer (analyzer.ParseSettings reads the file).
	Lint map[string]any `yaml:"lint"`
	// Serve is the serve: section, checked against the schema here and
	// decoded by tscg serve.
	Serve map[string]any `yaml:"serve"`

	// Path is the file the configuration came from ("" for defaults).
	Path string `yaml:"-"`
	// Dir is the directory relative paths are resolved against.
	Dir string `yaml:"-"`
}

// GoConfig configures the generated Go executors (tscg build --go-out).
type GoConfig struct {
	// Out is the directory of the generated package, relative to the
	// configuration file.
	Out string `yaml:"out"`
	// Package is the Go package name (default: Out's base name).
	Package string `yaml:"package"`
}

// PythonConfig extends the Python frontend's known tool decorators and
// injected parameter types.
type PythonConfig struct {
	ToolDecorators []string `yaml:"toolDecorators"`
	InjectedTypes  []string `yaml:"injectedTypes"`
}

// FindConfig looks for a configuration file in dir and its parents and
// returns its path, or "" when there is none.
func FindConfig(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		for _, name := range ConfigNames {
			p := filepath.Join(abs, name)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p, nil
			}
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", nil
		}
		abs = parent
	}
}

// LoadConfig reads and checks a configuration file. Every problem is a
// diagnostic with the file:line:col of the offending value.
func LoadConfig(path string) (*Config, diag.List) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: path}, "read config: %v", err)}
	}
	return ParseConfig(path, data)
}

// ParseConfig checks data against ConfigSchema and decodes it.
func ParseConfig(path string, data []byte) (*Config, diag.List) {
	cfg := &Config{Path: path, Dir: filepath.Dir(path)}
	file, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, diag.List{yamlDiag(path, err)}
	}
	if ds := checkConfigSchema(path, file, data); len(ds) > 0 {
		return nil, ds
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return cfg, nil
	}
	if err := yaml.UnmarshalWithOptions(data, cfg, yaml.Strict()); err != nil {
		return nil, diag.List{yamlDiag(path, err)}
	}
	return cfg, nil
}

func yamlDiag(path string, err error) diag.Diagnostic {
	if line, col, msg, ok := schemacheck.YAMLError(err); ok {
		return diag.Errorf(diag.Pos{File: path, Line: line, Col: col}, "invalid config: %s", msg)
	}
	return diag.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "invalid config: %v", err)
}

var configValidator = schemacheck.Lazy("tscg.schema.json", ConfigSchema)

// checkConfigSchema validates the document against ConfigSchema and turns
// each violation into a diagnostic at the YAML node it is about.
func checkConfigSchema(path string, file *ast.File, data []byte) diag.List {
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		return diag.List{yamlDiag(path, err)}
	}
	if len(bytes.TrimSpace(js)) == 0 || string(bytes.TrimSpace(js)) == "null" {
		return nil
	}
	inst, err := sjs.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return diag.List{diag.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "invalid config: %v", err)}
	}
	var ds diag.List
	for _, leaf := range schemacheck.Leaves(configValidator().Validate(inst)) {
		loc := leaf.InstanceLocation
		msg := schemacheck.Message(leaf)
		if ap, ok := leaf.ErrorKind.(*kind.AdditionalProperties); ok && len(ap.Properties) > 0 {
			for _, name := range ap.Properties {
				ds.Errorf(keyPos(path, file, loc, name), "invalid config: unknown key %q (known keys: %s)", name, configKeys())
			}
			continue
		}
		where := "/" + strings.Join(loc, "/")
		ds.Errorf(nodePos(path, file, loc), "invalid config at %s: %s", where, msg)
	}
	return ds
}

func configKeys() string {
	var doc struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(ConfigSchema, &doc) // the embedded schema is tested
	keys := make([]string, 0, len(doc.Properties))
	for k := range doc.Properties {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// nodePos finds the YAML node at a JSON pointer; for an unknown property it
// is the key itself, found by looking one level up.
func nodePos(path string, file *ast.File, loc []string) diag.Pos {
	if n := findNode(file, loc); n != nil && n.GetToken() != nil {
		tp := n.GetToken().Position
		return diag.Pos{File: path, Line: tp.Line, Col: tp.Column}
	}
	return diag.Pos{File: path, Line: 1, Col: 1}
}

// keyPos is the position of the key name in the mapping at loc.
func keyPos(path string, file *ast.File, loc []string, name string) diag.Pos {
	if m, ok := findNode(file, loc).(*ast.MappingNode); ok {
		for _, mv := range m.Values {
			if mv.Key != nil && mv.Key.GetToken() != nil && mv.Key.GetToken().Value == name {
				tp := mv.Key.GetToken().Position
				return diag.Pos{File: path, Line: tp.Line, Col: tp.Column}
			}
		}
	}
	return nodePos(path, file, append(append([]string(nil), loc...), name))
}

func findNode(file *ast.File, loc []string) ast.Node {
	if len(loc) == 0 && len(file.Docs) > 0 {
		return file.Docs[0].Body
	}
	b := (&yaml.PathBuilder{}).Root()
	for _, seg := range loc {
		if n, err := strconv.ParseUint(seg, 10, 32); err == nil {
			b = b.Index(uint(n))
		} else {
			b = b.Child(seg)
		}
	}
	if n, err := b.Build().FilterFile(file); err == nil {
		return n
	}
	return nil
}

// Resolve returns p relative to the configuration's directory.
func (c *Config) Resolve(p string) string {
	if c == nil || c.Dir == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

func (c *Config) String() string { return fmt.Sprintf("config %s", c.Path) }
