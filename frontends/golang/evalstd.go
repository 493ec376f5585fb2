package golang

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// More of Go the evaluator runs (issue 28: github/github-mcp-server
// builds each tool's icons from a table its octicons package loads at
// start from an embedded file): a //go:embed string variable (the file
// of the module it names), strings.SplitSeq ranged over, strings.Cut,
// strings.IndexByte and strings.LastIndexByte, s[i:j] of a string,
// conversions to a string or integer type, and maps keyed by structs of
// such values.

// bareReturn is the value a return without results ends a block with.
type bareReturn struct{}

// seqVal is an iterator over values (strings.SplitSeq): ranging over it
// binds its single variable to each value.
type seqVal []any

// stdCall runs the calls above; handled is false for any other call.
func (ev *evaluator) stdCall(p *packages.Package, x *ast.CallExpr, env map[types.Object]any) (v any, ok, handled bool) {
	if tv, isType := p.TypesInfo.Types[x.Fun]; isType && tv.IsType() && len(x.Args) == 1 {
		a, ok := ev.expr(p, x.Args[0], env)
		b, isBasic := tv.Type.Underlying().(*types.Basic)
		if !ok || !isBasic {
			return nil, false, true
		}
		switch a.(type) {
		case string:
			return a, b.Info()&types.IsString != 0, true
		case int64:
			return a, b.Info()&types.IsInteger != 0, true
		}
		return nil, false, true
	}
	fn, _ := callee(p.TypesInfo, x)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "strings" {
		return nil, false, false
	}
	switch fn.Name() {
	case "SplitSeq", "Cut", "IndexByte", "LastIndexByte":
	default:
		return nil, false, false
	}
	args, ok := ev.args(p, x, env)
	if !ok || len(args) != 2 {
		return nil, false, true
	}
	s, okS := args[0].(string)
	if !okS {
		return nil, false, true
	}
	switch fn.Name() {
	case "SplitSeq":
		sep, ok := args[1].(string)
		var out seqVal
		for part := range strings.SplitSeq(s, sep) {
			out = append(out, part)
		}
		return out, ok, true
	case "Cut":
		sep, ok := args[1].(string)
		before, after, found := strings.Cut(s, sep)
		return tuple{before, after, found}, ok, true
	}
	c, ok := args[1].(int64)
	if !ok || c < 0 || c > 255 {
		return nil, false, true
	}
	if fn.Name() == "IndexByte" {
		return int64(strings.IndexByte(s, byte(c))), true, true
	}
	return int64(strings.LastIndexByte(s, byte(c))), true, true
}

// sliceExpr runs s[i:j] of a string or of a slice.
func (ev *evaluator) sliceExpr(p *packages.Package, x *ast.SliceExpr, env map[types.Object]any) (any, bool) {
	v, ok := ev.expr(p, x.X, env)
	s, isString := v.(string)
	list, isList := v.([]any)
	if !ok || !isString && !isList || x.Slice3 {
		return nil, false
	}
	n := int64(len(s))
	if isList {
		n = int64(len(list))
	}
	lo, hi := int64(0), n
	for _, b := range []struct {
		e   ast.Expr
		dst *int64
	}{{x.Low, &lo}, {x.High, &hi}} {
		if b.e == nil {
			continue
		}
		n, ok := ev.expr(p, b.e, env)
		i, isInt := n.(int64)
		if !ok || !isInt {
			return nil, false
		}
		*b.dst = i
	}
	if lo < 0 || lo > hi || hi > n {
		return nil, false
	}
	if isList {
		return list[lo:hi], true
	}
	return s[lo:hi], true
}

// mapKey is the key a map the evaluator holds stores k under: a string
// as itself, a struct of strings, booleans and integers as a text no
// string key can be (it starts with a NUL byte).
func mapKey(k any) (string, bool) {
	switch x := k.(type) {
	case string:
		return x, true
	case structVal:
		var b strings.Builder
		b.WriteByte(0)
		for _, name := range slices.Sorted(maps.Keys(x)) {
			switch f := x[name].(type) {
			case string, bool, int64:
				fmt.Fprintf(&b, "%s=%#v;", name, f)
			default:
				return "", false
			}
		}
		return b.String(), true
	}
	return "", false
}

// embedded is the content of the file a //go:embed directive above a
// string variable's declaration names, read from the package's
// directory (one file, no pattern).
func embedded(p *packages.Package, spec *ast.ValueSpec, decl *ast.GenDecl) (string, bool) {
	if len(spec.Names) != 1 || len(spec.Values) != 0 {
		return "", false
	}
	docs := []*ast.CommentGroup{spec.Doc}
	if len(decl.Specs) == 1 {
		docs = append(docs, decl.Doc)
	}
	for _, d := range docs {
		if d == nil {
			continue
		}
		for _, cm := range d.List {
			name, ok := strings.CutPrefix(cm.Text, "//go:embed ")
			if !ok {
				continue
			}
			name = strings.TrimSpace(name)
			if name == "" || strings.ContainsAny(name, " *?[\"`") || filepath.IsAbs(name) || strings.Contains(name, "..") {
				return "", false
			}
			dir := filepath.Dir(p.Fset.Position(spec.Pos()).Filename)
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
			if err != nil {
				return "", false
			}
			return string(data), true
		}
	}
	return "", false
}
