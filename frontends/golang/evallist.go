package golang

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/tscg/tscg/compiler/ir"
)

// The values a go-sdk receiving middleware's tools/list branch works on
// (issue 28: c0tton-fluff/caido-mcp-server's normalizeToolSchemas, run
// by middleware.go): the *mcp.ListToolsResult the next handler returns
// (listVal), the request values the evaluator does not know but may pass
// on (opaque), a function written in tscg (funcVal.native: the next
// handler), and the jsonschema.Schema fields such code reads and
// writes: Types (a nullable schema's ["null", T]) with Type, PrefixItems,
// AnyOf/OneOf/AllOf, Defs and CloneSchemas.

// listVal is the *mcp.ListToolsResult the go-sdk's tools/list handler
// returns: its tools (*toolVal), in the order it lists them.
type listVal struct{ tools []any }

// opaque is a value the evaluator passes on but never reads (the
// context and request of a middleware's call).
type opaque struct{}

// schemaHeld says what Go value a go-sdk tool's InputSchema holds in the
// server: a *jsonschema.Schema (mcp.AddTool infers one; a literal may
// give one), another value (json.RawMessage, a map), or unknown.
type schemaHeld uint8

const (
	heldUnknown schemaHeld = iota
	heldSchema
	heldOther
)

// otherSchema is an InputSchema held as a value other than a
// *jsonschema.Schema: a type assertion to one fails.
type otherSchema struct{}

// heldOf is what an InputSchema expression of static type t holds.
func heldOf(t types.Type) schemaHeld {
	switch {
	case t == nil:
		return heldUnknown
	case isGoogleSchemaOrPtr(t):
		if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
			return heldSchema
		}
		return heldOther // a Schema value, not a pointer
	}
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		return heldUnknown
	}
	return heldOther
}

// copyTool is *tool: a copy of the tool value (its fields; the schema
// shared, as Go copies the pointer).
func copyTool(tv *toolVal) *toolVal {
	t := *tv.t
	out := *tv
	out.t = &t
	return &out
}

// listField reads l.Tools.
func listField(l *listVal, name string) (any, bool) {
	if name != "Tools" {
		return nil, false
	}
	return l.tools, true
}

// isListToolsResult reports *mcp.ListToolsResult.
func isListToolsResult(t types.Type) bool { return isPtrTo(t, goSDK, "ListToolsResult") }

// isPtrTo reports a pointer to the type pkg.name.
func isPtrTo(t types.Type, pkg, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// assertKnown is x.(T) with comma-ok; known is false when the evaluator
// cannot tell (a value it does not read).
func assertKnown(v any, t types.Type) (got any, holds, known bool) {
	switch x := v.(type) {
	case opaque:
		return nil, false, false
	case *listVal, *toolVal:
		_, isList := x.(*listVal)
		if isList && isListToolsResult(t) || !isList && isPtrTo(t, goSDK, "Tool") {
			return x, true, true
		}
		if iface, ok := t.Underlying().(*types.Interface); ok && iface.Empty() {
			return x, true, true
		}
		return nil, false, false
	}
	got, holds = assertAs(v, t)
	return got, holds, true
}

// typesOf is s.Types as jsonschema-go holds it: ["null", T] for a
// nullable schema; nil otherwise.
func (ev *evaluator) typesOf(t *ir.Type, at token.Pos) (any, bool) {
	if p, ok := ev.typeSet[t]; ok {
		return slices.Clone(p.types), true
	}
	switch {
	case t.Kind == ir.KindUnion && t.TypeList:
		ev.stuck(at, "Types of a schema with several types is not read by tscg")
		return nil, false
	case !t.Nullable || t.Untyped:
		return nil, true
	}
	switch t.Kind {
	case ir.KindAny, ir.KindNever, ir.KindUnion, ir.KindRef:
		ev.stuck(at, "Types of a nullable %s schema is not read by tscg", t.Kind)
		return nil, false
	}
	return []any{"null", t.Kind.String()}, true
}

// pendingType is a schema whose Type was set while its Types was not
// empty: jsonschema-go holds both until Types is cleared (and refuses to
// write a schema with both).
type pendingType struct {
	typ   string
	types []any
	at    token.Pos
}

// halfTyped reports a schema left with both Type and Types (a reason
// given): jsonschema-go refuses to write it.
func (ev *evaluator) halfTyped() bool {
	for _, p := range ev.typeSet {
		ev.stuck(p.at, "Type set on a schema with Types, which stay: jsonschema-go refuses to write both")
		return true
	}
	return false
}

// setType runs s.Type = v on a nullable schema: held until s.Types = nil.
func (ev *evaluator) setType(t *ir.Type, s string, at token.Pos) bool {
	cur, ok := ev.typesOf(t, at)
	if !ok {
		return false
	}
	if ev.typeSet == nil {
		ev.typeSet = map[*ir.Type]pendingType{}
	}
	ev.typeSet[t] = pendingType{typ: s, types: cur.([]any), at: at}
	return true
}

// setTypes runs s.Types = v: nil (or empty) leaves Type alone, a list
// ["null", T] makes a nullable schema of T; any other list is not read.
func (ev *evaluator) setTypes(t *ir.Type, v any, at token.Pos) bool {
	list, ok := v.([]any)
	if !ok && v != nil {
		return false
	}
	p, pending := ev.typeSet[t]
	delete(ev.typeSet, t)
	if len(list) == 0 {
		if !pending {
			if t.Nullable {
				t.Nullable, t.Untyped = false, true // neither Type nor Types
			}
			return true
		}
		t.Nullable = false
		return ev.setSchemaField(t, "Type", p.typ, at)
	}
	if pending {
		ev.stuck(at, "Types set on a schema with Type: jsonschema-go refuses to write both")
		return false
	}
	k, isString := list[len(list)-1].(string)
	kind, known := kindNamed(k)
	if len(list) != 2 || list[0] != "null" || !isString || !known || k == "null" {
		ev.stuck(at, "Types set to a list other than [\"null\", T] is not read by tscg")
		return false
	}
	t.Kind, t.Nullable, t.Untyped = kind, true, false
	return true
}

// schemaList is a []*jsonschema.Schema field the evaluator reads (nil
// when empty, as in Go); edits of its elements edit the schema.
func schemaList(ts []*ir.Type) any {
	if len(ts) == 0 {
		return nil
	}
	out := make([]any, len(ts))
	for i, s := range ts {
		out[i] = s
	}
	return out
}

// unionOf is s.AnyOf or s.OneOf: the variants of a union of that style.
func unionOf(t *ir.Type, style ir.UnionStyle) any {
	if t.Kind != ir.KindUnion || t.TypeList || t.UnionStyle != style {
		return nil
	}
	return schemaList(t.Variants)
}

// hasRef reports a KindRef node in t (its $defs are then not nil).
func hasRef(t *ir.Type) bool {
	found := false
	walkSchema(t, func(s *ir.Type) {
		found = found || s.Kind == ir.KindRef
	})
	return found
}

// walkSchema calls f on t and every schema under it.
func walkSchema(t *ir.Type, f func(*ir.Type)) {
	if t == nil {
		return
	}
	f(t)
	for _, q := range t.Properties {
		walkSchema(q.Type, f)
	}
	for _, s := range [][]*ir.Type{{t.Items, t.AdditionalType, t.ContentSchema}, t.PrefixItems, t.Variants, t.AllOf} {
		for _, x := range s {
			walkSchema(x, f)
		}
	}
}

// cloneSchemas is s.CloneSchemas(): a copy of every schema of the tree.
func cloneSchemas(t *ir.Type) *ir.Type {
	if t == nil {
		return nil
	}
	c := copySchema(t)
	if t.Properties == nil {
		c.Properties = nil // as it was: a copy equals its original
	}
	for _, q := range c.Properties {
		q.Type = cloneSchemas(q.Type)
	}
	c.Items, c.AdditionalType, c.ContentSchema = cloneSchemas(t.Items), cloneSchemas(t.AdditionalType), cloneSchemas(t.ContentSchema)
	for _, s := range []*[]*ir.Type{&c.PrefixItems, &c.Variants, &c.AllOf} {
		cl := slices.Clone(*s)
		for i, x := range cl {
			cl[i] = cloneSchemas(x)
		}
		*s = cl
	}
	return c
}

// silentCall reports a call statement of the standard library that only
// writes to a log or an output (log.Printf, slog.Info, fmt.Println): a
// middleware that observes runs past it. Its arguments call nothing but
// len, so skipping it skips no effect.
func silentCall(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := callee(info, call)
	if fn == nil || fn.Pkg() == nil || recvName(fn) != "" {
		return false
	}
	switch fn.Pkg().Path() {
	case "log", "log/slog":
	case "fmt":
		switch fn.Name() {
		case "Print", "Printf", "Println":
		default:
			return false
		}
	default:
		return false
	}
	calls := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && !isBuiltin(info, c.Fun, "len") {
				calls = true
			}
			return !calls
		})
	}
	return !calls && !slices.Contains([]string{"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"}, fn.Name())
}

// detach marks t as a schema the evaluator made to be read, never
// written back (a boolean schema held as a value).
func (ev *evaluator) detach(t *ir.Type) *ir.Type {
	if ev.detached == nil {
		ev.detached = map[*ir.Type]bool{}
	}
	ev.detached[t] = true
	return t
}
