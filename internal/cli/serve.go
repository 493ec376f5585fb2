package cli

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/mcp"
)

func init() { register(func(e *env) *cobra.Command { return e.serveCommand() }) }

// serveFlags are serve's command-line settings; they override the serve
// config.
type serveFlags struct {
	http, serveConfig, skills, python, timeout string
	watch, script                              bool
	workers, maxConcurrent                     int
	maxBody                                    int64
}

func (e *env) serveCommand() *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve [paths...]",
		Short: "Serve compiled tools over MCP (stdio, or streamable HTTP with --http)",
		Long: `serve compiles the given files and directories (default: the inputs in tscg.yaml) and
serves their tools over the Model Context Protocol: on stdin/stdout, or over streamable
HTTP at ADDR with --http (the MCP endpoint at / and /mcp, Prometheus metrics at /metrics).

Python tools run in a pool of Python workers. TypeScript, JSON and Go tools are served
only when the serve config maps them to an executor (an HTTP endpoint or a command);
the others are listed in a warning. --script adds tool_call_script; --skills DIR adds
load_skill and shows a skill's tools once it is loaded. --watch recompiles when an
input changes and swaps the tool set; a change that does not compile keeps the last
good tool set and prints its diagnostics. Logs go to stderr.`,
		RunE: func(cmd *cobra.Command, args []string) error { return e.serve(cmd.Context(), args, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.http, "http", "", "serve streamable HTTP on `ADDR` (e.g. 127.0.0.1:8080) instead of stdio")
	fl.BoolVar(&f.watch, "watch", false, "recompile and swap the tool set when an input changes")
	fl.BoolVar(&f.script, "script", false, "expose tool_call_script (TypeScript that calls the served tools)")
	fl.StringVar(&f.skills, "skills", "", "skills `DIR` (<name>/SKILL.md): adds load_skill; skill tools show once loaded")
	fl.StringVar(&f.serveConfig, "serve-config", "", "serve settings `FILE` (the serve: section of tscg.yaml, as its own file)")
	fl.StringVar(&f.python, "python", "", "Python interpreter for Python tools (default python3)")
	fl.IntVar(&f.workers, "workers", -1, "Python worker pool size (0: a fresh interpreter per call; default 4)")
	fl.StringVar(&f.timeout, "timeout", "", "time limit of one call (default 30s)")
	fl.IntVar(&f.maxConcurrent, "max-concurrent", -1, "calls of one tool running at once (0: unbounded; default 16 over HTTP)")
	fl.Int64Var(&f.maxBody, "max-body", 0, "HTTP request body limit in bytes (default 4 MiB)")
	return cmd
}

// serveState is a running serve: the server and the current generation.
type serveState struct {
	e     *env
	cfg   *compiler.Config
	paths []string
	opts  buildOptions
	srv   *mcp.Server
	log   *slog.Logger

	mu  sync.Mutex // guards gen: the watcher swaps it while serve runs
	gen *generation
}

// current returns the generation being served.
func (st *serveState) current() *generation {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.gen
}

func (e *env) serve(ctx context.Context, args []string, f serveFlags) error {
	gcLongLived()
	st, err := e.newServeState(args, f)
	if err != nil {
		return err
	}
	defer func() { st.current().close(0) }()
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.watch {
		go st.watch(ctx, time.Second/2)
	}
	if f.http == "" {
		err = st.srv.Run(ctx, mcp.Drain(&sdk.IOTransport{Reader: readCloser{e.stdin}, Writer: writeCloser{e.stdout}}))
		if ctx.Err() != nil || isClosed(err) {
			return nil
		}
		return serveErr(err)
	}
	ln, err := net.Listen("tcp", f.http)
	if err != nil {
		return usageErr("--http %s: %v", f.http, err)
	}
	fmt.Fprintf(e.stderr, "tscg: serving MCP at http://%s/mcp\n", ln.Addr())
	return serveErr(st.srv.Serve(ctx, ln, mcp.HTTPOptions{Metrics: st.opts.metrics, MaxBodyBytes: st.maxBody(f)}))
}

func (e *env) newServeState(args []string, f serveFlags) (*serveState, error) {
	cfg, err := e.loadConfig()
	if err != nil {
		return nil, err
	}
	sc, err := loadServeConfig(cfg, f.serveConfig)
	if err != nil {
		return nil, err
	}
	opts, err := serveOptions(cfg, sc, f, e.stderr)
	if err != nil {
		return nil, err
	}
	st := &serveState{e: e, cfg: cfg, paths: args, opts: opts, log: opts.logger}
	if len(st.paths) == 0 {
		for _, in := range cfg.Inputs {
			st.paths = append(st.paths, cfg.Resolve(in))
		}
	}
	if len(st.paths) == 0 {
		return nil, usageErr("no inputs: name files or directories, or list them under inputs: in tscg.yaml")
	}
	if st.gen, err = st.build(); err != nil {
		return nil, err
	}
	maxConc := f.maxConcurrent
	if maxConc < 0 {
		maxConc = sc.MaxConcurrent
		if maxConc == 0 && f.http != "" {
			maxConc = 16
		}
	}
	st.srv = mcp.NewServer(st.gen.set, mcp.Options{Name: "tscg", Logger: st.log, MaxConcurrent: maxConc})
	return st, nil
}

// serveOptions merges flags over the serve config.
func serveOptions(cfg *compiler.Config, sc *serveConfig, f serveFlags, logs io.Writer) (buildOptions, error) {
	o := buildOptions{sc: sc, metrics: runtime.NewMemoryMetrics(), script: f.script || sc.Script, workers: 4,
		logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	schema, err := compiler.SchemaOptions(cfg)
	if err != nil {
		return o, usageErr("%v", err)
	}
	schema.Draft = jsonschema.Draft2020 // MCP's default dialect
	o.schema = schema
	if f.timeout != "" {
		sc.Timeout = f.timeout
	}
	if o.timeout, err = sc.timeout(); err != nil {
		return o, usageErr("--timeout: %v", err)
	}
	if f.python != "" {
		sc.Python.Interpreter = f.python
	}
	switch {
	case f.workers >= 0:
		o.workers = f.workers
	case sc.Python.Workers != nil:
		o.workers = *sc.Python.Workers
	}
	o.skillDir = sc.resolve(sc.Skills)
	if f.skills != "" {
		o.skillDir = f.skills
	}
	o.http = &http.Client{Timeout: o.timeout}
	return o, nil
}

func (st *serveState) maxBody(f serveFlags) int64 {
	if f.maxBody > 0 {
		return f.maxBody
	}
	return st.opts.sc.MaxBodyBytes
}

// build compiles the inputs and builds a generation; diagnostics with
// errors make it fail, warnings are printed.
func (st *serveState) build() (*generation, error) {
	cat, ds := serveCompile(st.cfg, st.paths)
	if ds.HasErrors() {
		return nil, inputErr(ds)
	}
	st.e.printWarnings(&compilation{catalog: cat, diags: ds})
	g, err := buildToolSet(cat, st.opts)
	if err != nil {
		return nil, &exitError{code: ExitInput, err: err}
	}
	if len(g.skipped) > 0 {
		fmt.Fprintf(st.e.stderr, "tscg: not serving %s: no executor (Python tools run in the worker pool; map other tools under serve.tools)\n", sortedSkipped(g))
	}
	return g, nil
}

// watch polls the inputs and swaps in a rebuilt tool set when they change.
// Polling (not inotify) keeps serve pure Go and portable; a change is seen
// within one period.
func (st *serveState) watch(ctx context.Context, period time.Duration) {
	last := st.fingerprint()
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		fp := st.fingerprint()
		if fp == last {
			continue
		}
		last = fp
		st.reload()
	}
}

func (st *serveState) reload() {
	g, err := st.build()
	if err != nil {
		st.e.report(err)
		fmt.Fprintln(st.e.stderr, "tscg: inputs do not compile; still serving the last good tool set")
		return
	}
	st.mu.Lock()
	old := st.gen
	st.gen = g
	st.srv.Swap(g.set)
	st.mu.Unlock()
	old.close(st.opts.timeout + time.Second)
	fmt.Fprintf(st.e.stderr, "tscg: reloaded: %d tools\n", len(g.set.Registry.Names()))
}

// fingerprint summarizes names, sizes and times of every file under the
// inputs, the skills directory and the config.
func (st *serveState) fingerprint() string {
	h := fnv64()
	roots := append(append([]string(nil), st.paths...), st.opts.skillDir, st.cfg.Path)
	for _, root := range roots {
		if root == "" {
			continue
		}
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && p != root && (d.Name()[0] == '.' || d.Name() == "node_modules" || d.Name() == "__pycache__") {
				return filepath.SkipDir
			}
			if info, err := d.Info(); err == nil && !d.IsDir() {
				h.add(fmt.Sprintf("%s\x00%d\x00%d\n", p, info.Size(), info.ModTime().UnixNano()))
			}
			return nil
		})
	}
	return h.sum()
}
