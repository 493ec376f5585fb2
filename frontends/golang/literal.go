package golang

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strconv"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/internal/orderedjson"
)

// The values literals evaluate to are orderedjson's: *orderedjson.Object
// (keys in source order), []any, string, bool, json.Number and nil.

func newObject() *orderedjson.Object { return orderedjson.NewObject() }

// literalReader evaluates the Go expressions a tool registration is
// written with (constants, composite literals, json.RawMessage documents)
// without running the program. What it cannot evaluate is a positioned
// error: tscg never guesses a schema.
type literalReader struct {
	c     *conv
	p     *packages.Package
	inits map[types.Object]ast.Expr // variables defined once, with their value
	// spreading are the expressions spread is reading, so that a slice
	// defined through itself ends as unreadable.
	spreading map[ast.Expr]bool
	// spreadWhy names the first construct spread could not follow.
	spreadWhy string
	// sets are the assignments to a field of a variable (tool.Annotations
	// = …), by variable, in source order.
	sets map[types.Object][]*ast.AssignStmt
	// isets are the assignments to an element of a map variable
	// (props["step"] = …), by variable, in source order.
	isets map[types.Object][]*ast.AssignStmt
	what  string // for messages: "tool get_weather"
	// holes, while text reads a value, collects the parts it writes as
	// placeholders (nil otherwise: every part must be known).
	holes *[]ast.Expr
	// envRead collects the environment variables a flow reading read.
	envRead map[string]bool
	// applying are the functions applyValue is evaluating (no recursion).
	applying map[*types.Func]bool
	// applyingLits are the function literals being applied (localFunc).
	applyingLits map[*ast.FuncLit]bool
	// args are the values of the parameters of the function a tool is
	// read in, bound to the arguments of its call (callargs.go).
	args map[types.Object]any
}

func (c *conv) literals(p *packages.Package) *literalReader {
	if r, ok := c.readers[p]; ok {
		return r
	}
	r := &literalReader{c: c, p: p, inits: map[types.Object]ast.Expr{}, sets: map[types.Object][]*ast.AssignStmt{}, applying: map[*types.Func]bool{}, applyingLits: map[*ast.FuncLit]bool{}, isets: map[types.Object][]*ast.AssignStmt{}}
	assigned := map[types.Object]int{}
	for _, f := range p.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				if ix, ok := x.Lhs[0].(*ast.IndexExpr); ok && len(x.Lhs) == 1 && x.Tok == token.ASSIGN {
					if id, ok := ix.X.(*ast.Ident); ok && p.TypesInfo.Uses[id] != nil {
						r.isets[p.TypesInfo.Uses[id]] = append(r.isets[p.TypesInfo.Uses[id]], x)
					}
				}
				for i, lhs := range x.Lhs {
					if sel, ok := lhs.(*ast.SelectorExpr); ok && len(x.Lhs) == 1 && x.Tok == token.ASSIGN {
						if id, ok := sel.X.(*ast.Ident); ok && p.TypesInfo.Uses[id] != nil {
							r.sets[p.TypesInfo.Uses[id]] = append(r.sets[p.TypesInfo.Uses[id]], x)
						}
					}
					id, ok := lhs.(*ast.Ident)
					if !ok {
						continue
					}
					obj := p.TypesInfo.ObjectOf(id)
					if obj == nil {
						continue
					}
					assigned[obj]++
					if len(x.Lhs) == len(x.Rhs) {
						r.inits[obj] = x.Rhs[i]
					}
				}
			case *ast.ValueSpec:
				for i, id := range x.Names {
					obj := p.TypesInfo.Defs[id]
					if obj == nil || len(x.Values) != len(x.Names) {
						continue
					}
					assigned[obj]++
					r.inits[obj] = x.Values[i]
				}
			}
			return true
		})
	}
	for obj, n := range assigned {
		if n != 1 {
			delete(r.inits, obj) // reassigned: its value depends on control flow
		}
	}
	c.readers[p] = r
	return r
}

func (r *literalReader) errorf(e ast.Node, format string, args ...any) {
	r.c.errorf(e.Pos(), "%s: %s", r.what, fmt.Sprintf(format, args...))
}

// follow returns the expression a variable was defined with, or e.
func (r *literalReader) follow(e ast.Expr) ast.Expr {
	for i := 0; i < 8; i++ {
		e = ast.Unparen(e)
		id, ok := e.(*ast.Ident)
		if !ok {
			return e
		}
		obj, ok := r.p.TypesInfo.Uses[id].(*types.Var)
		if !ok || len(r.isets[obj]) > 0 {
			return e // a map with element assignments: mapWithSets
		}
		init, ok := r.inits[obj]
		if !ok {
			return e
		}
		e = init
	}
	return e
}

// constant returns e's constant value, or nil.
func (r *literalReader) constant(e ast.Expr) constant.Value {
	if tv, ok := r.p.TypesInfo.Types[e]; ok && tv.Value != nil {
		return tv.Value
	}
	return nil
}

// str evaluates a constant string.
func (r *literalReader) str(e ast.Expr, what string) (string, bool) {
	if s, ok := r.foldString(e, 0); ok {
		return s, true
	}
	r.errorf(e, "%s must be a constant string, or one built from constants (+, fmt.Sprintf, strings.Join, a function of this package returning one); tscg reads tools statically, without running the program", what)
	return "", false
}

// boolean evaluates a constant bool, or a *bool written as new(b),
// &v of a constant-initialised variable, or ptr(b) for a generic helper.
func (r *literalReader) boolean(e ast.Expr, what string) (bool, bool) {
	v, ok := r.value(e)
	if !ok {
		return false, false
	}
	b, isBool := v.(bool)
	if !isBool {
		r.errorf(e, "%s must be a constant bool", what)
		return false, false
	}
	return b, true
}

// value evaluates e as the JSON encoding/json would write for it.
func (r *literalReader) value(e ast.Expr) (any, bool) {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok, handled := r.editedVar(id); handled {
			return v, ok
		}
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && len(r.isets[r.p.TypesInfo.Uses[id]]) > 0 {
		return r.mapWithSets(id)
	}
	orig := e
	e = r.follow(e)
	if id, ok := e.(*ast.Ident); ok && len(r.isets[r.p.TypesInfo.Uses[id]]) > 0 {
		return r.mapWithSets(id)
	}
	if v := r.constant(e); v != nil {
		if tv := r.p.TypesInfo.Types[e]; isRawJSON(tv.Type) {
			return r.rawDoc(orig, v)
		}
		if j, ok := constJSON(v); ok {
			return j, true
		}
	}
	switch x := e.(type) {
	case *ast.Ident:
		if x.Name == "nil" && r.p.TypesInfo.Uses[x] == types.Universe.Lookup("nil") {
			return nil, true
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.value(x.X)
		}
	case *ast.CompositeLit:
		return r.composite(x)
	case *ast.CallExpr:
		if s, ok := r.foldString(x, 0); ok {
			return s, true
		}
		return r.call(x)
	case *ast.BinaryExpr:
		if s, ok := r.foldString(x, 0); ok {
			return s, true
		}
	}
	if v, ok := r.flowValue(orig); ok {
		return v, true
	}
	r.errorf(orig, "cannot read %s statically: tscg needs a constant, a composite literal or json.RawMessage(`…`)", exprString(orig))
	return nil, false
}

// call evaluates conversions (json.RawMessage(`…`)), new(v) and
// one-argument pointer helpers (jsonschema.Ptr(v), ptr(v)).
func (r *literalReader) call(x *ast.CallExpr) (any, bool) {
	info := r.p.TypesInfo
	if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
		if isRawJSON(tv.Type) {
			v := r.constant(x.Args[0])
			if v == nil || v.Kind() != constant.String {
				r.errorf(x.Args[0], "the JSON document must be a constant string")
				return nil, false
			}
			return r.rawDoc(x, v)
		}
		return r.value(x.Args[0])
	}
	if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "make" && len(x.Args) >= 1 {
		if _, isBuiltin := info.Uses[id].(*types.Builtin); isBuiltin {
			switch info.TypeOf(x).Underlying().(type) {
			case *types.Map:
				return newObject(), true // encodes as {}
			case *types.Slice:
				return []any{}, true
			}
		}
	}
	if arg, ok := r.marshalled(x); ok {
		return r.value(arg)
	}
	if v, ok, applied := r.applyValue(x); applied {
		return v, ok
	}
	if v, ok, applied := r.editedValue(x); applied {
		return v, ok
	}
	if v, ok, applied := r.calledLiteral(x); applied {
		return v, ok
	}
	if v, ok, applied := r.appendValue(x); applied {
		return v, ok
	}
	if v, ok, applied := r.localFunc(x); applied {
		return v, ok
	}
	if tv, ok := info.Types[x]; ok && len(x.Args) == 1 {
		if pt, ok := tv.Type.Underlying().(*types.Pointer); ok {
			if at, ok := info.Types[x.Args[0]]; ok && types.Identical(types.Default(at.Type), pt.Elem()) {
				return r.value(x.Args[0]) // new(v), ptr(v): the pointer encodes as its value
			}
		}
	}
	if v, ok := r.flowValue(x); ok {
		return v, true
	}
	r.errorf(x, "cannot read %s statically: tscg does not run functions", exprString(x))
	return nil, false
}

func (r *literalReader) rawDoc(at ast.Expr, v constant.Value) (any, bool) {
	if v.Kind() != constant.String {
		r.errorf(at, "the JSON document must be a constant string")
		return nil, false
	}
	s := constant.StringVal(v)
	if !json.Valid([]byte(s)) {
		var x any
		err := json.Unmarshal([]byte(s), &x)
		r.errorf(at, "invalid JSON document: %v", err)
		return nil, false
	}
	doc, err := orderedjson.Decode([]byte(s))
	if err != nil {
		r.errorf(at, "invalid JSON document: %v", err)
		return nil, false
	}
	return doc, true
}

// composite evaluates map, slice and struct literals; struct fields are
// named by their json tags, as encoding/json writes them.
func (r *literalReader) composite(x *ast.CompositeLit) (any, bool) {
	t := r.p.TypesInfo.TypeOf(x)
	if t == nil {
		r.errorf(x, "cannot read this literal: it has no type")
		return nil, false
	}
	if pt, ok := t.Underlying().(*types.Pointer); ok {
		t = pt.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		out, vals := newObject(), map[string]any{}
		for _, el := range x.Elts {
			kv := el.(*ast.KeyValueExpr)
			k, ok := r.str(kv.Key, "a map key")
			if !ok {
				return nil, false
			}
			v, ok := r.value(kv.Value)
			if !ok {
				return nil, false
			}
			vals[k] = v
		}
		for _, k := range slices.Sorted(maps.Keys(vals)) { // encoding/json writes map keys sorted
			out.Set(k, vals[k])
		}
		return out, true
	case *types.Slice, *types.Array:
		out := []any{}
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				r.errorf(kv, "indexed array literals are not read")
				return nil, false
			}
			v, ok := r.value(el)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	case *types.Struct:
		return r.structLit(x, t, u)
	}
	r.errorf(x, "cannot read a %s literal", r.c.typeString(t))
	return nil, false
}

func (r *literalReader) structLit(x *ast.CompositeLit, t types.Type, s *types.Struct) (any, bool) {
	if isGoogleSchema(t) && len(x.Elts) == 0 {
		return true, true // jsonschema-go writes the empty schema as true
	}
	if hasMethod(namedOf(t), "MarshalJSON") && !isSchemaType(t) {
		r.errorf(x, "%s has its own MarshalJSON: tscg cannot tell what it writes", r.c.typeString(t))
		return nil, false
	}
	out := newObject()
	for _, el := range x.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			r.errorf(el, "write the field names in this literal (Field: value)")
			return nil, false
		}
		id := kv.Key.(*ast.Ident)
		i := fieldIndex(s, id.Name)
		if i < 0 {
			continue
		}
		tag := reflect.StructTag(s.Tag(i))
		jt := parseJSONTag(tag.Get("json"))
		name := id.Name
		if jt.Name != "" {
			name = jt.Name
		}
		if id.Name == "Extras" && isInvopopSchema(types.NewPointer(t)) {
			v, ok := r.value(kv.Value) // invopop's MarshalJSON merges Extras into the object
			if !ok {
				return nil, false
			}
			if m, ok := v.(*orderedjson.Object); ok {
				for _, k := range m.Keys() {
					e, _ := m.Get(k)
					out.Set(k, e)
				}
			}
			continue
		}
		if isSchemaType(t) && (id.Name == "Type" || id.Name == "Types") {
			name, jt.Skip = "type", false // jsonschema.Schema writes Type or Types as "type"
		}
		if isSchemaType(t) && (id.Name == "Items" || id.Name == "ItemsArray") {
			name, jt.Skip = "items", false // and Items or ItemsArray as "items"
		}
		if id.Name == "Properties" && isGoogleSchema(t) {
			jt.Optional = false // a non-nil map is written, even empty
		}
		if jt.Skip {
			continue
		}
		var v any
		if isSchemaType(t) && (id.Name == "Description" || id.Name == "Title") && isStringType(s.Field(i).Type()) {
			// A text known only at run time is a placeholder with a
			// warning, as a tool's description is (text.go).
			v, ok = r.text(kv.Value, "the schema's "+name), !r.c.failed
		} else {
			v, ok = r.value(kv.Value)
		}
		if !ok {
			return nil, false
		}
		if jt.Optional && omitted(s.Field(i).Type(), v) {
			continue
		}
		out.Set(name, v)
	}
	if isGoogleSchema(t) && out.Len() == 1 && out.Val("not") == true {
		return false, true // jsonschema-go writes {Not: {}} as false
	}
	return out, true
}

func fieldIndex(s *types.Struct, name string) int {
	for i := 0; i < s.NumFields(); i++ {
		if s.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

func isEmptyJSON(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) == 0
	case string:
		return x == ""
	case bool:
		return !x
	case json.Number:
		f, err := x.Float64()
		return err == nil && f == 0
	}
	return v == nil
}

func namedOf(t types.Type) *types.Named {
	n, _ := types.Unalias(t).(*types.Named)
	if n == nil {
		n = types.NewNamed(types.NewTypeName(token.NoPos, nil, "_", nil), t.Underlying(), nil)
	}
	return n
}

// isSchemaType reports google/jsonschema-go's Schema and mcp-go's
// schema types, whose MarshalJSON writes their fields by their json tags
// (and a Schema's Type or Types as "type").
func isSchemaType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "github.com/google/jsonschema-go/jsonschema.Schema", invopopPkg + ".Schema", mcpGo + ".ToolInputSchema",
		mcpGo + ".ToolOutputSchema", mcpGo + ".ToolArgumentsSchema":
		return true
	}
	return false
}

// isRawJSON reports json.RawMessage and []byte: a document spelled out.
func isRawJSON(t types.Type) bool {
	if t == nil {
		return false
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := types.Unalias(s.Elem()).(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// constJSON converts a constant; ok is false for a kind JSON lacks.
func constJSON(v constant.Value) (any, bool) {
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v), true
	case constant.Bool:
		return constant.BoolVal(v), true
	case constant.Int:
		return json.Number(v.ExactString()), true
	case constant.Float:
		f, _ := constant.Float64Val(v)
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), true
	}
	return nil, false
}

func exprString(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// marshalled reports a call of a project function of one parameter that
// returns json.Marshal of it (kubernetes-mcp-server's
// api.ToRawMessage(v)): its JSON is the argument's.
func (r *literalReader) marshalled(x *ast.CallExpr) (ast.Expr, bool) {
	fn, _ := callee(r.p.TypesInfo, x)
	if fn == nil || len(x.Args) != 1 || !isRawJSON(r.p.TypesInfo.TypeOf(x)) {
		return nil, false
	}
	p := r.c.pkgs[fn.Pkg()]
	if p == nil {
		return nil, false
	}
	decl := r.c.literals(p).funcDecl(fn)
	if decl == nil || decl.Body == nil || decl.Type.Params.NumFields() != 1 || len(decl.Type.Params.List[0].Names) != 1 {
		return nil, false
	}
	param := p.TypesInfo.Defs[decl.Type.Params.List[0].Names[0]]
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if m, _ := callee(p.TypesInfo, call); m != nil && m.Pkg() != nil && m.Pkg().Path() == "encoding/json" && m.Name() == "Marshal" {
				found = found || usesObject(p.TypesInfo, call.Args[0], param)
			}
		}
		return !found
	})
	return x.Args[0], found
}

// isGoogleSchema reports google/jsonschema-go's Schema.
func isGoogleSchema(t types.Type) bool {
	n := namedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "github.com/google/jsonschema-go/jsonschema" && n.Obj().Name() == "Schema"
}

// omitted reports whether omitempty leaves out a field of type t whose
// value encodes as v: a pointer, interface or json.RawMessage only when
// nil, anything else when empty (false, 0, "", an empty map or slice).
func omitted(t types.Type, v any) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return v == nil
	}
	if isRawJSON(t) {
		return v == nil
	}
	return isEmptyJSON(v)
}

// applyValue evaluates a call of a function of this package whose body
// returns one value (a schema or map literal, often built from its
// arguments: toolInputSchema(props, nil)), with the arguments bound to
// its parameters; applied is false when fn is no such function.
func (r *literalReader) applyValue(x *ast.CallExpr) (v any, ok, applied bool) {
	fn, _ := callee(r.p.TypesInfo, x)
	if fn == nil || fn.Pkg() != r.p.Types || x.Ellipsis.IsValid() {
		return nil, false, false
	}
	decl, result := r.returned(fn)
	if result == nil || r.applying[fn] {
		return nil, false, false
	}
	restore, bound := r.bind(decl, x.Args)
	if !bound {
		return nil, false, false
	}
	r.applying[fn] = true
	defer func() { restore(); delete(r.applying, fn) }()
	v, ok = r.value(result)
	return v, ok, true
}

// mapWithSets evaluates a map variable with the element assignments made
// to it after its definition (props["step"] = &jsonschema.Schema{…}),
// in source order.
func (r *literalReader) mapWithSets(id *ast.Ident) (any, bool) {
	obj := r.p.TypesInfo.Uses[id]
	sets := r.isets[obj]
	delete(r.isets, obj) // the base value is read without them
	base, ok := r.value(id)
	r.isets[obj] = sets
	m, isMap := base.(*orderedjson.Object)
	if !ok || !isMap {
		return base, ok
	}
	m = copyObject(m)
	if !r.setElements(m, sets, "a map key") {
		return nil, false
	}
	return m, true
}
