package serve

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/mcp"
	"github.com/tscg/tscg/runtime/script"
)

// Options are one server's settings. Zero values (and -1 where noted)
// mean "as the serve settings say, else the default"; the CLI's flags map
// onto them one to one.
type Options struct {
	// Config is the loaded tscg.yaml (compiler.LoadConfig); required.
	Config *compiler.Config
	// Paths are the inputs; default: Config's inputs.
	Paths []string
	// SettingsFile names the serve settings as their own file (its top
	// level is the serve: section); default: tscg.yaml's serve: key.
	SettingsFile string
	// HTTP says the server will serve HTTP (it sets MaxConcurrent's default).
	HTTP bool
	// Script exposes tool_call_script.
	Script bool
	// ScriptWorker is the command that starts one script worker process
	// (a program calling script.ServeWorker; tscg's CLI passes its own
	// executable and "__script-worker"). Required with Script: scripts
	// never run inside the server, where a fatal error in one would end
	// every session.
	ScriptWorker []string
	// ScriptWorkers is the number of script workers kept warm, and so of
	// scripts running at once (0: default 2).
	ScriptWorkers int
	// Skills is a skills directory (<name>/SKILL.md).
	Skills string
	// ToolSearch exposes search_tools and defers the tools: a session
	// sees search_tools (and load_skill, tool_call_script, and the eager
	// tools of build.eagerBudget's loading plan) until a search unlocks
	// more.
	ToolSearch bool
	// Python is the interpreter for Python tools (default python3).
	Python string
	// Workers is the Python pool size (0: a fresh interpreter per call; -1: default 4).
	Workers int
	// Timeout bounds one call (0: default 30s).
	Timeout time.Duration
	// MaxConcurrent bounds the calls of one tool at once (0: unbounded;
	// -1: default, 16 over HTTP).
	MaxConcurrent int
	// MaxBody bounds an HTTP request body (0: default 4 MiB).
	MaxBody int64
	// AuthToken, when set, is the bearer token every HTTP request must
	// carry.
	AuthToken string
	// AllowedOrigins are the browser origins allowed over HTTP (nil:
	// loopback origins only).
	AllowedOrigins []string
	// ShutdownGrace is how long an HTTP server waits for calls in flight
	// when it is stopped (0: default 10s).
	ShutdownGrace time.Duration
	// Stderr receives warnings, reload notices and logs.
	Stderr io.Writer
}

// Server is a running tscg serve: the MCP server and the generation of
// compiled tools it currently serves.
type Server struct {
	opts  Options
	paths []string
	build buildOptions
	srv   *mcp.Server
	log   *slog.Logger

	mu  sync.Mutex // guards gen: the watcher swaps it while serve runs
	gen *generation

	// newWatcher makes Watch's file watcher (nil: fsnotify's); a test
	// makes it fail to check the polling fallback.
	newWatcher func() (*fsnotify.Watcher, error)
}

// New compiles the inputs and assembles a server for them. Errors in the
// inputs or settings are *Error values.
func New(o Options) (*Server, error) {
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	sc, err := LoadSettings(o.Config, o.SettingsFile)
	if err != nil {
		return nil, err
	}
	bo, err := buildOptionsOf(o, sc)
	if err != nil {
		return nil, err
	}
	s := &Server{opts: o, paths: o.Paths, build: bo, log: bo.logger}
	if len(s.paths) == 0 {
		for _, in := range o.Config.Inputs {
			s.paths = append(s.paths, o.Config.Resolve(in))
		}
	}
	if len(s.paths) == 0 {
		return nil, errorf("no inputs: name files or directories, or list them under inputs: in tscg.yaml")
	}
	if s.gen, err = s.compile(); err != nil {
		return nil, err
	}
	maxConc := o.MaxConcurrent
	if maxConc < 0 {
		maxConc = sc.MaxConcurrent
		if maxConc == 0 && o.HTTP {
			maxConc = 16
		}
	}
	s.srv = mcp.NewServer(s.gen.set, mcp.Options{Name: "tscg", Logger: s.log, MaxConcurrent: maxConc, QueueTimeout: bo.timeout,
		Instructions: instructions(s.gen.set)})
	return s, nil
}

// instructions are initialize's instructions: the skill catalog, so the
// client's model learns which skills exist before it lists tools.
func instructions(set *mcp.ToolSet) string {
	var parts []string
	if set.Search != "" {
		deferred := len(set.Registry.Names())
		for _, n := range set.Always {
			if set.Registry.Tool(n) != nil {
				deferred--
			}
		}
		parts = append(parts, fmt.Sprintf("%d of this server's tools are not listed at first. Call %s with what you need in plain words: it returns the matching tools' signatures and makes them callable.",
			deferred, set.Search))
	}
	if set.Skills != nil {
		if c := set.Skills.Catalog(); c != "" {
			parts = append(parts, c)
		}
	}
	return strings.Join(parts, "\n\n")
}

// Registry is the tool set being served (tscg agent runs its loop on it).
func (s *Server) Registry() *runtime.Registry { return s.current().set.Registry }

// ToolSet is the tool set being served.
func (s *Server) ToolSet() *mcp.ToolSet { return s.current().set }

// MCP is the underlying MCP server (to connect other transports).
func (s *Server) MCP() *mcp.Server { return s.srv }

// Close releases the current generation's workers and the script pool.
func (s *Server) Close() {
	s.current().close(0)
	if s.build.pool != nil {
		s.build.pool.Close()
	}
}

// current returns the generation being served.
func (s *Server) current() *generation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gen
}

// ServeStdio serves one MCP session over r and w until the client closes
// r or ctx ends.
func (s *Server) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	err := s.srv.RunIO(ctx, r, w)
	if ctx.Err() != nil || isClosed(err) {
		return nil
	}
	return err
}

// ServeHTTP serves streamable HTTP on ln until ctx ends.
func (s *Server) ServeHTTP(ctx context.Context, ln net.Listener) error {
	return s.srv.Serve(ctx, ln, mcp.HTTPOptions{Metrics: s.build.metrics, MaxBodyBytes: s.maxBody(),
		AuthToken: s.opts.AuthToken, AllowedOrigins: s.opts.AllowedOrigins, ShutdownGrace: s.opts.ShutdownGrace})
}

// buildOptionsOf merges the options over the serve settings.
func buildOptionsOf(o Options, sc *Settings) (buildOptions, error) {
	b := buildOptions{sc: sc, metrics: runtime.NewMemoryMetrics(), script: o.Script || sc.Script, workers: 4, stderr: o.Stderr,
		logger: slog.New(slog.NewTextHandler(o.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	schema, err := compiler.SchemaOptions(o.Config)
	if err != nil {
		return b, errorf("%v", err)
	}
	schema.Draft = jsonschema.Draft2020 // MCP's default dialect
	b.schema = schema
	if b.timeout, err = sc.timeout(); err != nil {
		return b, errorf("serve.timeout: %v", err)
	}
	if o.Timeout < 0 {
		return b, errorf("--timeout: must be positive")
	}
	if o.Timeout > 0 {
		b.timeout = o.Timeout
	}
	if o.Python != "" {
		sc.Python.Interpreter = o.Python
	}
	switch {
	case o.Workers >= 0:
		b.workers = o.Workers
	case sc.Python.Workers != nil:
		b.workers = *sc.Python.Workers
	}
	b.toolSearch = o.ToolSearch
	b.eagerBudget = o.Config.Build.EagerBudget
	b.skillDir = sc.resolve(sc.Skills)
	if o.Skills != "" {
		b.skillDir = o.Skills
	}
	b.http = &http.Client{Timeout: b.timeout}
	if b.script {
		if len(o.ScriptWorker) == 0 {
			return b, errorf("tool_call_script needs a script worker command (serve.Options.ScriptWorker)")
		}
		runs, rss := sc.retire()
		pool, err := script.NewPool(script.PoolConfig{Command: o.ScriptWorker, Size: o.ScriptWorkers, MaxRuns: runs, MaxRSSGrowth: rss})
		if err != nil {
			return b, errorf("tool_call_script: %v", err)
		}
		b.pool = pool
		if mc := o.Config.Model; mc != nil {
			m, err := NewModel(mc)
			if err != nil {
				return b, err
			}
			b.completer, b.formalizeModel = Completer(m, mc.FormalizeTimeout), mc.Model
		}
	}
	return b, nil
}

func (s *Server) maxBody() int64 {
	if s.opts.MaxBody > 0 {
		return s.opts.MaxBody
	}
	return s.build.sc.MaxBodyBytes
}

// compile compiles the inputs and builds a generation; diagnostics with
// errors make it fail, warnings are printed.
func (s *Server) compile() (*generation, error) {
	cat, ds := compileInputs(s.opts.Config, s.paths)
	if ds.HasErrors() {
		return nil, &Error{Diags: ds}
	}
	printWarnings(s.opts.Stderr, ds)
	g, err := buildToolSet(cat, s.build)
	if err != nil {
		return nil, &Error{Err: err}
	}
	if len(g.skipped) > 0 {
		fmt.Fprintf(s.opts.Stderr, "tscg: not serving %s: no executor (Python tools run in the worker pool; map other tools under serve.tools)\n", sortedSkipped(g))
	}
	for _, name := range slices.Sorted(maps.Keys(g.refused)) {
		fmt.Fprintf(s.opts.Stderr, "tscg: not serving %s: its Python module failed to import: %s\n", name, g.refused[name])
	}
	if len(cat.Tools) == len(g.skipped)+len(g.refused) {
		g.close(0)
		return nil, errorf("nothing to serve: none of the %d tools found can run (see above); serve exits instead of listing no tools", len(cat.Tools))
	}
	return g, nil
}

// printWarnings shows warnings of a successful compilation; infos stay
// quiet so clean runs print nothing.
func printWarnings(w io.Writer, ds diag.List) {
	var ws diag.List
	for _, d := range ds {
		if d.Severity <= diag.Warning {
			ws = append(ws, d)
		}
	}
	ws.Print(w)
}

func (s *Server) reload() {
	g, err := s.compile()
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Diags.Print(s.opts.Stderr)
		}
		if e == nil || e.Err != nil {
			fmt.Fprintf(s.opts.Stderr, "tscg: %v\n", err)
		}
		fmt.Fprintln(s.opts.Stderr, "tscg: inputs do not compile; still serving the last good tool set")
		return
	}
	s.mu.Lock()
	old := s.gen
	s.gen = g
	s.srv.Swap(g.set)
	s.mu.Unlock()
	old.close(s.build.timeout + time.Second)
	fmt.Fprintf(s.opts.Stderr, "tscg: reloaded: %d tools\n", len(g.set.Registry.Names()))
}

// fingerprint summarizes names, sizes and times of the files a build
// reads: the inputs as the compiler discovers them (a Go package's .go
// files), the skills' SKILL.md files, the config and the settings file.
// Other files in the input directories (a log a tool writes beside
// itself) do not count, so they never reload the server.
func (s *Server) fingerprint() string {
	h := fnv.New64a()
	for _, f := range s.watchedFiles() {
		stamp(h, f)
	}
	return strconv.FormatUint(h.Sum64(), 16)
}

// watchedFiles are the files fingerprint stamps.
func (s *Server) watchedFiles() []string {
	var out []string
	in, _ := compiler.CollectInputs(s.paths)
	files := append([]string(nil), in.Files...)
	files = append(files, s.opts.Config.Path, s.opts.SettingsFile)
	if s.build.skillDir != "" {
		sks, _ := filepath.Glob(filepath.Join(s.build.skillDir, "*", "SKILL.md"))
		files = append(files, sks...)
	}
	for _, f := range files {
		if f == "" {
			continue
		}
		out = append(out, f)
		if st, err := os.Stat(f); err == nil && st.IsDir() {
			gos, _ := filepath.Glob(filepath.Join(f, "*.go"))
			out = append(out, gos...)
		}
	}
	return out
}

func stamp(w io.Writer, p string) {
	if info, err := os.Stat(p); err == nil {
		fmt.Fprintf(w, "%s\x00%d\x00%d\n", p, info.Size(), info.ModTime().UnixNano())
	} else {
		fmt.Fprintf(w, "%s\x00missing\n", p)
	}
}

// isClosed reports the normal end of a stdio session: the client closed
// stdin.
func isClosed(err error) bool {
	return err == nil || errors.Is(err, io.EOF) || strings.Contains(err.Error(), "closed")
}

// Error is a problem with the inputs or the settings (the CLI's exit 2),
// as diagnostics or as a message.
type Error struct {
	Diags diag.List
	Err   error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return fmt.Sprintf("%d problem(s)", len(e.Diags))
}

func (e *Error) Unwrap() error { return e.Err }

func errorf(format string, args ...any) error { return &Error{Err: fmt.Errorf(format, args...)} }
