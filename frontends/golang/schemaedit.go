package golang

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"github.com/tscg/tscg/internal/orderedjson"
)

// editedValue evaluates a call of a schema editor of this package: a
// function whose body only sets properties of the schema it is given and
// returns it (issue 28: github/github-mcp-server's WithPagination(schema)
// writing schema.Properties["page"] = &jsonschema.Schema{…}, used by
// many tools). The argument is read as a value, each assignment applied
// to a copy in source order, and the copy is the call's value; applied
// is false when fn is no such function.
func (r *literalReader) editedValue(x *ast.CallExpr) (v any, ok, applied bool) {
	fn, _ := callee(r.p.TypesInfo, x)
	if fn == nil || fn.Pkg() != r.p.Types || x.Ellipsis.IsValid() || r.applying[fn] {
		return nil, false, false
	}
	decl := r.funcDecl(fn)
	param, sets := schemaEdits(r.p.TypesInfo, decl)
	if param < 0 || param >= len(x.Args) {
		return nil, false, false
	}
	base, ok := r.value(x.Args[param])
	if !ok {
		return nil, false, true
	}
	schema, isObject := base.(*orderedjson.Object)
	if !isObject {
		r.errorf(x.Args[param], "%s edits a schema, but its argument is no schema object", fn.Name())
		return nil, false, true
	}
	restore, bound := r.bind(decl, x.Args)
	if !bound {
		return nil, false, false
	}
	r.applying[fn] = true
	defer func() { restore(); delete(r.applying, fn) }()
	out, ok := r.applySets(schema, sets)
	return out, ok, true
}

// applySets applies assignments x.Properties[k] = v to a copy of schema.
func (r *literalReader) applySets(schema *orderedjson.Object, sets []*ast.AssignStmt) (*orderedjson.Object, bool) {
	out := copyObject(schema)
	props, _ := out.Get("properties")
	pm, isMap := props.(*orderedjson.Object)
	if !isMap {
		pm = newObject()
	} else {
		pm = copyObject(pm)
	}
	if !r.setElements(pm, sets, "a property name") {
		return nil, false
	}
	out.Set("properties", pm)
	return out, true
}

// editedVar evaluates a local schema variable that statements between
// its definition and its use change (issue 28: github/github-mcp-
// server's schema.Properties["fields"] = … then WithPagination(schema)
// before the tool literal uses schema): x.Properties[k] = v and calls of
// schema editors given x are applied in source order; any other
// statement using x there is an error at it, never a silent loss.
// handled is false when id is no such variable.
func (r *literalReader) editedVar(id *ast.Ident) (v any, ok, handled bool) {
	obj, isVar := r.p.TypesInfo.Uses[id].(*types.Var)
	if !isVar || obj.Pkg() == nil || obj.Parent() == obj.Pkg().Scope() {
		return nil, false, false
	}
	if _, isMap := obj.Type().Underlying().(*types.Map); !isMap && !isSchemaType(derefType(obj.Type())) {
		return nil, false, false
	}
	fd := funcDeclAt(r.p, id.Pos())
	if fd == nil || fd.Body == nil {
		return nil, false, false
	}
	def, edits := definitionEdits(r.p.TypesInfo, fd.Body, obj, id.Pos())
	if def == nil || len(edits) == 0 || onlyElementSets(r.p.TypesInfo, obj, edits) {
		return nil, false, false // m[k] = v alone: mapWithSets
	}
	return r.editedDefinition(def, edits, obj)
}

// applyEdit applies one statement changing the schema variable obj.
func (r *literalReader) applyEdit(st ast.Stmt, obj types.Object, schema *orderedjson.Object) (*orderedjson.Object, bool) {
	info := r.p.TypesInfo
	if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
		if ix, ok := as.Lhs[0].(*ast.IndexExpr); ok {
			if sel, ok := ix.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Properties" {
				if base, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[base] == obj {
					return r.applySets(schema, []*ast.AssignStmt{as})
				}
			}
		}
	}
	if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
		if out, ok, handled := r.setPropertyField(as, obj, schema); handled {
			return out, ok
		}
	}
	if as, ok := st.(*ast.AssignStmt); ok && isElementSet(info, obj, as) {
		out := copyObject(schema)
		return out, r.setElements(out, []*ast.AssignStmt{as}, "a map key")
	}
	if es, ok := st.(*ast.ExprStmt); ok {
		if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && len(call.Args) == 2 {
			if fn, _ := callee(info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path()+"."+fn.Name() == "maps.Copy" {
				if a, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok && info.Uses[a] == obj {
					return r.mergeMaps(call, schema)
				}
			}
		}
		if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
			if fn, _ := callee(info, call); fn != nil && fn.Pkg() == r.p.Types && !call.Ellipsis.IsValid() {
				decl := r.funcDecl(fn)
				param, sets := schemaEdits(info, decl)
				if param >= 0 && param < len(call.Args) && !r.applying[fn] {
					if a, ok := ast.Unparen(call.Args[param]).(*ast.Ident); ok && info.Uses[a] == obj {
						if restore, bound := r.bind(decl, call.Args); bound {
							r.applying[fn] = true
							defer func() { restore(); delete(r.applying, fn) }()
							return r.applySets(schema, sets)
						}
					}
				}
			}
		}
	}
	r.errorf(st, "cannot read this change to %s statically: tscg reads %s.Properties[key] = value and calls of this package's schema editors (functions that only set the properties of the schema they are given and return it)", obj.Name(), obj.Name())
	return nil, false
}

// setPropertyField applies x.Properties[k].Field = v (a field of a
// google/jsonschema-go Schema, written under its JSON name).
func (r *literalReader) setPropertyField(as *ast.AssignStmt, obj types.Object, schema *orderedjson.Object) (*orderedjson.Object, bool, bool) {
	info := r.p.TypesInfo
	fsel, ok := as.Lhs[0].(*ast.SelectorExpr)
	if !ok {
		return nil, false, false
	}
	ix, ok := ast.Unparen(fsel.X).(*ast.IndexExpr)
	if !ok {
		return nil, false, false
	}
	psel, ok := ix.X.(*ast.SelectorExpr)
	if !ok || psel.Sel.Name != "Properties" {
		return nil, false, false
	}
	if base, ok := ast.Unparen(psel.X).(*ast.Ident); !ok || info.Uses[base] != obj {
		return nil, false, false
	}
	field, isField := info.Uses[fsel.Sel].(*types.Var)
	st, isStruct := derefType(info.TypeOf(fsel.X)).Underlying().(*types.Struct)
	if !isField || !isStruct || !isGoogleSchema(derefType(info.TypeOf(fsel.X))) {
		return nil, false, false
	}
	name := ""
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == field {
			name = parseJSONTag(reflect.StructTag(st.Tag(i)).Get("json")).Name
		}
	}
	if name == "" || name == "-" {
		return nil, false, false
	}
	k, ok := r.str(ix.Index, "a property name")
	if !ok {
		return nil, false, true
	}
	props, _ := schema.Get("properties")
	pm, isMap := props.(*orderedjson.Object)
	var prop *orderedjson.Object
	if isMap {
		if pv, found := pm.Get(k); found {
			prop, _ = pv.(*orderedjson.Object)
		}
	}
	if prop == nil {
		r.errorf(as, "%s has no property %q here to change", obj.Name(), k)
		return nil, false, true
	}
	v, ok := r.value(as.Rhs[0])
	if !ok {
		return nil, false, true
	}
	prop = copyObject(prop)
	prop.Set(name, v)
	pm = copyObject(pm)
	pm.Set(k, prop)
	out := copyObject(schema)
	out.Set("properties", pm)
	return out, true, true
}

// calledLiteral evaluates func() *jsonschema.Schema { x := …; edits;
// return x }(), a function literal called where it is written.
func (r *literalReader) calledLiteral(x *ast.CallExpr) (any, bool, bool) {
	fl, ok := ast.Unparen(x.Fun).(*ast.FuncLit)
	if !ok || len(x.Args) != 0 || fl.Type.Params.NumFields() != 0 || len(fl.Body.List) == 0 {
		return nil, false, false
	}
	ret, ok := fl.Body.List[len(fl.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, false, false
	}
	id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident)
	if !ok {
		return nil, false, false
	}
	obj := r.p.TypesInfo.Uses[id]
	def, edits := definitionEdits(r.p.TypesInfo, fl.Body, obj, ret.Pos())
	if def == nil || len(fl.Body.List) != len(edits)+2 {
		return nil, false, false
	}
	return r.editedDefinition(def, edits, obj)
}

// isElementSet reports m[k] = v with m the map variable obj.
func isElementSet(info *types.Info, obj types.Object, as *ast.AssignStmt) bool {
	if as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	ix, ok := as.Lhs[0].(*ast.IndexExpr)
	if !ok {
		return false
	}
	m, ok := ast.Unparen(ix.X).(*ast.Ident)
	_, isMap := obj.Type().Underlying().(*types.Map)
	return ok && isMap && info.Uses[m] == obj
}

func onlyElementSets(info *types.Info, obj types.Object, edits []ast.Stmt) bool {
	for _, st := range edits {
		if as, ok := st.(*ast.AssignStmt); !ok || !isElementSet(info, obj, as) {
			return false
		}
	}
	return true
}

// definitionEdits finds, in the block defining obj (obj := e), e and the
// statements after the definition and before the statement holding use
// that mention obj.
func definitionEdits(info *types.Info, body *ast.BlockStmt, obj types.Object, use token.Pos) (ast.Expr, []ast.Stmt) {
	var def ast.Expr
	var edits []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok || def != nil {
			return def == nil
		}
		for i, st := range b.List {
			as, ok := st.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			for k, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.Defs[id] == obj {
					def = as.Rhs[k]
					for _, later := range b.List[i+1:] {
						if later.Pos() <= use && use < later.End() {
							return false
						}
						if mentions(info, later, obj) {
							edits = append(edits, later)
						}
					}
					return false
				}
			}
		}
		return true
	})
	return def, edits
}

// setElements runs each m[k] = v of sets on m, in order.
func (r *literalReader) setElements(m *orderedjson.Object, sets []*ast.AssignStmt, what string) bool {
	for _, as := range sets {
		k, ok := r.str(as.Lhs[0].(*ast.IndexExpr).Index, what)
		if !ok {
			return false
		}
		v, ok := r.value(as.Rhs[0])
		if !ok {
			return false
		}
		m.Set(k, v)
	}
	return true
}

func copyObject(o *orderedjson.Object) *orderedjson.Object {
	out := newObject()
	for _, k := range o.Keys() {
		v, _ := o.Get(k)
		out.Set(k, v)
	}
	return out
}

// schemaEdits recognises a schema editor's body: assignments
// p.Properties[k] = v to one parameter p, then return p. It returns p's
// index and the assignments, or -1.
func schemaEdits(info *types.Info, decl *ast.FuncDecl) (int, []*ast.AssignStmt) {
	if decl == nil || decl.Body == nil || len(decl.Body.List) < 2 || decl.Type.Results.NumFields() != 1 {
		return -1, nil
	}
	list := decl.Body.List
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return -1, nil
	}
	id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident)
	if !ok {
		return -1, nil
	}
	obj := info.Uses[id]
	idx := paramIndexIn(info, decl, obj)
	if idx < 0 || !isSchemaType(derefType(obj.Type())) {
		return -1, nil
	}
	var sets []*ast.AssignStmt
	for _, st := range list[:len(list)-1] {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return -1, nil
		}
		ix, ok := as.Lhs[0].(*ast.IndexExpr)
		if !ok {
			return -1, nil
		}
		sel, ok := ix.X.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Properties" {
			return -1, nil
		}
		if base, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || info.Uses[base] != obj {
			return -1, nil
		}
		sets = append(sets, as)
	}
	return idx, sets
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// paramIndexIn is the index of obj among decl's parameters, or -1.
func paramIndexIn(info *types.Info, decl *ast.FuncDecl, obj types.Object) int {
	i := 0
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, id := range f.Names {
			if obj != nil && info.Defs[id] == obj {
				return i
			}
			i++
		}
	}
	return -1
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// editedDefinition reads def, then applies edits to it when it is a schema
// object: the value, whether it was read, and whether def was taken up
// (a failed read or edit is reported where it happened).
func (r *literalReader) editedDefinition(def ast.Expr, edits []ast.Stmt, obj types.Object) (any, bool, bool) {
	base, ok := r.value(def)
	if !ok {
		return nil, false, true
	}
	schema, isObject := base.(*orderedjson.Object)
	if !isObject {
		return base, true, true
	}
	for _, st := range edits {
		if schema, ok = r.applyEdit(st, obj, schema); !ok {
			return nil, false, true
		}
	}
	return schema, true, true
}
