package golang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/packages"
)

// fieldSetting is how the loaded packages set one struct field.
type fieldSetting struct {
	// flags are the flag bindings of the field (flag.StringVar(&c.F,
	// name, default, usage)): the default's expression and the flag name.
	flags []flagBinding
	// literals are the values the field is given in composite literals
	// (Config{F: v}).
	literals []fieldValue
	// other are the places of every other write: an assignment c.F = …,
	// c.F++, &c.F passed to anything but a flag binding, a positional
	// literal of the struct.
	other []token.Pos
}

type flagBinding struct {
	fieldValue
	name string
}

type fieldValue struct {
	p *packages.Package
	e ast.Expr
}

// flagPkgs are the packages whose XxxVar(&v, name, default, usage) binds a
// variable to a command-line flag (spf13/pflag is the one cobra uses).
var flagPkgs = map[string]bool{"flag": true, "github.com/spf13/pflag": true}

// fieldDefault is the value a struct field of the program holds when the
// server starts with no command-line argument and no environment variable
// (issue 28; the rule for descriptions and registration conditions): a
// field bound to exactly one command-line flag (flag or pflag
// XxxVar(&x.F, name, default, usage), XxxVarP(&x.F, name, short,
// default, usage)) holds the flag's default; a field bound to no flag and
// set in exactly one composite literal (Config{F: v}) holds that value as
// the evaluator computes it, with the locals its function computed
// before (envconfig.go). A field assigned anywhere else in the loaded
// packages (x.F = …, x.F++, &x.F given to anything but a flag binding, a
// positional literal) on a path the default configuration may take is
// unknown: its value depends on more than the defaults; an unexported
// field with no such write and no flag or literal is its zero value
// (neverSet). A flag read is reported to onEnv as "--name".
func (ev *evaluator) fieldDefault(field *types.Var) (any, bool) {
	if ev.c.fieldSets == nil {
		ev.c.fieldSets = ev.c.scanFieldSets()
	}
	s := ev.c.fieldSets[field]
	if ev.c.fieldBusy[field] {
		return nil, false
	}
	if ev.c.fieldBusy == nil {
		ev.c.fieldBusy = map[*types.Var]bool{}
	}
	ev.c.fieldBusy[field] = true
	defer delete(ev.c.fieldBusy, field)
	if s != nil && ev.c.liveWrites(s.other) {
		return nil, false
	}
	if s == nil || len(s.flags)+len(s.literals) == 0 {
		return ev.neverSet(field)
	}
	var from fieldValue
	switch {
	case len(s.flags) == 1 && readsField(s.flags[0], field):
		// StringSliceVar(&o.F, name, o.F, usage): the default is the
		// field's value before the binding, that of the one literal
		// setting it (zero, with none, for an unexported field).
		switch len(s.literals) {
		case 0:
			return ev.neverSet(field)
		case 1:
			from = s.literals[0]
		default:
			return nil, false
		}
	case len(s.flags) == 1:
		from = s.flags[0].fieldValue
	case len(s.flags) == 0 && len(s.literals) == 1:
		from = s.literals[0]
	case len(s.flags) == 0:
		return ev.agreed(s.literals)
	default:
		return nil, false
	}
	v, ok := ev.expr(from.p, from.e, ev.localsAt(from.p, from.e))
	if ok && len(s.flags) == 1 && ev.onEnv != nil {
		ev.onEnv("--" + s.flags[0].name)
	}
	return v, ok
}

// readsField reports whether a flag's default is the bound field itself.
func readsField(b flagBinding, field *types.Var) bool {
	sel, ok := ast.Unparen(b.e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := b.p.TypesInfo.Selections[sel]
	return s != nil && s.Kind() == types.FieldVal && s.Obj() == field
}

// flagChanged reads cmd.Flag(name).Changed and
// cmd.Flags().Lookup(name).Changed (a *pflag.Flag's Changed field): false
// when the server starts without arguments; the read is reported to
// onEnv as "--name". handled is false for any other selector.
func (ev *evaluator) flagChanged(p *packages.Package, x *ast.SelectorExpr) (v any, ok, handled bool) {
	s := p.TypesInfo.Selections[x]
	if s == nil || s.Kind() != types.FieldVal || x.Sel.Name != "Changed" {
		return nil, false, false
	}
	if f := s.Obj(); f.Pkg() == nil || f.Pkg().Path() != pflagPath {
		return nil, false, false
	}
	call, isCall := ast.Unparen(x.X).(*ast.CallExpr)
	if !isCall || len(call.Args) != 1 {
		return nil, false, true
	}
	fn, _ := callee(p.TypesInfo, call)
	if fn == nil || (fn.Name() != "Flag" && fn.Name() != "Lookup") {
		return nil, false, true
	}
	tv, known := p.TypesInfo.Types[call.Args[0]]
	if !known || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil, false, true
	}
	ev.envRead("--"+constant.StringVal(tv.Value), true)
	return false, true, true
}

// scanFieldSets collects, for every struct field the loaded packages
// write, how they write it.
func (c *conv) scanFieldSets() map[*types.Var]*fieldSetting {
	out := map[*types.Var]*fieldSetting{}
	at := func(f *types.Var) *fieldSetting {
		if out[f] == nil {
			out[f] = &fieldSetting{}
		}
		return out[f]
	}
	for _, p := range c.typedPkgs() {
		info := p.TypesInfo
		fieldOf := func(e ast.Expr) *types.Var {
			sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
			if !ok {
				return nil
			}
			if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
				v, _ := s.Obj().(*types.Var)
				return v
			}
			return nil
		}
		bound := map[ast.Expr]bool{} // &x.F arguments of flag bindings
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CallExpr:
					fn, _ := callee(info, x)
					if fn == nil || fn.Pkg() == nil || !flagPkgs[fn.Pkg().Path()] || len(x.Args) == 0 {
						return true
					}
					u, ok := x.Args[0].(*ast.UnaryExpr)
					if !ok || u.Op != token.AND {
						return true
					}
					field := fieldOf(u.X)
					if field == nil {
						return true
					}
					b, ok := varFlag(p, fn, x)
					if !ok {
						return true // flag.Var(value, …): counted as another write
					}
					bound[u] = true
					s := at(field)
					s.flags = append(s.flags, b)
				case *ast.CompositeLit:
					positional(info, x, func(f *types.Var) {
						s := at(f)
						s.other = append(s.other, x.Pos())
					})
					for _, el := range x.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						id, ok := kv.Key.(*ast.Ident)
						if !ok {
							continue
						}
						if field, ok := info.Uses[id].(*types.Var); ok && field.IsField() {
							s := at(field)
							s.literals = append(s.literals, fieldValue{p, kv.Value})
						}
					}
				case *ast.AssignStmt:
					for _, l := range x.Lhs {
						if field := fieldOf(l); field != nil {
							s := at(field)
							s.other = append(s.other, l.Pos())
						}
					}
				case *ast.IncDecStmt:
					if field := fieldOf(x.X); field != nil {
						s := at(field)
						s.other = append(s.other, x.Pos())
					}
				case *ast.UnaryExpr:
					if field := fieldOf(x.X); x.Op == token.AND && field != nil && !bound[x] {
						s := at(field)
						s.other = append(s.other, x.Pos())
					}
				}
				return true
			})
		}
	}
	return out
}

// namedFlag is how the loaded packages define and set one flag read by
// name (cobra's cmd.Flags().GetBool("write-access")).
type namedFlag struct {
	// defs are the definitions of the flag, on any flag set: pflag
	// Bool(name, default, usage), BoolP(name, short, default, usage),
	// BoolVar(&v, name, default, usage) and the like, kind the type word
	// of the definition ("Bool", "StringSlice").
	defs []flagDef
	// set counts the FlagSet.Set(name, …) calls of the flag.
	set int
}

type flagDef struct {
	fieldValue
	kind string
}

// pflagPath is spf13/pflag, the flag package cobra uses.
const pflagPath = "github.com/spf13/pflag"

// namedFlagDefault is the value pflag's GetXxx(name) returns when the
// server starts with no command-line argument (issue 28): the flag
// defined with that name in the loaded packages, every definition of the
// same type and the same default the evaluator computes, and never Set by
// the program, holds that default; anything else is unknown. The read is
// reported to onEnv as "--name".
func (ev *evaluator) namedFlagDefault(kind, name string) (any, bool) {
	if ev.c.namedFlags == nil {
		ev.c.namedFlags = ev.c.scanNamedFlags()
	}
	f := ev.c.namedFlags[name]
	if f == nil || f.set > 0 || len(f.defs) == 0 {
		return nil, false
	}
	var v any
	for i, d := range f.defs {
		if d.kind != kind {
			return nil, false
		}
		dv, ok := ev.expr(d.p, d.e, map[types.Object]any{})
		if !ok {
			return nil, false
		}
		if dv == nil && strings.HasSuffix(kind, "Slice") {
			dv = []any{}
		}
		if i > 0 && !reflect.DeepEqual(dv, v) {
			return nil, false
		}
		v = dv
	}
	if ev.onEnv != nil {
		ev.onEnv("--" + name)
	}
	return v, true
}

// scanNamedFlags collects the pflag definitions and Set calls of the
// loaded packages by flag name.
func (c *conv) scanNamedFlags() map[string]*namedFlag {
	out := map[string]*namedFlag{}
	at := func(name string) *namedFlag {
		if out[name] == nil {
			out[name] = &namedFlag{}
		}
		return out[name]
	}
	for _, p := range c.typedPkgs() {
		info := p.TypesInfo
		constString := func(e ast.Expr) (string, bool) {
			tv, ok := info.Types[e]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				return "", false
			}
			return constant.StringVal(tv.Value), true
		}
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				x, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn, _ := callee(info, x)
				if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != pflagPath {
					return true
				}
				if fn.Name() == "Set" && len(x.Args) == 2 {
					if name, ok := constString(x.Args[0]); ok {
						at(name).set++
					}
					return true
				}
				kind, nameAt, defAt, ok := flagDefShape(fn.Name(), len(x.Args))
				if !ok {
					return true
				}
				if name, ok := constString(x.Args[nameAt]); ok {
					d := at(name)
					d.defs = append(d.defs, flagDef{fieldValue{p, x.Args[defAt]}, kind})
				}
				return true
			})
		}
	}
	return out
}

// flagDefShape reads a pflag definition's method name: the type word and
// where the name and default are among its n arguments.
func flagDefShape(method string, n int) (kind string, nameAt, defAt int, ok bool) {
	kind = method
	short := strings.HasSuffix(kind, "P")
	if short {
		kind = strings.TrimSuffix(kind, "P")
	}
	bound := strings.HasSuffix(kind, "Var")
	if bound {
		kind = strings.TrimSuffix(kind, "Var")
	}
	if kind == "" || strings.HasPrefix(kind, "Get") || !flagKinds[kind] {
		return "", 0, 0, false
	}
	nameAt, defAt = 0, 1
	if bound {
		nameAt, defAt = 1, 2
	}
	if short {
		defAt++
	}
	if n != defAt+2 {
		return "", 0, 0, false
	}
	return kind, nameAt, defAt, true
}

// flagKinds are the pflag value types the evaluator holds.
var flagKinds = map[string]bool{
	"Bool": true, "String": true, "StringSlice": true, "StringArray": true,
	"Int": true, "Int64": true, "Int32": true, "Uint": true, "Uint64": true,
}

// varFlag reads a flag or pflag XxxVar(&v, name, default, usage) or
// XxxVarP(&v, name, short, default, usage) call: its default and name.
// flag.Var(value, …) has no default of its own.
func varFlag(p *packages.Package, fn *types.Func, call *ast.CallExpr) (flagBinding, bool) {
	def := -1
	switch {
	case strings.HasSuffix(fn.Name(), "VarP") && len(call.Args) == 5:
		def = 3
	case strings.HasSuffix(fn.Name(), "Var") && fn.Name() != "Var" && len(call.Args) == 4:
		def = 2
	}
	if def < 0 {
		return flagBinding{}, false
	}
	name := ""
	if tv, ok := p.TypesInfo.Types[call.Args[1]]; ok && tv.Value != nil {
		name = strings.Trim(tv.Value.ExactString(), `"`)
	}
	return flagBinding{fieldValue{p, call.Args[def]}, name}, true
}
