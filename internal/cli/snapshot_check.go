package cli

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/frontends/mcplive"
	"github.com/tscg/tscg/internal/listing"
	"github.com/tscg/tscg/internal/orderedjson"
)

// snapshotCheck compares the static reading of srcs with the live
// listing snap and reports each difference.
func (e *env) snapshotCheck(srcs []string, s mcplive.Server, snap *mcplive.Snapshot) error {
	if len(srcs) == 0 {
		return usageErr("snapshot --check: name the sources to compare before --")
	}
	cfg, err := e.loadConfig()
	if err != nil {
		return err
	}
	opts, err := compiler.SchemaOptions(cfg)
	if err != nil {
		return usageErr("%v", err)
	}
	static, err := e.compile(cfg, srcs, "")
	if err != nil {
		return err
	}
	e.printWarnings(static)
	live, err := liveCatalog(cfg, "server "+s.Label(), snap)
	if err != nil {
		return err
	}
	diffs, err := catalogDiff(static.catalog, live, providers.Options{Schema: opts})
	if err != nil {
		return &exitError{code: ExitInternal, err: err}
	}
	return e.reportDrift(diffs, srcs, s.Label(), len(live.Tools))
}

// liveCatalog compiles a snapshot as the build driver compiles a JSON
// catalog; label names it in diagnostics.
func liveCatalog(cfg *compiler.Config, label string, snap *mcplive.Snapshot) (*ir.Catalog, error) {
	cat, ds := jsonfront.LoadBytes(label, snap.JSON(), jsonfront.Options{CloseObjects: cfg.CloseImportedObjects})
	if ds.HasErrors() {
		return nil, inputErr(ds)
	}
	return cat, nil
}

func (e *env) reportDrift(diffs []string, srcs []string, server string, n int) error {
	if len(diffs) == 0 {
		fmt.Fprintf(e.stdout, "the static reading of %s equals the live listing of %s (%d tools)\n", strings.Join(srcs, " "), server, n)
		return nil
	}
	for _, d := range diffs {
		fmt.Fprintln(e.stdout, d)
	}
	return &exitError{code: ExitFindings, err: fmt.Errorf("snapshot --check: %d difference(s) between the static reading and the live listing of %s", len(diffs), server)}
}

// catalogDiff compares two catalogs in the form an MCP server publishes
// them (the mcp.tools-list manifest, schemas in one spelling): tools on
// one side only, then every JSON path whose value differs, tool by tool
// in name order.
func catalogDiff(static, live *ir.Catalog, opts providers.Options) ([]string, error) {
	a, err := mcpTools(static, opts)
	if err != nil {
		return nil, err
	}
	b, err := mcpTools(live, opts)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, name := range unionKeys(a, b) {
		at := staticPos(static, name)
		switch {
		case b[name] == nil:
			out = append(out, fmt.Sprintf("%stool %q: in the static reading only", at, name))
		case a[name] == nil:
			out = append(out, fmt.Sprintf("tool %q: in the live listing only", name))
		default:
			listing.Diff("", a[name], b[name], func(path, sv, lv string) {
				out = append(out, fmt.Sprintf("%stool %q: %s: static %s, live %s", at, name, path, sv, lv))
			})
		}
	}
	return out, nil
}

// staticPos is "file:line:col: " of the tool's static definition, or "".
func staticPos(cat *ir.Catalog, name string) string {
	if t := cat.Tool(name); t != nil && t.Pos.File != "" {
		return t.Pos.String() + ": "
	}
	return ""
}

// mcpTools renders cat as an MCP tools/list manifest, by tool name.
func mcpTools(cat *ir.Catalog, opts providers.Options) (map[string]*orderedjson.Object, error) {
	v, _, err := providers.Build(cat, "providers/mcp.tools-list.json", opts)
	if err != nil {
		return nil, err
	}
	out := map[string]*orderedjson.Object{}
	doc, _ := v.(*orderedjson.Object)
	for _, t := range doc.List("tools") {
		if o, ok := t.(*orderedjson.Object); ok {
			out[o.Str("name")] = listing.Tool(o, listing.Spelling{InlineRefs: true})
		}
	}
	return out, nil
}

func unionKeys(a, b map[string]*orderedjson.Object) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if a[k] == nil {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}
