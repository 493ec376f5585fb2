package golang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// conv converts go/types types to IR types, sharing one *ir.Named per Go
// named type (instantiations of a generic type are distinct).
type conv struct {
	fset    *token.FileSet
	dir     string
	docs    *docIndex
	nameds  map[string]*namedInfo   // types.TypeString → info
	keys    map[*types.Named]string // typeKey's
	names   map[string]bool         // IR names in use
	diags   diag.List
	readers map[*packages.Package]*literalReader
	failed  bool             // an error was reported since the flag was last cleared
	naming  string           // the name of the tool being read, once known (readTool)
	usedWhy *diag.Diagnostic // the why of the first bad named type used since namedFor began
	refl    Reflector
	pkgs    map[*types.Package]*packages.Package // the loaded packages, for their syntax
	// mcpGoVersions caches, by module root, the mcp-go version its go.mod
	// selects ("" when none or unknown).
	mcpGoVersions map[string]string
	// sites is where each registered tool is defined (dropAlternatives).
	sites map[*ir.Tool]toolSite
	// held is what each go-sdk tool's InputSchema holds in the server
	// (middleware.go); a tool of another SDK is not in it.
	held map[*ir.Tool]schemaHeld
	// registries caches the init() registries read (registry.go; nil: not one).
	registries map[*types.Var]*registry
	// commands caches otherCommand.
	commands map[*packages.Package]bool
	// forwarders are the project's functions registering the tool they
	// are given; forwards their mcp.AddTool calls (forward.go).
	forwarders map[*types.Func]forwarder
	forwards   map[*ast.CallExpr]bool
	// converters turn the project's own tool type into the go-sdk's
	// (converter.go), by that type.
	converters     map[*types.TypeName]converter
	convertedTypes map[*types.TypeName]bool // definition types some tool was read through
	// invSites are the tool literals an inventory registers, invWarned
	// the inventories already reported (inventory.go).
	invSites  map[*ast.CompositeLit]*inventory
	iconEval  *evaluator // evalIcons' evaluator (inventoryedit.go)
	invWarned map[*inventory]bool
	// lookupsWarned are the lookup types reported (lookup.go).
	lookupsWarned map[string]bool
	// deps are dependency packages loaded with their syntax (deps.go),
	// by import path; toolchain is the GOTOOLCHAIN loading them.
	deps      map[string]*packages.Package
	toolchain string
	// viaPackages loads with packages.Load only (see loadPackages).
	viaPackages bool
	// rels memoizes rel.
	rels map[string]string
	// listings are the go list runs that loaded the packages (listLoad),
	// which dependency packages are built from too (loadDep).
	listings []*listing
	depFrom  *packages.Package // the package the first dependency was loaded for
	// fieldSets are how the loaded packages write each struct field
	// (flagdefault.go), collected on first use.
	fieldSets map[*types.Var]*fieldSetting
	// fieldBusy are the fields fieldDefault is evaluating (across the
	// evaluators the writes' conditions start).
	fieldBusy map[*types.Var]bool
	// liveWrite caches whether the write of a field at a place may run
	// in the default configuration (envconfig.go).
	liveWrite map[token.Pos]bool
	// namedFlags are the pflag flags the loaded packages define, by
	// name (flagdefault.go).
	namedFlags map[string]*namedFlag
	// calls are the calls of each function in the loaded packages
	// (callargs.go), collected on first use.
	calls map[*types.Func][]callSite
	// used are the functions the loaded packages use (call or refer
	// to); testCallers, the _test.go file calling a function the
	// program never uses ("" when none), by function.
	used        map[*types.Func]bool
	testCallers map[*types.Func]string
	// more are the tools a registration read besides the one it
	// returned (a loop over a function's tools, toolslice.go).
	more []*ir.Tool
}

type namedInfo struct {
	named *ir.Named
	ref   bool             // referenced by $ref; otherwise inlined at each use
	bad   bool             // its conversion reported errors
	busy  bool             // being converted: a use now is a recursive one
	why   *diag.Diagnostic // the first error converting it, or a type it uses, reported
	// unencodable: an interface with methods, a channel or a function
	// type, reported at each use (error has no declaration to point at).
	unencodable bool
}

func newConv(fset *token.FileSet, dir string) *conv {
	if dir == "" {
		dir = "."
	}
	if abs, err := absDir(dir); err == nil {
		dir = abs
	}
	return &conv{fset: fset, dir: dir, docs: newDocIndex(), nameds: map[string]*namedInfo{}, keys: map[*types.Named]string{}, names: map[string]bool{}, readers: map[*packages.Package]*literalReader{}, mcpGoVersions: map[string]string{}, sites: map[*ir.Tool]toolSite{}, held: map[*ir.Tool]schemaHeld{}, testCallers: map[*types.Func]string{}, deps: map[string]*packages.Package{}}
}

// typ converts t; at is the position of the use, for diagnostics.
func (c *conv) typ(t types.Type, at token.Pos) *ir.Type {
	switch x := t.(type) {
	case *types.Alias:
		return c.typ(types.Unalias(x), at)
	case *types.Named:
		_, seen := c.nameds[c.typeKey(x)]
		info := c.namedFor(x, at)
		if info.unencodable {
			if seen { // namedFor reported the first use; each further one is reported where it is
				c.unsupported(at, x)
			}
			return &ir.Type{Kind: ir.KindAny, Pos: c.pos(at)}
		}
		if info.bad {
			c.failed = true
			if c.usedWhy == nil {
				c.usedWhy = info.why
			}
		}
		if info.ref && (!c.refl.DoNotReference || info.busy || info.named.Type == nil) {
			return &ir.Type{Kind: ir.KindRef, Ref: info.named, Pos: c.pos(at)}
		}
		cp := *info.named.Type
		cp.Pos = c.pos(at)
		return &cp
	case *types.Pointer:
		return c.typ(x.Elem(), at)
	case *types.Basic:
		return c.basic(x, x, at)
	case *types.Slice:
		if isByte(x.Elem()) {
			return &ir.Type{Kind: ir.KindString, Pos: c.pos(at), Extra: []ir.Keyword{{Name: "contentEncoding", Value: ir.Value(`"base64"`)}}}
		}
		return &ir.Type{Kind: ir.KindArray, Items: c.elem(x.Elem(), at), Pos: c.pos(at)}
	case *types.Array:
		return &ir.Type{Kind: ir.KindArray, Items: c.elem(x.Elem(), at), MinItems: ir.Int64(x.Len()), MaxItems: ir.Int64(x.Len()), Pos: c.pos(at)}
	case *types.Map:
		return c.mapType(x, at)
	case *types.Struct:
		return c.structType(x, at)
	case *types.Interface:
		if !isAny(x) {
			c.unsupported(at, t)
		}
	default:
		c.unsupported(at, t)
	}
	return &ir.Type{Kind: ir.KindAny, Pos: c.pos(at)}
}

// isAny reports the empty interface, the one interface every JSON value
// decodes into.
func isAny(t types.Type) bool {
	i, ok := t.(*types.Interface)
	return ok && i.NumMethods() == 0 && i.IsMethodSet()
}

// unsupported reports t, which has no JSON encoding, at its use. A named
// type is named as the user wrote it (error, context.Context, Pipe (chan
// int)), never only by the interface or type it stands for.
func (c *conv) unsupported(at token.Pos, t types.Type) {
	q := types.RelativeTo(c.pkgAt(at))
	name, u := types.TypeString(t, q), t.Underlying()
	if _, iface := u.(*types.Interface); !iface && name != types.TypeString(u, q) {
		name += " (" + types.TypeString(u, q) + ")"
	}
	c.errorf(at, "unsupported type %s: %s", name, unencodable(t))
}

// pkgAt returns the loaded package whose source holds pos, so a type is
// named as that code spells it: fmtStringer in its own package,
// context.Context elsewhere. Only errors need it, so the search is linear.
func (c *conv) pkgAt(pos token.Pos) *types.Package {
	for tp, p := range c.pkgs {
		for _, f := range p.Syntax {
			if f.FileStart <= pos && pos <= f.FileEnd {
				return tp
			}
		}
	}
	return nil
}

// unencodable says why encoding/json cannot round-trip t.
func unencodable(t types.Type) string {
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return "encoding/json cannot decode into an error, and writes most errors as {}; carry the message in a string field set from err.Error()"
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return "only the empty interface (any) has a JSON Schema"
	case *types.Chan, *types.Signature:
		return "channels and functions cannot be encoded as JSON"
	case *types.Basic:
		if u.Info()&types.IsComplex != 0 {
			return "encoding/json cannot encode complex numbers"
		}
	}
	return "it has no JSON encoding"
}

// elem converts an element or map value type; a nil one is written as null.
func (c *conv) elem(t types.Type, at token.Pos) *ir.Type {
	e := c.typ(t, at)
	if canBeNil(t) {
		e.NullInOutput = true
	}
	return e
}

// typeKey is n's key in c.nameds, types.TypeString(n, nil), computed
// once per type (each use of a named type asks for it twice).
func (c *conv) typeKey(n *types.Named) string {
	if k, ok := c.keys[n]; ok {
		return k
	}
	k := types.TypeString(n, nil)
	c.keys[n] = k
	return k
}

func (c *conv) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// isByte reports whether a slice of t encodes as a base64 string, as
// encoding/json decides: the element's kind is uint8 (byte or a named type
// of it) and *t implements neither json.Marshaler nor encoding.TextMarshaler.
func isByte(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	if !ok || b.Kind() != types.Uint8 {
		return false
	}
	ms := types.NewMethodSet(types.NewPointer(t))
	for _, m := range []string{"MarshalJSON", "MarshalText"} {
		if ms.Lookup(nil, m) != nil {
			return false
		}
	}
	return true
}

// basic converts a basic type; shown is how the user wrote it (b or a
// named type of it), for the error when it has no encoding.
func (c *conv) basic(b *types.Basic, shown types.Type, at token.Pos) *ir.Type {
	t := &ir.Type{Pos: c.pos(at)}
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		t.Kind = ir.KindBoolean
	case info&types.IsUnsigned != 0:
		t.Kind = ir.KindInteger
		t.Minimum = ir.Num("0")
	case info&types.IsInteger != 0:
		t.Kind = ir.KindInteger
	case info&types.IsFloat != 0:
		t.Kind = ir.KindNumber
	case info&types.IsString != 0:
		t.Kind = ir.KindString
	default:
		c.unsupported(at, shown)
		t.Kind = ir.KindAny
	}
	return t
}

func (c *conv) mapType(m *types.Map, at token.Pos) *ir.Type {
	t := &ir.Type{Kind: ir.KindObject, Pos: c.pos(at), Additional: ir.AdditionalTyped}
	if it, ok := types.Unalias(m.Elem()).(*types.Interface); ok && it.Empty() {
		t.Additional = ir.AdditionalOpen
	} else {
		t.AdditionalType = c.elem(m.Elem(), at)
	}
	key := m.Key()
	switch b, _ := key.Underlying().(*types.Basic); {
	case b != nil && b.Info()&types.IsString != 0, implementsText(key):
	case b != nil && b.Info()&types.IsInteger != 0:
		// encoding/json writes integer keys as decimal strings.
		t.Extra = []ir.Keyword{{Name: "propertyNames", Value: ir.Value(`{"pattern":"^-?[0-9]+$"}`)}}
	default:
		c.errorf(at, "unsupported map key type %s: JSON object keys are strings", c.typeString(key))
	}
	return t
}

// namedFor returns the IR node of a named type, converting it on first use.
// It is registered before its body is converted, so recursive types
// refer to themselves.
func (c *conv) namedFor(n *types.Named, at token.Pos) *namedInfo {
	key := c.typeKey(n)
	if info, ok := c.nameds[key]; ok {
		return info
	}
	tn := n.Obj()
	named := &ir.Named{Name: c.uniqueName(n), Exported: tn.Exported(), Pos: c.pos(tn.Pos())}
	info := &namedInfo{named: named}
	c.nameds[key] = info
	if special, ref := c.special(n); special != nil {
		named.Type, info.ref = special, ref
		if path := tn.Pkg(); path != nil && !isStd(path.Path()) && special.Description == "" {
			special.Description = c.docs.at(c.fset.Position(tn.Pos()))
		}
		return info
	}
	saved, savedWhy, start := c.failed, c.usedWhy, len(c.diags)
	c.failed, c.usedWhy = false, nil
	info.busy = true
	defer func() { info.busy = false }()
	var body *ir.Type
	switch u := n.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Array, *types.Map:
		info.ref = !(isSliceOfBytes(u))
		body = c.typ(u, tn.Pos())
	case *types.Basic:
		body = c.basic(u, n, tn.Pos())
		if vals := c.enumValues(n); len(vals) > 0 {
			body.Enum = vals
			info.ref = true
		}
	case *types.Interface, *types.Chan, *types.Signature:
		body = &ir.Type{Kind: ir.KindAny}
		if !isAny(u) {
			info.unencodable = true
			c.unsupported(at, n) // where it is used, by its own name
		}
	default:
		body = c.typ(u, at)
	}
	body.Pos = c.pos(tn.Pos())
	if d := c.docs.at(c.fset.Position(n.Origin().Obj().Pos())); d != "" {
		body.Description = d
	}
	c.extend(n, body)
	named.Type = body
	named.RefRoot = c.refl.ExpandedStruct != nil && !*c.refl.ExpandedStruct && !c.refl.DoNotReference && info.ref
	info.bad = c.failed
	if info.bad {
		for _, d := range c.diags[start:] {
			if d.Severity == diag.Error {
				d := d
				info.why = &d
				break
			}
		}
		if info.why == nil {
			info.why = c.usedWhy
		}
	}
	c.failed = saved || c.failed
	c.usedWhy = savedWhy
	if c.usedWhy == nil && info.bad {
		c.usedWhy = info.why
	}
	return info
}

func isSliceOfBytes(t types.Type) bool {
	s, ok := t.(*types.Slice)
	return ok && isByte(s.Elem())
}

// uniqueName names a Go type in $defs: its own name, with type arguments
// appended for an instantiation (Page_Item), qualified by its package name
// when two packages declare the same name.
func (c *conv) uniqueName(n *types.Named) string {
	name := n.Obj().Name()
	for i := 0; i < n.TypeArgs().Len(); i++ {
		name += "_" + argName(n.TypeArgs().At(i))
	}
	if c.names[name] && n.Obj().Pkg() != nil {
		name = n.Obj().Pkg().Name() + "." + name
	}
	for base, i := name, 2; c.names[name]; i++ {
		name = base + "_" + string(rune('0'+i%10))
	}
	c.names[name] = true
	return name
}

func argName(t types.Type) string {
	s := types.TypeString(t, func(*types.Package) string { return "" })
	r := strings.NewReplacer("[]", "List", "*", "", "[", "_", "]", "", ",", "_", " ", "", ".", "")
	return r.Replace(s)
}

// enumValues lists the constants of type n declared in n's package (the
// exported ones when there are any), in declaration order.
func (c *conv) enumValues(n *types.Named) []ir.Value {
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	var all, exported []*types.Const
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		k, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(k.Type(), n) {
			continue
		}
		all = append(all, k)
		if k.Exported() {
			exported = append(exported, k)
		}
	}
	if len(exported) > 0 {
		all = exported
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Pos() < all[j].Pos() })
	var out []ir.Value
	seen := map[string]bool{}
	for _, k := range all {
		v := constValue(k.Val())
		if v != nil && !seen[string(v)] {
			seen[string(v)] = true
			out = append(out, v)
		}
	}
	return out
}

func constValue(v constant.Value) ir.Value {
	switch v.Kind() {
	case constant.String:
		return ir.MarshalValue(constant.StringVal(v))
	case constant.Int:
		return ir.Value(v.ExactString())
	case constant.Float:
		f, _ := constant.Float64Val(v)
		return ir.MarshalValue(f)
	case constant.Bool:
		return ir.MarshalValue(constant.BoolVal(v))
	}
	return nil
}

// isStd reports whether an import path belongs to the standard library,
// whose doc comments are not descriptions of the user's types.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
