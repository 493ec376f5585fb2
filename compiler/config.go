package compiler

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/goccy/go-yaml/ast"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/internal/lazyre"
	"github.com/tscg/tscg/internal/yamldoc"
)

// ConfigSchema is the JSON Schema of tscg.yaml, for editors (a tscg.yaml
// names it in a yaml-language-server comment). tscg itself checks a
// configuration with the strict decoder below, which a test keeps in step
// with the schema: compiling the schema and its meta-schemas cost more
// than the rest of a small build.
//
//go:embed tscg.schema.json
var ConfigSchema []byte

// ConfigNames are the file names searched for, in order, in each directory.
var ConfigNames = []string{"tscg.yaml", "tscg.yml"}

// Config is a parsed tscg.yaml: every section typed, decoded once. Paths
// in it are resolved against Dir. The valid tags are checked while
// decoding (see internal/yamldoc).
type Config struct {
	Version              int      `yaml:"version" valid:"enum=1"`
	Inputs               []string `yaml:"inputs" valid:"nonempty"`
	Out                  string   `yaml:"out" valid:"nonempty"`
	Draft                string   `yaml:"draft" valid:"scalar,enum=2020-12|7"`
	AdditionalProperties bool     `yaml:"additionalProperties"`
	CloseImportedObjects bool     `yaml:"closeImportedObjects"`
	// Build is the build: section: the loading plan of tscg build.
	Build BuildConfig `yaml:"build"`
	// Go configures the generated Go executors.
	Go GoConfig `yaml:"go"`
	// Python says how Python files define tools.
	Python PythonConfig `yaml:"python"`
	// Lint is the lint: section (nil when absent); tscg lint checks its
	// rule ids against the registry.
	Lint *analyzer.Settings `yaml:"lint"`
	// Breaking is the breaking: section (except, only, severity, ignore
	// as in lint:) of tscg breaking.
	Breaking *analyzer.Settings `yaml:"breaking"`
	// Serve is the serve: section (nil when absent).
	Serve *ServeConfig `yaml:"serve"`
	// Model is the model: section (nil when absent): the model tscg agent,
	// tscg eval and FORMALIZE call.
	Model *ModelConfig `yaml:"model"`
	// Servers are MCP servers whose live tools/list tscg may read; one is
	// an input only where inputs: or the command line names it as
	// server:NAME, never otherwise.
	Servers []ServerConfig `yaml:"servers"`

	// Path is the file the configuration came from ("" for defaults).
	Path string `yaml:"-"`
	// Dir is the directory relative paths are resolved against.
	Dir string `yaml:"-"`

	root ast.Node // for the positions of later checks (Pos)
}

// BuildConfig configures tscg build beyond its outputs' place.
type BuildConfig struct {
	// EagerBudget is the loading plan's budget in o200k_base tokens (0:
	// no plan, every tool eager); tscg build --eager-budget overrides it.
	EagerBudget int `yaml:"eagerBudget" valid:"min=0"`
	// AllowedCallers is every Anthropic tool's allowed_callers: "direct"
	// and the code execution tool versions that may call the tools.
	AllowedCallers []string `yaml:"allowedCallers"`
	// GeminiJSONSchema writes providers/gemini.json with
	// parametersJsonSchema (Gemini's current shape) instead of the
	// OpenAPI 3.0 parameters.
	GeminiJSONSchema bool `yaml:"geminiJsonSchema"`
}

// GoConfig configures the Go frontend and the generated Go executors
// (tscg build --go-out).
type GoConfig struct {
	// Out is the directory of the generated package, relative to the
	// configuration file.
	Out string `yaml:"out" valid:"nonempty"`
	// Package is the Go package name (default: Out's base name).
	Package string `yaml:"package"`

	// The invopop/jsonschema Reflector settings, with invopop's meaning,
	// for projects whose servers reflect their schemas with them (see
	// golang.Reflector).
	RequiredFromJSONSchemaTags bool  `yaml:"requiredFromJSONSchemaTags"`
	AllowAdditionalProperties  bool  `yaml:"allowAdditionalProperties"`
	DoNotReference             bool  `yaml:"doNotReference"`
	ExpandedStruct             *bool `yaml:"expandedStruct"`

	// Toolchain is the GOTOOLCHAIN the go command tscg runs to load
	// packages is given: "local" (the default: a module asking for a newer
	// Go is refused, never a toolchain downloaded and run on an input's
	// word) or "auto" (the go command's own default), or any value
	// GOTOOLCHAIN takes.
	Toolchain string `yaml:"toolchain"`
}

// PythonConfig extends the Python frontend's known tool decorators and
// injected parameter types.
type PythonConfig struct {
	ToolDecorators []string `yaml:"toolDecorators"`
	InjectedTypes  []string `yaml:"injectedTypes"`
	// Listing is what providers/mcp.tools-list.json holds for a tool of
	// a framework tscg models (FastMCP, fastmcp, the Agents SDK):
	// "framework" (the default) what the server publishes, "tscg" tscg's
	// own reading (closed objects, docstring Args text as parameter
	// descriptions), which then differs from the server's listing.
	Listing string `yaml:"listing"`
}

// ServeConfig is the serve: section (tscg serve); compiler/serve reads it.
type ServeConfig struct {
	// Script exposes tool_call_script over the served tools.
	Script bool `yaml:"script"`
	// ScriptDepth is how many levels of sub-scripts a script may start
	// (TOOL_CALL("tool_call_script", …); 0 or absent: 2; -1: none).
	ScriptDepth int `yaml:"scriptDepth" valid:"min=-1,max=8"`
	// Skills is a directory of <name>/SKILL.md; it makes exposure
	// skill-driven and adds load_skill.
	Skills string `yaml:"skills" valid:"nonempty"`
	// Timeout bounds each call (0: the default, 30s).
	Timeout time.Duration `yaml:"timeout"`
	// MaxConcurrent bounds the calls of one tool at once (HTTP default 16).
	MaxConcurrent int `yaml:"maxConcurrent" valid:"min=0"`
	// MaxBodyBytes bounds an HTTP request body (default 4 MiB).
	MaxBodyBytes int64       `yaml:"maxBodyBytes" valid:"min=1"`
	Python       ServePython `yaml:"python"`
	// Retire says when a worker is replaced by a fresh one.
	Retire ServeRetire `yaml:"retire"`
	// Tools maps TypeScript, JSON or Go tools to an executor.
	Tools map[string]ServeTool `yaml:"tools"`
	// Approval names tools that run only once the client approves each call.
	Approval *ServeApproval `yaml:"approval"`
	// MaxResultChars cuts a tool result longer than this many characters
	// (0 or absent: results go through whole).
	MaxResultChars int `yaml:"maxResultChars" valid:"min=0"`
}

// ServeApproval says which calls need the client's approval and how it
// is asked: "elicit" asks the MCP client (elicitation/create) and runs
// the call only on accept; "deny" refuses them. Tools annotated
// destructive or requiring approval are always included.
type ServeApproval struct {
	Tools []string `yaml:"tools"`
	How   string   `yaml:"how" valid:"enum=elicit|deny"`
}

// ModelConfig is the model: section: which model tscg agent, tscg eval
// and FORMALIZE call, and how. The key is never in the file: APIKeyEnv
// names the environment variable holding it.
type ModelConfig struct {
	// Provider is the protocol: openai (Chat Completions, the default,
	// also spoken by vLLM, llama.cpp, Ollama …), responses (OpenAI
	// Responses) or anthropic (Messages).
	Provider string `yaml:"provider" valid:"enum=openai|responses|anthropic"`
	// BaseURL is the server (default: the provider's public API).
	BaseURL string `yaml:"baseURL" valid:"nonempty"`
	// Model is the model name sent with each request.
	Model string `yaml:"model" valid:"required,nonempty"`
	// APIKeyEnv names the environment variable holding the API key (none
	// for a local server that needs no key).
	APIKeyEnv string `yaml:"apiKeyEnv" valid:"nonempty"`
	// Timeout bounds one model request (default 120s).
	Timeout time.Duration `yaml:"timeout"`
	// Retries is how often a request refused with 429/5xx is retried (default 2).
	Retries *int `yaml:"retries" valid:"min=0,max=10"`
	// Temperature is sent with every agent request (absent: the server's default).
	Temperature *float64 `yaml:"temperature" valid:"min=0,max=2"`
	// MaxTokens bounds a reply (default 4096).
	MaxTokens int `yaml:"maxTokens" valid:"min=1"`
	// FormalizeTimeout bounds one FORMALIZE request (default 60s);
	// FORMALIZE always asks at temperature 0.
	FormalizeTimeout time.Duration `yaml:"formalizeTimeout"`
}

// ServePython configures the pool that runs Python tools.
type ServePython struct {
	Interpreter string            `yaml:"interpreter" valid:"nonempty"`
	Workers     *int              `yaml:"workers" valid:"min=0"`
	Env         map[string]string `yaml:"env"`
}

// ServeRetire says when tscg serve replaces a healthy worker (a Python
// worker, a tool_call_script worker) by a fresh process, so that what a
// long-lived one accumulates stays bounded: after MaxCalls calls (runs,
// for a script worker), or once a call leaves its resident memory more
// than MaxRSSGrowthMiB above what it used when started (Linux). 0 means
// never; absent means the default, 1000 calls and 256 MiB.
type ServeRetire struct {
	MaxCalls        *int `yaml:"maxCalls" valid:"min=0"`
	MaxRSSGrowthMiB *int `yaml:"maxRSSGrowthMiB" valid:"min=0,max=1048576"`
}

// ServeTool runs one tool: exactly one of HTTP or Command.
type ServeTool struct {
	HTTP *ServeHTTP `yaml:"http"`
	// Command gets the arguments object as JSON on stdin and prints the
	// result on stdout; a non-zero exit is a tool error.
	Command []string `yaml:"command" valid:"nonempty"`
	// Env is the command's whole environment (${VAR} expands from tscg's).
	Env map[string]string `yaml:"env"`
}

// ServeHTTP sends a tool's arguments to an HTTP endpoint.
type ServeHTTP struct {
	URL     string            `yaml:"url" valid:"required,nonempty"`
	Method  string            `yaml:"method" valid:"enum=GET|POST|PUT|PATCH|DELETE"`
	Headers map[string]string `yaml:"headers"`
}

// ServerConfig is one MCP server of the servers: section: a command
// spoken to over stdio (Command, Args, Env, Cwd) or a streamable HTTP
// endpoint (URL, Headers, BearerEnv).
type ServerConfig struct {
	Name    string            `yaml:"name" valid:"required"`
	Command string            `yaml:"command" valid:"nonempty"`
	Args    []string          `yaml:"args"`
	Env     map[string]string `yaml:"env"`
	// Cwd is relative to the configuration file.
	Cwd     string            `yaml:"cwd" valid:"nonempty"`
	URL     string            `yaml:"url" valid:"nonempty"`
	Headers map[string]string `yaml:"headers"`
	// BearerEnv names the variable holding a bearer token: tokens are
	// never written in the configuration.
	BearerEnv    string        `yaml:"bearerEnv" valid:"nonempty"`
	StartTimeout time.Duration `yaml:"startTimeout"`
	ListTimeout  time.Duration `yaml:"listTimeout"`
	MaxBytes     int64         `yaml:"maxBytes" valid:"min=1"`
}

// Server is the server named name, or nil.
func (c *Config) Server(name string) *ServerConfig {
	for i := range c.Servers {
		if c.Servers[i].Name == name {
			return &c.Servers[i]
		}
	}
	return nil
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
	data, err := inputfile.Read(path)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: path}, "read config: %v", err)}
	}
	return ParseConfig(path, data)
}

// ParseConfig decodes data strictly: unknown keys (listed with the keys
// valid in their section), wrong types, out-of-range values, anchors and
// aliases are errors at their position.
func ParseConfig(path string, data []byte) (*Config, diag.List) {
	cfg := &Config{Path: path, Dir: filepath.Dir(path)}
	doc, err := yamldoc.Parse(data)
	if err != nil {
		return nil, yamlDiags(path, err)
	}
	cfg.root = doc.Root
	// The checks after decoding assume values of the right shape.
	ds := yamlDiags(path, yamldoc.Decode(doc.Root, cfg, ""))
	if len(ds) == 0 {
		ds = cfg.check()
	}
	if len(ds) > 0 {
		return nil, ds
	}
	return cfg, nil
}

// LoadServeConfig reads a file whose top level is the serve: section
// (tscg serve --serve-config).
func LoadServeConfig(path string) (*ServeConfig, diag.List) {
	data, err := inputfile.Read(path)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: path}, "read serve config: %v", err)}
	}
	doc, err := yamldoc.Parse(data)
	if err != nil {
		return nil, yamlDiags(path, err)
	}
	sc := &ServeConfig{}
	wrap := &Config{Path: path, root: doc.Root, Serve: sc}
	ds := yamlDiags(path, yamldoc.Decode(doc.Root, sc, "serve"))
	if len(ds) == 0 {
		ds = wrap.checkServe(nil)
	}
	if len(ds) > 0 {
		return nil, ds
	}
	return sc, nil
}

func yamlDiags(path string, err error) diag.List {
	var ds diag.List
	var es yamldoc.Errors
	var e *yamldoc.Error
	switch {
	case err == nil:
	case asErr(err, &es):
		for _, e := range es {
			ds.Errorf(diag.Pos{File: path, Line: e.Line, Col: e.Col}, "invalid config: %s", e.Msg)
		}
	case asErr(err, &e):
		ds.Errorf(diag.Pos{File: path, Line: e.Line, Col: e.Col}, "invalid config: %s", e.Msg)
	default:
		ds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "invalid config: %v", err)
	}
	return ds
}

func asErr[T error](err error, target *T) bool {
	t, ok := err.(T)
	if ok {
		*target = t
	}
	return ok
}

var goIdent = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// check is what the field tags cannot say.
func (c *Config) check() diag.List {
	var ds diag.List
	if c.Go.Package != "" && !goIdent.MatchString(c.Go.Package) {
		ds.Errorf(c.Pos("go", "package"), "invalid config: go.package: %q is not a Go identifier", c.Go.Package)
	}
	for _, sec := range []struct {
		name string
		s    *analyzer.Settings
	}{{"lint", c.Lint}, {"breaking", c.Breaking}} {
		if sec.s == nil {
			continue
		}
		for _, err := range sec.s.CheckValues() {
			ds.Errorf(c.Pos(append([]string{sec.name}, err.Path...)...), "invalid config: %s.%s", sec.name, err.Error())
		}
	}
	ds = append(ds, c.checkServe([]string{"serve"})...)
	ds = append(ds, c.checkModel()...)
	return append(ds, c.checkServers()...)
}

var serverName = lazyre.New(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// checkServers checks names (well formed, unique) and that each server
// is a command or a URL with only the keys of its kind.
func (c *Config) checkServers() diag.List {
	var ds diag.List
	seen := map[string]bool{}
	for i, s := range c.Servers {
		at := func(k ...string) diag.Pos { return c.Pos(append([]string{"servers", fmt.Sprint(i)}, k...)...) }
		switch {
		case !serverName.MatchString(s.Name):
			ds.Errorf(at("name"), "invalid config: servers[%d].name: %q: use letters, digits, '.', '_' and '-'", i, s.Name)
		case seen[s.Name]:
			ds.Errorf(at("name"), "invalid config: servers[%d].name: %q names two servers", i, s.Name)
		}
		seen[s.Name] = true
		if msg := s.kindError(); msg != "" {
			ds.Errorf(at(), "invalid config: servers[%d] (%s): %s", i, s.Name, msg)
		}
		for _, k := range []string{"startTimeout", "listTimeout"} {
			if n := c.lookup("servers", fmt.Sprint(i), k); n != nil && (k == "startTimeout" && s.StartTimeout <= 0 || k == "listTimeout" && s.ListTimeout <= 0) {
				ds.Errorf(at(k), "invalid config: servers[%d].%s: must be positive", i, k)
			}
		}
	}
	return ds
}

func (s *ServerConfig) kindError() string {
	switch {
	case (s.Command == "") == (s.URL == ""):
		return "give exactly one of command or url"
	case s.Command != "" && (len(s.Headers) > 0 || s.BearerEnv != ""):
		return "headers and bearerEnv are for url"
	case s.URL != "" && (len(s.Args) > 0 || len(s.Env) > 0 || s.Cwd != ""):
		return "args, env and cwd are for command"
	}
	return ""
}

// checkModel checks the model section's durations.
func (c *Config) checkModel() diag.List {
	var ds diag.List
	if c.Model == nil {
		return nil
	}
	for _, k := range []struct {
		key string
		d   time.Duration
	}{{"timeout", c.Model.Timeout}, {"formalizeTimeout", c.Model.FormalizeTimeout}} {
		if k.d < 0 || k.d == 0 && c.lookup("model", k.key) != nil {
			ds.Errorf(c.Pos("model", k.key), "invalid config: model.%s: must be positive", k.key)
		}
	}
	return ds
}

// checkServe checks the serve section found at path (nil: the top level).
func (c *Config) checkServe(path []string) diag.List {
	var ds diag.List
	sc := c.Serve
	if sc == nil {
		return nil
	}
	at := func(p ...string) diag.Pos { return c.Pos(append(slices.Clip(path), p...)...) }
	if sc.Timeout < 0 || sc.Timeout == 0 && c.lookup(append(slices.Clip(path), "timeout")...) != nil {
		ds.Errorf(at("timeout"), "invalid config: serve.timeout: must be positive")
	}
	names := make([]string, 0, len(sc.Tools))
	for name := range sc.Tools {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if ex := sc.Tools[name]; (ex.HTTP == nil) == (len(ex.Command) == 0) {
			ds.Errorf(at("tools", name), "invalid config: serve.tools.%s: give exactly one of http or command", name)
		}
	}
	return ds
}

// Pos is the position of the value at path (mapping keys and list
// indexes) in the configuration file: the nearest existing ancestor's
// when the path does not exist, 1:1 for the empty document.
func (c *Config) Pos(path ...string) diag.Pos {
	if c == nil || c.Path == "" {
		return diag.Pos{}
	}
	for i := len(path); i >= 0; i-- {
		if n := c.lookup(path[:i]...); n != nil {
			l, col := yamldoc.Pos(n)
			return diag.Pos{File: c.Path, Line: l, Col: col}
		}
	}
	return diag.Pos{File: c.Path, Line: 1, Col: 1}
}

func (c *Config) lookup(path ...string) ast.Node {
	if c.root == nil {
		return nil
	}
	return yamldoc.Lookup(c.root, path...)
}

// OutputDirs are the directories tscg writes for this configuration
// (out and go.out, resolved): never read as inputs, so tscg does not read
// what it wrote.
func (c *Config) OutputDirs() []string {
	if c == nil {
		return nil
	}
	var out []string
	for _, d := range []string{c.Out, c.Go.Out} {
		if d != "" {
			out = append(out, c.Resolve(d))
		}
	}
	return out
}

// Resolve returns p relative to the configuration's directory.
func (c *Config) Resolve(p string) string {
	if c == nil || c.Dir == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

func (c *Config) String() string { return fmt.Sprintf("config %s", c.Path) }
