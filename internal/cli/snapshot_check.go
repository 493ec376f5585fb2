package cli

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/frontends/mcplive"
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
			diffValue("", a[name], b[name], func(path, sv, lv string) {
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
			out[o.Str("name")] = canonicalTool(o)
		}
	}
	return out, nil
}

// canonicalTool writes a manifest tool's schemas in one spelling, so
// that only what they accept differs: a named type is a $ref into $defs
// in a static reading and written in place in most servers' listings.
func canonicalTool(t *orderedjson.Object) *orderedjson.Object {
	out := orderedjson.NewObject()
	for _, k := range t.Keys() {
		v := t.Val(k)
		if s, ok := v.(*orderedjson.Object); ok && (k == "inputSchema" || k == "outputSchema") {
			v = canonical(s, s.Obj("$defs"), nil)
		}
		out.Set(k, v)
	}
	return out
}

// canonical inlines $refs to the root's $defs (a recursive one stays a
// $ref), drops $defs, and sorts the lists whose order means nothing
// (required, type).
func canonical(v any, defs *orderedjson.Object, stack []string) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = canonical(e, defs, stack)
		}
		return out
	case *orderedjson.Object:
		return canonicalObject(x, defs, stack)
	}
	return v
}

func canonicalObject(o, defs *orderedjson.Object, stack []string) *orderedjson.Object {
	out := orderedjson.NewObject()
	name, isRef := strings.CutPrefix(o.Str("$ref"), "#/$defs/")
	if target, ok := defs.Val(name).(*orderedjson.Object); isRef && ok && !slices.Contains(stack, name) {
		t := canonicalObject(target, defs, append(stack, name))
		for _, k := range t.Keys() {
			out.Set(k, t.Val(k))
		}
		o = withoutKey(o, "$ref")
	}
	for _, k := range o.Keys() {
		if k == "$defs" {
			continue
		}
		v := canonical(o.Val(k), defs, stack)
		if l, ok := v.([]any); ok && (k == "required" || k == "type") {
			v = sortedValues(l)
		}
		out.Set(k, v)
	}
	return out
}

func withoutKey(o *orderedjson.Object, key string) *orderedjson.Object {
	out := orderedjson.NewObject()
	for _, k := range o.Keys() {
		if k != key {
			out.Set(k, o.Val(k))
		}
	}
	return out
}

func sortedValues(l []any) []any {
	out := slices.Clone(l)
	slices.SortFunc(out, func(a, b any) int { return strings.Compare(shown(a), shown(b)) })
	return out
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

// diffValue calls add for each JSON pointer below path where a and b
// differ (a key or element on one side only is "absent" on the other).
// The order of an object's keys is not a difference.
func diffValue(path string, a, b any, add func(path, a, b string)) {
	ao, aok := a.(*orderedjson.Object)
	bo, bok := b.(*orderedjson.Object)
	if aok && bok {
		diffObjects(path, ao, bo, add)
		return
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		for i := range al {
			diffValue(fmt.Sprintf("%s/%d", path, i), al[i], bl[i], add)
		}
		return
	}
	if sa, sb := shown(a), shown(b); sa != sb {
		add(orRoot(path), sa, sb)
	}
}

func diffObjects(path string, a, b *orderedjson.Object, add func(path, a, b string)) {
	for _, k := range a.Keys() {
		p := path + "/" + escapePointer(k)
		if bv, ok := b.Get(k); ok {
			diffValue(p, a.Val(k), bv, add)
		} else {
			add(p, shown(a.Val(k)), "absent")
		}
	}
	for _, k := range b.Keys() {
		if _, ok := a.Get(k); !ok {
			add(path+"/"+escapePointer(k), "absent", shown(b.Val(k)))
		}
	}
}

func escapePointer(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

func orRoot(path string) string {
	if path == "" {
		return "/"
	}
	return path
}

// shown is v as compact JSON, cut to a length a line can hold.
func shown(v any) string {
	s := string(orderedjson.Compact(v))
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
