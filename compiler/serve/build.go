package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/compiler/tstype"
	"github.com/tscg/tscg/frontends/workflow"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/mcp"
	"github.com/tscg/tscg/runtime/pyexec"
	"github.com/tscg/tscg/runtime/script"
	"github.com/tscg/tscg/runtime/skills"
	rtwf "github.com/tscg/tscg/runtime/workflow"
)

// serveCompile compiles the inputs (every frontend, Python included) and
// requires at least one tool.
func compileInputs(cfg *compiler.Config, paths []string) (*ir.Catalog, diag.List) {
	in, ds := compiler.CollectInputs(paths, cfg.OutputDirs()...)
	if ds.HasErrors() {
		return &ir.Catalog{}, ds
	}
	cat, cds := compiler.CompileInputs(in, cfg)
	ds = append(ds, cds...)
	if len(cat.Tools) == 0 && !ds.HasErrors() {
		ds.Errorf(diag.Pos{}, "no tools found in %v", paths)
	}
	return cat, ds
}

// generation is one built tool set with the resources it owns.
type generation struct {
	set     *mcp.ToolSet
	py      *pyexec.Executor      // nil without Python tools
	plans   map[string]*rtwf.Plan // compiled workflows by tool name
	skipped []string              // tools with no executor
	refused map[string]string     // Python tools whose module failed to import: the error
}

// close releases the generation's workers once calls in flight had time
// to finish.
func (g *generation) close(after time.Duration) {
	if g != nil && g.py != nil {
		time.AfterFunc(after, func() { g.py.Close() })
	}
}

// buildOptions are the process-wide settings every generation shares.
type buildOptions struct {
	sc       *Settings
	schema   jsonschema.Options
	metrics  *runtime.MemoryMetrics
	logger   *slog.Logger
	script   bool
	skillDir string
	// toolSearch adds search_tools and defers the tools not in the
	// eager budget (eagerBudget; 0: every tool is deferred).
	toolSearch  bool
	eagerBudget int
	workers     int
	timeout     time.Duration
	http        *http.Client
	pool        *script.Pool // runs tool_call_scripts; shared by every generation
	stderr      io.Writer    // warnings

	completer      script.Completer // FORMALIZE's model (nil: FORMALIZE rejects)
	formalizeModel string
}

// workflowPlans compiles the execution plans of the catalog's workflow
// tools against the other tools. Their steps call through the registry,
// so each step runs with the same validation and middleware as a direct
// call.
func workflowPlans(cat *ir.Catalog) (map[string]*rtwf.Plan, error) {
	compiled, ds := workflow.CompileCatalog(cat, jsonschema.Options{})
	if ds.HasErrors() {
		return nil, ds.Err()
	}
	plans := map[string]*rtwf.Plan{}
	for _, c := range compiled {
		plans[c.Tool.Name] = c.Plan
	}
	return plans, nil
}

// buildToolSet makes a registry from a catalog: Python tools run in the
// worker pool, tools mapped in the serve config run there, load_skill and
// tool_call_script are added when enabled.
func buildToolSet(cat *ir.Catalog, o buildOptions) (*generation, error) {
	// The timeout counts from the call's arrival: validation is inside it.
	reg := runtime.NewRegistry(runtime.WithMetrics(o.metrics), runtime.WithLogger(o.logger), runtime.WithTimeout(o.timeout))
	reg.Use(runtime.Recover())
	if a := o.sc.Approval; a != nil {
		approver := mcp.ElicitApprover()
		if a.How == "deny" {
			approver = mcp.DenyApprover()
		}
		reg.Use(runtime.Approval(approver))
	}
	if n := o.sc.MaxResultChars; n > 0 {
		reg.Use(runtime.Truncate(n))
	}
	g := &generation{set: &mcp.ToolSet{Registry: reg, Hints: map[string]mcp.Hints{}, Groups: map[string][]string{}}}
	plans, err := workflowPlans(cat)
	if err != nil {
		return nil, err
	}
	g.plans = plans
	for _, t := range cat.Tools {
		h, err := o.handler(g, t)
		if err != nil {
			g.close(0)
			return nil, err
		}
		if h == nil {
			if _, refused := g.refused[t.Name]; !refused {
				g.skipped = append(g.skipped, t.Name)
			}
			continue
		}
		if err := o.register(reg, t, h); err != nil {
			g.close(0)
			return nil, err
		}
		g.set.Hints[t.Name] = hintsOf(t)
		if t.Group != "" {
			g.set.Groups[t.Group] = append(g.set.Groups[t.Group], t.Name)
		}
	}
	if err := o.extras(g, cat); err != nil {
		g.close(0)
		return nil, err
	}
	return g, nil
}

// handler picks a tool's executor: the config's mapping first, then the
// Python pool for Python tools; nil when there is none.
func (o buildOptions) handler(g *generation, t *ir.Tool) (runtime.Handler, error) {
	if ex, ok := o.sc.Tools[t.Name]; ok {
		if ex.HTTP != nil {
			return httpHandler(o.http, ex), nil
		}
		return commandHandler(ex, o.sc.dir), nil
	}
	if p := g.plans[t.Name]; p != nil && t.Source == workflow.Source {
		reg := g.set.Registry
		return func(ctx context.Context, req *runtime.Request) runtime.Result {
			return p.Run(ctx, reg, req.Arguments)
		}, nil
	}
	if t.Source != "python" {
		return nil, nil
	}
	if g.py == nil {
		calls, rss := o.sc.retire()
		py, err := pyexec.New(pyexec.Config{Python: o.sc.Python.Interpreter, Env: o.sc.Python.Env, Workers: o.workers, Timeout: o.timeout,
			MaxCalls: calls, MaxRSSGrowth: rss, Logger: o.logger})
		if err != nil {
			return nil, fmt.Errorf("python tools need an interpreter: %w", err)
		}
		g.py = py
	}
	file, err := filepath.Abs(t.Pos.File)
	if err != nil {
		return nil, err
	}
	fn := t.Name
	if t.Function != "" {
		fn = t.Function
	}
	// Its module is imported now, in a worker: a tool whose imports fail
	// is refused with Python's error, and the others still serve (before,
	// it started fine and answered every call with a traceback).
	var te *pyexec.ToolError
	if err := g.py.Check(context.Background(), file, fn); errors.As(err, &te) {
		if g.refused == nil {
			g.refused = map[string]string{}
		}
		g.refused[t.Name] = te.Error()
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("tool %s: checking its Python module: %w", t.Name, err)
	}
	return g.py.HandlerRenaming(file, fn, sourceNames(t.Params)), nil
}

// sourceNames maps the published names of a tool's arguments to the
// parameters they are passed to, where the two differ (a Python
// Field(alias=...)); nil when none does.
func sourceNames(params *ir.Type) map[string]string {
	if params != nil && params.Kind == ir.KindRef && params.Ref != nil {
		params = params.Ref.Type
	}
	if params == nil {
		return nil
	}
	var names map[string]string
	for _, p := range params.Properties {
		if p.SourceName != "" && p.SourceName != p.Name {
			if names == nil {
				names = map[string]string{}
			}
			names[p.Name] = p.SourceName
		}
	}
	return names
}

func (o buildOptions) register(reg *runtime.Registry, t *ir.Tool, h runtime.Handler) error {
	in, err := jsonschema.Type(t.Params, o.schema)
	if err != nil {
		return fmt.Errorf("tool %s: input schema: %w", t.Name, err)
	}
	var out []byte
	if t.Result != nil {
		if out, err = jsonschema.Output(t.Result, o.schema); err != nil {
			return fmt.Errorf("tool %s: output schema: %w", t.Name, err)
		}
	}
	a := t.Annotations
	return reg.Register(runtime.Tool{Name: t.Name, Description: t.Description, InputSchema: in, OutputSchema: out, Handler: h,
		Annotations: runtime.Annotations{ReadOnly: isTrue(a.ReadOnly), Destructive: isTrue(a.Destructive),
			Idempotent: isTrue(a.Idempotent), RequiresApproval: a.RequiresApproval || o.needsApproval(t.Name)}})
}

// needsApproval reports a tool serve.approval.tools names.
func (o buildOptions) needsApproval(name string) bool {
	return o.sc.Approval != nil && slices.Contains(o.sc.Approval.Tools, name)
}

// extras adds load_skill, search_tools and tool_call_script (last, so its
// description lists every tool).
func (o buildOptions) extras(g *generation, cat *ir.Catalog) error {
	reg := g.set.Registry
	if o.skillDir != "" {
		// Through an os.Root: a symbolic link out of the directory is an
		// error, as the skills store makes it, not a file read from
		// wherever it points.
		root, err := os.OpenRoot(o.skillDir)
		if err != nil {
			return fmt.Errorf("skills: %w", err)
		}
		sks, errs := skills.LoadDir(inputfile.RootFS(root), skills.User, o.skillDir)
		root.Close()
		// One bad skill folder is named and skipped; the others load.
		for _, err := range errs {
			fmt.Fprintf(o.stderr, "tscg: warning: skills: %v (not loaded)\n", err)
		}
		g.set.Skills = skills.NewSet(sks...)
		lt, err := skills.Tool(g.set.Skills)
		if err != nil {
			return err
		}
		if err := reg.Register(lt); err != nil {
			return err
		}
	}
	if o.toolSearch {
		if err := o.addSearch(g, cat); err != nil {
			return err
		}
	}
	if o.script {
		if g.set.Always != nil {
			g.set.Always = append(g.set.Always, script.ToolName)
		}
		return script.Register(reg, script.Options{CompileType: tstype.Compile, Limits: script.Limits{Timeout: o.timeout}, Pool: o.pool,
			Completer: o.completer, FormalizeModel: o.formalizeModel, MaxDepth: o.sc.ScriptDepth})
	}
	return nil
}

func hintsOf(t *ir.Tool) mcp.Hints {
	a := t.Annotations
	return mcp.Hints{Title: t.DisplayTitle(), ReadOnly: a.ReadOnly, Destructive: a.Destructive, Idempotent: a.Idempotent, OpenWorld: a.OpenWorld}
}

func isTrue(b *bool) bool { return b != nil && *b }

// sortedSkipped is for the warning that names unserved tools.
func sortedSkipped(g *generation) string {
	s := append([]string(nil), g.skipped...)
	sort.Strings(s)
	return strings.Join(s, ", ")
}
