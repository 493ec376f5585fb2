package golang

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// Schemas built and edited in Go (issue 28, the shape of
// c0tton-fluff/caido-mcp-server's schemaFor[T](func(s *jsonschema.Schema){…})):
// the evaluator holds a google/jsonschema-go *jsonschema.Schema as the
// *ir.Type it stands for. jsonschema.For[T](nil) is T's schema by
// jsonschema-go's rules (google.go); assignments to the fields of a
// schema it holds (s.Description = …, p.MaxLength = …, p.Enum = …,
// s.Required = append(s.Required, …), s.Properties["x"] = …) edit that
// type, in the order the program runs them; s.Properties["x"],
// s.Items and s.AdditionalProperties are the schemas under it, nil when
// absent, as in Go. An edit function is a function literal, a named
// function of the project, or a parameter holding one; generic helpers
// run with their type arguments bound. A field tscg does not map is an
// error naming it, for the tool that uses the schema only.

// schemaProps is s.Properties of a schema the evaluator holds (a non-nil
// map).
type schemaProps struct{ t *ir.Type }

// funcVal is a function value: a literal closing over env, or a named
// function of the loaded packages.
type funcVal struct {
	p   *packages.Package
	lit *ast.FuncLit
	env map[types.Object]any
	fn  *types.Func
	// native, when set, is the function: one tscg stands in for (the
	// go-sdk's tools/list handler a middleware calls, middleware.go).
	native func(args []any) (any, bool)
}

const googleSchemaPkg = "github.com/google/jsonschema-go/jsonschema"

// schemaFlow evaluates a *jsonschema.Schema expression of the function
// it is written in as that function computes it (the statements before
// it run on the evaluator); nil when e is not one the evaluator builds.
// A schema the evaluator starts building and cannot finish is an error
// at e naming the first construct it could not run.
func (c *conv) schemaFlow(r *literalReader, e ast.Expr) (*ir.Type, bool) {
	if !isGoogleSchemaOrPtr(r.p.TypesInfo.TypeOf(e)) {
		return nil, false
	}
	switch x := r.follow(e).(type) {
	case *ast.CompositeLit:
		return nil, false
	case *ast.UnaryExpr:
		if _, lit := ast.Unparen(x.X).(*ast.CompositeLit); lit {
			return nil, false
		}
	}
	ev := newEvaluator(c)
	ev.what = r.what
	env := r.argEnv()
	if body, stmt := r.enclosing(e); body != nil {
		env, _ = ev.prelude(r.p, body.List[:stmt], env)
	}
	ev.why = nil
	v, ok := ev.expr(r.p, e, env)
	if t, isSchema := v.(*ir.Type); ok && isSchema && t != nil && !ev.halfTyped() {
		return t, true
	}
	if !ev.built {
		return nil, false // no jsonschema.For on the way: the literal reading's error
	}
	why := "tscg runs the Go that builds and edits a schema only when made of jsonschema.For, assignments to the schema's fields, ifs, calls of the project's functions and function literals"
	if ev.why != nil {
		why = ev.why.msg
		if at := c.pos(ev.why.at); at.Line > 0 && ev.why.at != e.Pos() {
			why = "at " + at.String() + ", " + why
		}
	}
	r.errorf(e, "cannot read %s statically: %s", exprString(e), why)
	return &ir.Type{Kind: ir.KindAny, Pos: c.pos(e.Pos())}, true
}

// evalWhy is the first construct of a schema edit the evaluator could
// not run.
type evalWhy struct {
	at  token.Pos
	msg string
}

func (ev *evaluator) stuck(at token.Pos, format string, args ...any) {
	if ev.why == nil {
		ev.why = &evalWhy{at, fmt.Sprintf(format, args...)}
	}
}

// funcExpr is the value of a function literal or of a named function
// (nil, false for anything else).
func (ev *evaluator) funcExpr(p *packages.Package, e ast.Expr, env map[types.Object]any) (any, bool) {
	switch x := e.(type) {
	case *ast.FuncLit:
		return funcVal{p: p, lit: x, env: env}, true
	case *ast.Ident:
		if fn, ok := p.TypesInfo.Uses[x].(*types.Func); ok && fn.Type().(*types.Signature).Recv() == nil {
			return funcVal{fn: fn}, true
		}
	}
	return nil, false
}

// schemaCall runs the calls schema editing needs: jsonschema.For[T],
// jsonschema.Ptr, append, make of a slice, sort.Strings, calls of
// function values and of generic functions of the project (with their
// type arguments bound). handled is false for any other call.
func (ev *evaluator) schemaCall(p *packages.Package, x *ast.CallExpr, env map[types.Object]any) (v any, ok, handled bool) {
	info := p.TypesInfo
	switch {
	case isBuiltin(info, x.Fun, "append"):
		v, ok := ev.appendCall(p, x, env)
		return v, ok, true
	case isBuiltin(info, x.Fun, "make"):
		s, isSlice := info.TypeOf(x).Underlying().(*types.Slice)
		if !isSlice || len(x.Args) < 2 {
			return nil, false, false
		}
		n, ok := ev.expr(p, x.Args[1], env)
		size, isInt := n.(int64)
		if !ok || !isInt || size < 0 || size > maxEvalSteps {
			return nil, false, true
		}
		out := make([]any, size)
		for i := range out {
			out[i] = zeroOf(s.Elem())
		}
		return out, true, true
	}
	fn, id := callee(info, x)
	if fn == nil {
		// patch(s): a parameter or variable holding a function.
		if _, isBuiltin := info.Uses[identOf(x.Fun)].(*types.Builtin); isBuiltin {
			return nil, false, false
		}
		f, ok := ev.expr(p, x.Fun, env)
		fv, isFunc := f.(funcVal)
		if !ok || !isFunc {
			return nil, false, false
		}
		args, ok := ev.args(p, x, env)
		if !ok {
			return nil, false, true
		}
		v, ok := ev.callFunc(fv, args)
		return v, ok, true
	}
	if fn.Pkg() == nil {
		return nil, false, false
	}
	switch fn.Pkg().Path() + "." + recvName(fn) + fn.Name() {
	case googleSchemaPkg + ".For":
		inst, ok := info.Instances[id]
		if !ok || inst.TypeArgs.Len() != 1 || len(x.Args) != 1 {
			return nil, false, true
		}
		if opts, ok := ev.expr(p, x.Args[0], env); !ok || opts != nil {
			ev.stuck(x.Args[0].Pos(), "jsonschema.For with options is not read (only For[T](nil))")
			return nil, false, true
		}
		t := ev.bound(inst.TypeArgs.At(0))
		ev.built = true
		var s *ir.Type
		if !ev.quiet(x.Pos(), func() { s = ev.c.googleType(t, x.Pos(), strings.TrimPrefix(ev.what, "tool ")) }) {
			return nil, false, true // ForType fails: the error is the reason
		}
		return tuple{s, nil}, true, true
	case googleSchemaPkg + ".Schema.CloneSchemas":
		sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !isSel || len(x.Args) != 0 {
			return nil, false, true
		}
		v, ok := ev.expr(p, sel.X, env)
		t, isSchema := v.(*ir.Type)
		if !ok || !isSchema || t == nil {
			return nil, ok && v == nil, true // a nil schema's clone is nil
		}
		if _, pending := ev.typeSet[t]; pending || ev.detached[t] {
			ev.stuck(x.Pos(), "CloneSchemas of a schema tscg holds only in part")
			return nil, false, true
		}
		return cloneSchemas(t), true, true
	case googleSchemaPkg + ".Ptr":
		if len(x.Args) != 1 {
			return nil, false, true
		}
		v, ok := ev.expr(p, x.Args[0], env)
		return v, ok, true
	case "sort.Strings", "slices.Sort":
		if len(x.Args) != 1 {
			return nil, false, true
		}
		v, ok := ev.expr(p, x.Args[0], env)
		list, isList := v.([]any)
		if !ok || !isList {
			return nil, false, true
		}
		for _, el := range list {
			if _, isString := el.(string); !isString {
				return nil, false, true
			}
		}
		sort.SliceStable(list, func(i, j int) bool { return list[i].(string) < list[j].(string) })
		return nil, true, true
	}
	if sig := fn.Type().(*types.Signature); sig.TypeParams().Len() > 0 && sig.Recv() == nil {
		inst, ok := info.Instances[id]
		if !ok {
			return nil, false, true
		}
		args, ok := ev.args(p, x, env)
		if !ok {
			return nil, false, true
		}
		saved := ev.tparams
		ev.tparams = maps.Clone(saved)
		if ev.tparams == nil {
			ev.tparams = map[*types.TypeParam]types.Type{}
		}
		for i := 0; i < sig.TypeParams().Len() && i < inst.TypeArgs.Len(); i++ {
			ev.tparams[sig.TypeParams().At(i)] = ev.bound(inst.TypeArgs.At(i))
		}
		v, ok := ev.apply(fn, args)
		ev.tparams = saved
		return v, ok, true
	}
	return nil, false, false
}

// bound is t with the type parameters of the generic functions being
// run replaced by their type arguments.
func (ev *evaluator) bound(t types.Type) types.Type {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		if b, ok := ev.tparams[tp]; ok {
			return b
		}
	}
	return t
}

func (ev *evaluator) args(p *packages.Package, x *ast.CallExpr, env map[types.Object]any) ([]any, bool) {
	if x.Ellipsis.IsValid() {
		return nil, false
	}
	out := make([]any, len(x.Args))
	for i, a := range x.Args {
		v, ok := ev.expr(p, a, env)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// callFunc runs a function value on its arguments: a literal in the
// environment it closes over (its parameters added to it, so that what
// it assigns to captured variables is seen outside), a named function
// as apply does.
func (ev *evaluator) callFunc(f funcVal, args []any) (any, bool) {
	ftype, body := (*ast.FuncType)(nil), (*ast.BlockStmt)(nil)
	if f.native != nil {
		return f.native(args)
	}
	if f.fn != nil {
		p := ev.c.pkgs[f.fn.Pkg()]
		if p == nil {
			return nil, false
		}
		decl := ev.c.literals(p).funcDecl(f.fn)
		if decl == nil || decl.Body == nil || decl.Recv != nil {
			return nil, false
		}
		f.p, f.env, ftype, body = p, map[types.Object]any{}, decl.Type, decl.Body
	} else {
		ftype, body = f.lit.Type, f.lit.Body
	}
	i := 0
	for _, field := range ftype.Params.List {
		for _, id := range field.Names {
			if i >= len(args) {
				return nil, false
			}
			f.env[f.p.TypesInfo.Defs[id]] = args[i]
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	if i != len(args) {
		return nil, false
	}
	v, returned, ok := ev.block(f.p, body.List, f.env)
	if _, isBranch := v.(branch); isBranch || !ok {
		return nil, false
	}
	if _, bare := v.(bareReturn); bare || !returned {
		return nil, ftype.Results.NumFields() == 0
	}
	return v, true
}

// appendCall runs append on a slice the evaluator holds (nil is empty).
func (ev *evaluator) appendCall(p *packages.Package, x *ast.CallExpr, env map[types.Object]any) (any, bool) {
	if len(x.Args) == 0 {
		return nil, false
	}
	base, ok := ev.expr(p, x.Args[0], env)
	list, isList := base.([]any)
	if !ok || (!isList && base != nil) {
		return nil, false
	}
	out := slices.Clip(list)
	for i, a := range x.Args[1:] {
		v, ok := ev.expr(p, a, env)
		if !ok {
			return nil, false
		}
		if x.Ellipsis.IsValid() && i == len(x.Args)-2 {
			more, isList := v.([]any)
			if !isList && v != nil {
				return nil, false
			}
			out = append(out, more...)
			continue
		}
		out = append(out, v)
	}
	if len(out) > 10000 {
		return nil, false
	}
	return out, true
}

// schemaField reads a field of a schema the evaluator holds.
func (ev *evaluator) schemaField(t *ir.Type, name string, at token.Pos) (any, bool) {
	switch name {
	case "Extra":
		return extraMap(t)
	case "Properties":
		if t.Kind != ir.KindObject || (len(t.Properties) == 0 && !t.PropertiesKept) {
			return nil, true
		}
		return schemaProps{t}, true
	case "Items":
		if t.Items == nil {
			return nil, true
		}
		return t.Items, true
	case "AdditionalProperties":
		if t.Kind != ir.KindObject {
			return nil, true
		}
		switch t.Additional {
		case ir.AdditionalTyped:
			return t.AdditionalType, true
		case ir.AdditionalOpen:
			if !t.OpenWritten {
				return nil, true
			}
			return ev.detach(&ir.Type{Kind: ir.KindAny}), true // true: &Schema{}
		case ir.AdditionalClosed:
			return ev.detach(&ir.Type{Kind: ir.KindNever}), true // false: &Schema{Not: &Schema{}}
		}
	case "Types":
		return ev.typesOf(t, at)
	case "PrefixItems":
		return schemaList(t.PrefixItems), true
	case "AnyOf":
		return unionOf(t, ir.AnyOf), true
	case "OneOf":
		return unionOf(t, ir.OneOf), true
	case "AllOf":
		return schemaList(t.AllOf), true
	case "Defs", "Definitions":
		if !hasRef(t) {
			return nil, true
		}
	case "Description":
		return t.Description, true
	case "Title":
		return t.Title, true
	case "Pattern":
		return t.Pattern, true
	case "Format":
		return t.Format, true
	case "Type":
		if p, ok := ev.typeSet[t]; ok {
			return p.typ, true
		}
		switch {
		case t.Nullable || t.Untyped:
			return "", true
		case t.Kind == ir.KindAny || t.Kind == ir.KindNever || t.Kind == ir.KindUnion || t.Kind == ir.KindRef:
			return "", true
		}
		return t.Kind.String(), true
	case "Required":
		var out []any
		for _, p := range t.Properties {
			if p.Required {
				out = append(out, p.Name)
			}
		}
		return out, true
	case "Enum":
		var out []any
		for _, v := range t.Enum {
			var x any
			if json.Unmarshal(v, &x) != nil {
				return nil, false
			}
			switch n := x.(type) {
			case float64:
				if n == float64(int64(n)) {
					x = int64(n)
				}
			case map[string]any, []any:
				return nil, false
			}
			out = append(out, x)
		}
		return out, true
	}
	for _, f := range intFields(t) {
		if f.name == name {
			if *f.p == nil {
				return nil, true
			}
			return **f.p, true
		}
	}
	ev.stuck(at, "the jsonschema.Schema field %s is not read by tscg", name)
	return nil, false
}

type intField struct {
	name string
	p    **int64
}

func intFields(t *ir.Type) []intField {
	return []intField{{"MinLength", &t.MinLength}, {"MaxLength", &t.MaxLength}, {"MinItems", &t.MinItems},
		{"MaxItems", &t.MaxItems}, {"MinProperties", &t.MinProperties}, {"MaxProperties", &t.MaxProperties}}
}

func numFields(t *ir.Type) map[string]**ir.Number {
	return map[string]**ir.Number{"Minimum": &t.Minimum, "Maximum": &t.Maximum, "ExclusiveMinimum": &t.ExclusiveMinimum,
		"ExclusiveMaximum": &t.ExclusiveMaximum, "MultipleOf": &t.MultipleOf}
}

// setSchemaField assigns a field of a schema the evaluator holds, as
// jsonschema-go then writes it.
func (ev *evaluator) setSchemaField(t *ir.Type, name string, v any, at token.Pos) bool {
	str := func(dst *string) bool {
		s, ok := v.(string)
		if ok {
			*dst = s
		}
		return ok
	}
	boolean := func(dst *bool) bool {
		b, ok := v.(bool)
		if ok {
			*dst = b
		}
		return ok
	}
	if ev.detached[t] {
		ev.stuck(at, "a schema read from a boolean (additionalProperties true or false) is not changed by tscg")
		return false
	}
	switch name {
	case "Extra":
		return setExtra(t, v)
	case "Types":
		return ev.setTypes(t, v, at)
	case "Properties":
		if props, ok := v.(schemaProps); ok {
			t.Properties = copySchema(props.t).Properties
			return true
		}
		return false
	case "Description":
		return str(&t.Description)
	case "Title":
		return str(&t.Title)
	case "Pattern":
		return str(&t.Pattern)
	case "Format":
		return str(&t.Format)
	case "UniqueItems":
		return boolean(&t.UniqueItems)
	case "Deprecated":
		return boolean(&t.Deprecated)
	case "ReadOnly":
		return boolean(&t.ReadOnly)
	case "WriteOnly":
		return boolean(&t.WriteOnly)
	case "Enum":
		list, ok := v.([]any)
		if !ok && v != nil {
			return false
		}
		var vals []ir.Value
		for _, el := range list {
			raw, ok := evalJSON(el)
			if !ok {
				ev.stuck(at, "an enum value tscg cannot write as JSON")
				return false
			}
			vals = append(vals, raw)
		}
		t.Enum = vals
		return true
	case "Required":
		list, ok := v.([]any)
		if !ok && v != nil {
			return false
		}
		want := map[string]bool{}
		for _, el := range list {
			s, ok := el.(string)
			if !ok {
				return false
			}
			want[s] = true
		}
		for _, p := range t.Properties {
			p.Required = want[p.Name]
			delete(want, p.Name)
		}
		if len(want) > 0 {
			ev.stuck(at, "Required names %s, which is not a property of the schema", slices.Sorted(maps.Keys(want))[0])
			return false
		}
		return true
	case "Items":
		s, ok := v.(*ir.Type)
		if v != nil && !ok {
			return false
		}
		t.Items = s
		return true
	case "Type":
		s, ok := v.(string)
		if !ok {
			return false
		}
		if _, pending := ev.typeSet[t]; pending || t.Nullable {
			return ev.setType(t, s, at)
		}
		if s == "" {
			t.Untyped = true
			return true
		}
		k, known := kindNamed(s)
		if !known {
			ev.stuck(at, "unknown JSON Schema type %q", s)
			return false
		}
		t.Kind, t.Untyped = k, false
		return true
	}
	for _, f := range intFields(t) {
		if f.name != name {
			continue
		}
		switch n := v.(type) {
		case nil:
			*f.p = nil
		case int64:
			*f.p = ir.Int64(n)
		default:
			return false
		}
		return true
	}
	if dst, ok := numFields(t)[name]; ok {
		switch n := v.(type) {
		case nil:
			*dst = nil
		case int64:
			*dst = ir.Num(strconv.FormatInt(n, 10))
		case float64:
			*dst = ir.Num(strconv.FormatFloat(n, 'g', -1, 64))
		default:
			return false
		}
		return true
	}
	ev.stuck(at, "the jsonschema.Schema field %s is not set by tscg", name)
	return false
}

// evalJSON is the JSON of a scalar the evaluator holds.
func evalJSON(v any) (ir.Value, bool) {
	switch v.(type) {
	case string, bool, int64, float64, nil:
		b, err := json.Marshal(v)
		return b, err == nil
	}
	return nil, false
}

// setField runs x.F = v on a schema the evaluator holds; false for any
// other assignment to a field (not run).
func (ev *evaluator) setField(p *packages.Package, sel *ast.SelectorExpr, rhs ast.Expr, env map[types.Object]any) bool {
	base, ok := ev.expr(p, sel.X, env)
	if tv, isTool := base.(*toolVal); ok && isTool {
		return ev.setToolField(p, tv, sel, rhs, env)
	}
	if l, isList := base.(*listVal); ok && isList && sel.Sel.Name == "Tools" {
		v, ok := ev.expr(p, rhs, env)
		tools, isTools := v.([]any)
		if !ok || (!isTools && v != nil) {
			return false
		}
		l.tools = tools
		return true
	}
	t, isSchema := base.(*ir.Type)
	if !ok || !isSchema || t == nil {
		return false
	}
	v, ok := ev.expr(p, rhs, env)
	if !ok {
		return false
	}
	if !ev.setSchemaField(t, sel.Sel.Name, v, sel.Sel.Pos()) {
		ev.stuck(sel.Sel.Pos(), "cannot set the jsonschema.Schema field %s to %s", sel.Sel.Name, exprString(rhs))
		return false
	}
	return true
}

// setProperty runs s.Properties[k] = v: a new property goes after the
// ones jsonschema.For ordered (jsonschema-go writes the properties
// PropertyOrder does not name after those it does, sorted).
func setProperty(props schemaProps, k string, v any) bool {
	s, ok := v.(*ir.Type)
	if !ok || s == nil {
		return false
	}
	for _, q := range props.t.Properties {
		if q.Name == k {
			q.Type = s
			return true
		}
	}
	props.t.Properties = append(props.t.Properties, &ir.Property{Name: k, Type: s, Pos: s.Pos})
	return true
}

// schemaLit is a &jsonschema.Schema{…} literal, read as the literal
// reader reads a schema written in the source.
func (ev *evaluator) schemaLit(p *packages.Package, x *ast.CompositeLit) (any, bool) {
	r := ev.c.literals(p)
	var t *ir.Type
	ok := ev.quiet(x.Pos(), func() { t = ev.c.schemaLiteral(r, x) })
	return t, ok
}

// quiet runs f, which may report errors; an error is not reported (the
// evaluator only tries a value) but makes the value unknown, the first
// one kept as the reason.
func (ev *evaluator) quiet(at token.Pos, f func()) bool {
	saved, failed := len(ev.c.diags), ev.c.failed
	f()
	if !ev.c.failed || failed {
		ev.c.failed = failed
		return true
	}
	for _, d := range ev.c.diags[saved:] {
		if d.Severity == diag.Error {
			ev.stuck(at, "%s", d.Message)
			break
		}
	}
	ev.c.diags, ev.c.failed = ev.c.diags[:saved], failed
	return false
}

// isGoogleSchemaOrPtr reports jsonschema.Schema or *jsonschema.Schema.
func isGoogleSchemaOrPtr(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return isGoogleSchema(t)
}

// addressOf is &x for a schema literal (the schema the evaluator holds)
// and for a value of a basic type (the pointer writes as the value: an
// intPtr(n) helper). The address of anything else is unknown: what a
// method does through it is not followed.
func (ev *evaluator) addressOf(p *packages.Package, x *ast.UnaryExpr, env map[types.Object]any) (any, bool) {
	if id, ok := ast.Unparen(x.X).(*ast.Ident); ok {
		switch v := env[p.TypesInfo.ObjectOf(id)].(type) {
		case *toolVal, *ir.Type, *builderVal:
			return v, v != nil
		}
	}
	if lit, ok := ast.Unparen(x.X).(*ast.CompositeLit); ok && isGoogleSchemaOrPtr(p.TypesInfo.TypeOf(lit)) {
		return ev.expr(p, lit, env)
	}
	if t := p.TypesInfo.TypeOf(x.X); t != nil {
		if _, basic := t.Underlying().(*types.Basic); basic {
			return ev.expr(p, x.X, env)
		}
	}
	return nil, false
}

// sortedAfter reports whether every variable declared outside a range
// loop over a map that the loop writes is sorted (sort.Strings,
// slices.Sort, …) by a statement after it, before anything else uses
// it: the order Go visits the keys in then does not show.
func sortedAfter(info *types.Info, s *ast.RangeStmt, rest []ast.Stmt) bool {
	written := map[types.Object]bool{}
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok != token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if obj := info.ObjectOf(id); obj != nil && (obj.Pos() < s.Pos() || obj.Pos() >= s.End()) {
						written[obj] = true
					}
				}
			}
		}
		if inc, ok := n.(*ast.IncDecStmt); ok {
			written[info.ObjectOf(identOf(inc.X))] = true
		}
		return true
	})
	for _, st := range rest {
		if len(written) == 0 {
			return true
		}
		if es, ok := st.(*ast.ExprStmt); ok {
			if call, ok := es.X.(*ast.CallExpr); ok && len(call.Args) == 1 {
				fn, _ := callee(info, call)
				id, isIdent := ast.Unparen(call.Args[0]).(*ast.Ident)
				if fn != nil && fn.Pkg() != nil && isIdent && written[info.ObjectOf(id)] {
					switch fn.Pkg().Path() + "." + fn.Name() {
					case "sort.Strings", "sort.Ints", "sort.Float64s", "slices.Sort":
						delete(written, info.ObjectOf(id))
						continue
					}
				}
			}
		}
		if usesAny(info, st, written) {
			return false
		}
	}
	return len(written) == 0
}

func usesAny(info *types.Info, n ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && objs[info.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}
