package golang

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

// The registrar's edits, run per tool (issue 28: github/github-mcp-
// server's RegisterFunc sets toolCopy.Icons = st.Toolset.Icons() when
// the definition has none): each statement of the registrar editing its
// copy of the tool before Server.AddTool runs on the evaluator, the copy
// bound to the tool being listed and the item parameter to the item the
// tool becomes a field of — that item's literal, its other fields
// computed with the arguments of the calls passing the definition down
// to it (NewTool(ToolsetMetadataRepos, mcp.Tool{…}, …) →
// ServerTool{Tool: tool, Toolset: toolset}). The edit reads and writes
// the copy's Icons. A statement tscg cannot run for a tool is a warning
// at it, once, and the tool is listed as its definition writes it.

// itemPath is how a tool literal reaches an inventory item: the item's
// literal and the calls binding the parameters of the functions between
// them, innermost first.
type itemPath struct {
	p    *packages.Package
	lit  *ast.CompositeLit
	hops []itemHop
}

// itemHop is a call of fn passing the tool definition as its param'th
// argument.
type itemHop struct {
	p     *packages.Package
	call  *ast.CallExpr
	fn    *types.Func
	param int
}

// pathCarrier is a carrier reached from an item literal along path.
type pathCarrier struct {
	carrier
	path *itemPath
}

func withPath(crs []carrier, path *itemPath) []pathCarrier {
	out := make([]pathCarrier, len(crs))
	for i, cr := range crs {
		out[i] = pathCarrier{cr, path}
	}
	return out
}

// through is path extended by the call site passing the definition on
// to cr.
func (path *itemPath) through(p *packages.Package, call *ast.CallExpr, cr carrier) *itemPath {
	hops := append(append([]itemHop(nil), path.hops...), itemHop{p: p, call: call, fn: cr.fn, param: cr.param})
	return &itemPath{p: path.p, lit: path.lit, hops: hops}
}

// invRun is the evaluator an inventory's edits run on (its package
// variables read once) and the statements already warned about.
type invRun struct {
	ev     *evaluator
	warned map[token.Pos]bool
}

// toolVal is the registrar's copy of the tool being listed; iconsUnread
// says its definition writes Icons with a value tscg did not read (the
// copy's icons are then unknown).
type toolVal struct {
	t           *ir.Tool
	iconsUnread bool
	// held is what the tool's InputSchema holds in the server; orig is
	// the tool a middleware's copy was made from (middleware.go).
	held schemaHeld
	orig *ir.Tool
}

// runInventoryEdits runs inv's edits on t, the tool lit defines.
func (c *conv) runInventoryEdits(inv *inventory, lit *ast.CompositeLit, t *ir.Tool) {
	if len(inv.edits) == 0 {
		return
	}
	if inv.run == nil {
		inv.run = &invRun{ev: newEvaluator(c), warned: map[token.Pos]bool{}}
	}
	ev := inv.run.ev
	tv := &toolVal{t: t, iconsUnread: t.Icons == nil && writesField(lit, "Icons"), held: c.held[t]}
	env := map[types.Object]any{inv.copyVar: tv}
	if inv.itemVar != nil {
		if item, ok := c.itemValue(ev, inv, inv.paths[lit]); ok {
			env[inv.itemVar] = item
		}
	}
	for _, at := range inv.edits {
		st := stmtAt(inv.fd, at)
		saved := *t
		ev.steps = 0
		if st != nil {
			if _, returned, ok := ev.block(inv.p, []ast.Stmt{st}, env); ok && !returned && !ev.halfTyped() {
				continue
			}
			ev.typeSet = nil
		}
		*t = saved
		if !inv.run.warned[at] {
			inv.run.warned[at] = true
			c.warnf(at, "this statement changes the tool before it is registered at %s; tscg does not run it, and lists each tool as its definition writes it", c.pos(inv.call.Pos()))
		}
	}
}

// stmtAt is the statement of fd's body at pos.
func stmtAt(fd *ast.FuncDecl, pos token.Pos) ast.Stmt {
	for _, st := range fd.Body.List {
		if st.Pos() == pos {
			return st
		}
	}
	return nil
}

// itemValue is the item path leads to, its fields but the tool computed
// from the arguments of path's calls (a field tscg cannot compute is
// unknown).
func (c *conv) itemValue(ev *evaluator, inv *inventory, path *itemPath) (structVal, bool) {
	if path == nil {
		return nil, false
	}
	env := map[types.Object]any{}
	for i := len(path.hops) - 1; i >= 0; i-- {
		h := path.hops[i]
		_, decl := ev.funcDecl(h.fn)
		if decl == nil {
			return nil, false
		}
		next := map[types.Object]any{}
		idx := 0
		for _, field := range decl.Type.Params.List {
			for _, id := range field.Names {
				if idx != h.param && idx < len(h.call.Args) && !h.call.Ellipsis.IsValid() {
					if v, ok := ev.expr(h.p, h.call.Args[idx], env); ok {
						next[ev.c.pkgs[h.fn.Pkg()].TypesInfo.Defs[id]] = v
					}
				}
				idx++
			}
			if len(field.Names) == 0 {
				idx++
			}
		}
		env = next
	}
	st, ok := path.p.TypesInfo.TypeOf(path.lit).Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	sv := structVal{}
	for i := 0; i < st.NumFields(); i++ {
		sv[st.Field(i).Name()] = zeroOf(st.Field(i).Type())
	}
	sv[inv.field] = unknownField{}
	for _, el := range path.lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		id := identOf(keyOf(kv, ok))
		if id == nil {
			return nil, false
		}
		if id.Name == inv.field {
			continue
		}
		if v, ok := ev.expr(path.p, kv.Value, env); ok {
			sv[id.Name] = v
		} else {
			sv[id.Name] = unknownField{}
		}
	}
	return sv, true
}

// writesField reports a keyed field name in a struct literal.
func writesField(lit *ast.CompositeLit, name string) bool {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id := identOf(kv.Key); id != nil && id.Name == name {
				return true
			}
		}
	}
	return false
}

func keyOf(kv *ast.KeyValueExpr, ok bool) ast.Expr {
	if !ok {
		return nil
	}
	return kv.Key
}

// toolField reads a field of the copy: its InputSchema as the server
// holds it, Name, Description, and Icons as the definition sets them.
func (tv *toolVal) field(name string) (any, bool) {
	switch name {
	case "InputSchema":
		switch tv.held {
		case heldSchema:
			return tv.t.Params, tv.t.Params != nil
		case heldOther:
			return otherSchema{}, true
		}
		return nil, false
	case "Name":
		return tv.t.Name, true
	case "Description":
		return tv.t.Description, true
	}
	if name != "Icons" || tv.iconsUnread {
		return nil, false
	}
	if tv.t.Icons == nil {
		return nil, true
	}
	var v []any
	if err := json.Unmarshal(tv.t.Icons, &v); err != nil {
		return nil, false
	}
	return v, true
}

// setToolField runs copy.Icons = v: the icons as the go-sdk writes them
// (Tool.Icons is omitempty).
func (ev *evaluator) setToolField(p *packages.Package, tv *toolVal, sel *ast.SelectorExpr, rhs ast.Expr, env map[types.Object]any) bool {
	switch sel.Sel.Name {
	case "InputSchema":
		v, ok := ev.expr(p, rhs, env)
		s, isSchema := v.(*ir.Type)
		if !ok || !isSchema || s == nil {
			return false
		}
		tv.t.Params, tv.held = s, heldSchema
		return true
	case "Description":
		v, ok := ev.expr(p, rhs, env)
		s, isString := v.(string)
		if ok && isString {
			tv.t.Description = s
		}
		return ok && isString
	}
	if sel.Sel.Name != "Icons" {
		return false
	}
	v, ok := ev.expr(p, rhs, env)
	if !ok {
		return false
	}
	j, ok := jsonByType(v, p.TypesInfo.TypeOf(sel))
	if !ok {
		return false
	}
	if l, isList := j.([]any); j == nil || isList && len(l) == 0 {
		tv.t.Icons, tv.iconsUnread = nil, false
		return true
	}
	tv.t.Icons = orderedjson.Compact(j)
	tv.iconsUnread = false
	return true
}

// jsonByType is an evaluator value of Go type t as encoding/json writes
// it (struct fields by their json tags, omitempty honoured).
func jsonByType(v any, t types.Type) (any, bool) {
	if ptr, ok := t.Underlying().(*types.Pointer); ok {
		t = ptr.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		l, isList := v.([]any)
		if v == nil {
			return nil, true
		}
		if !isList {
			return nil, false
		}
		out := make([]any, len(l))
		for i, el := range l {
			j, ok := jsonByType(el, u.Elem())
			if !ok {
				return nil, false
			}
			out[i] = j
		}
		return out, true
	case *types.Struct:
		sv, ok := v.(structVal)
		if !ok {
			return nil, false
		}
		o := newObject()
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			tag := reflect.StructTag(u.Tag(i)).Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if !f.Exported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name()
			}
			fv := sv[f.Name()]
			if _, unknown := fv.(unknownField); unknown {
				return nil, false
			}
			if strings.Contains(","+opts+",", ",omitempty,") && emptyEval(fv) {
				continue
			}
			j, ok := jsonByType(fv, f.Type())
			if !ok {
				return nil, false
			}
			o.Set(name, j)
		}
		return o, true
	case *types.Basic:
		switch x := v.(type) {
		case string, bool:
			return x, true
		case int64:
			return json.Number(strconv.FormatInt(x, 10)), true
		}
		return nil, false
	}
	return jsonOf(v)
}

// emptyEval reports a value omitempty leaves out.
func emptyEval(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case bool:
		return !x
	case int64:
		return x == 0
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// evalIcons is a tool literal's Icons written as a call of the
// project's (octicons.Icons("repo")), run on the evaluator; false for
// anything else, which the literal reader reads.
func (c *conv) evalIcons(p *packages.Package, e ast.Expr) (ir.Value, bool) {
	if _, isCall := ast.Unparen(e).(*ast.CallExpr); !isCall {
		return nil, false
	}
	if c.iconEval == nil {
		c.iconEval = newEvaluator(c)
	}
	c.iconEval.steps = 0
	v, ok := c.iconEval.expr(p, e, map[types.Object]any{})
	if !ok {
		return nil, false
	}
	j, ok := jsonByType(v, p.TypesInfo.TypeOf(e))
	if !ok {
		return nil, false
	}
	if l, isList := j.([]any); j == nil || isList && len(l) == 0 {
		return nil, true
	}
	return orderedjson.Compact(j), true
}
