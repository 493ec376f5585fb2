package golang

import (
	"go/ast"
	"go/types"
)

// lookupFallback folds a call of a lookup function the program is handed
// at run time — a parameter or variable of type func(key, fallback
// string) string that tscg cannot follow to one function, as
// github/github-mcp-server's translation helper t("TOOL_X_DESCRIPTION",
// "…") (issue 28) — to its fallback, the last argument: such a lookup
// answers with the fallback unless a translation file or an environment
// variable overrides it, which the default configuration has none of. A
// lookup bound to a known function is run instead (foldCall). Each
// lookup variable is reported once, at its declaration, as a warning.
func (r *literalReader) lookupFallback(call *ast.CallExpr, depth int) (any, bool) {
	id, ok := r.follow(call.Fun).(*ast.Ident) // a parameter bound to the caller's lookup
	if !ok || len(call.Args) != 2 {
		return nil, false
	}
	v, ok := r.p.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || !isLookup(v.Type()) {
		return nil, false
	}
	if _, bound := r.inits[v]; bound {
		return nil, false
	}
	if _, bound := r.args[v]; bound {
		return nil, false
	}
	s, ok := r.foldString(call.Args[1], depth)
	if !ok {
		return nil, false
	}
	if r.c.lookupsWarned == nil {
		r.c.lookupsWarned = map[string]bool{}
	}
	if key := types.TypeString(v.Type(), nil); !r.c.lookupsWarned[key] {
		r.c.lookupsWarned[key] = true
		r.c.warnf(v.Pos(), "%s(key, fallback) is a lookup given at run time (%s); tscg reads each of its calls as the fallback, the text in the default configuration (no translation file, no environment variable overriding a key)", v.Name(), r.c.typeString(v.Type()))
	}
	return s, true
}

// isLookup reports func(string, string) string, under any name.
func isLookup(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 2 || sig.Results().Len() != 1 || sig.Variadic() {
		return false
	}
	return isStringType(sig.Params().At(0).Type()) && isStringType(sig.Params().At(1).Type()) && isStringType(sig.Results().At(0).Type())
}
