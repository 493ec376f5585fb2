package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// dropUntaken leaves out the tools the program registers only on a path
// the default configuration does not take (issue 28): a registration in
// the body of an if whose condition is false (or in its else branch when
// the condition is true), directly or in a function every use of which
// is on such a path (up to maxSiteDepth callers up). The condition is
// evaluated as the server computes it started without arguments and with
// no environment variable set (evalcond.go; flag defaults and the fields
// set once, flagdefault.go); a condition tscg cannot evaluate keeps the
// registration, as does a function nothing in the program uses (a
// library's). Each tool left out is a warning naming the condition.
func (c *conv) dropUntaken(tools []*ir.Tool) []*ir.Tool {
	out := tools[:0]
	for _, t := range tools {
		s, ok := c.sites[t]
		if !ok {
			out = append(out, t)
			continue
		}
		if why, dead := c.untaken(s.pos, 0, map[token.Pos]bool{}); dead {
			c.warnf(s.pos, "tool %q is registered only when %s; tscg lists what the server registers started without arguments and with no environment variable set, which leaves it out", t.Name, why)
			continue
		}
		out = append(out, t)
	}
	return out
}

// untaken reports whether the code at pos never runs in the default
// configuration, and why.
func (c *conv) untaken(pos token.Pos, depth int, seen map[token.Pos]bool) (string, bool) {
	if seen[pos] {
		return "", false
	}
	seen[pos] = true
	p, f := c.fileAt(pos)
	if f == nil {
		return "", false
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	if why, dead := c.returnsEarly(p, pos, path); dead {
		return why, true
	}
	for i, n := range path {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			continue
		}
		inBody := ifs.Body.Pos() <= pos && pos < ifs.Body.End()
		inElse := ifs.Else != nil && ifs.Else.Pos() <= pos && pos < ifs.Else.End()
		if !inBody && !inElse {
			continue
		}
		ev := newEvaluator(c)
		env := ev.localsBefore(p, ifs, path[i+1:])
		if ifs.Init != nil {
			env, _ = ev.prelude(p, []ast.Stmt{ifs.Init}, env)
		}
		v, ok := ev.expr(p, ifs.Cond, env)
		val, known := v.(bool)
		known = known && ok
		if known && val != inBody {
			return fmt.Sprintf("`%s` is %v (at %s; by default it is %v)", exprString(ifs.Cond), !val, c.pos(ifs.Pos()), val), true
		}
	}
	if depth >= maxSiteDepth {
		return "", false
	}
	fn := c.enclosingFunc(pos)
	if fn == nil {
		fn = c.enclosingVar(pos) // a package variable's value: where it is used
	}
	if fn == nil {
		return "", false
	}
	uses := c.usesOf(fn)
	if len(uses) == 0 {
		return "", false
	}
	why := ""
	for _, u := range uses {
		w, dead := c.untaken(u, depth+1, seen)
		if !dead {
			return "", false
		}
		if why == "" {
			why = w
		}
	}
	return why, true
}

// localsBefore runs the statements before ifs when it is a statement of
// a function's body (outer are the nodes enclosing it, innermost first),
// so a condition on a local variable is decided as the program computes
// it (writeAccess, _ := cmd.Flags().GetBool("write-access"); if
// writeAccess {…}); the variables those statements leave known.
func (ev *evaluator) localsBefore(p *packages.Package, ifs *ast.IfStmt, outer []ast.Node) map[types.Object]any {
	env := map[types.Object]any{}
	if len(outer) < 2 {
		return env
	}
	body, ok := outer[0].(*ast.BlockStmt)
	if !ok {
		return env
	}
	switch outer[1].(type) {
	case *ast.FuncDecl, *ast.FuncLit:
	default:
		return env
	}
	for k, st := range body.List {
		if st == ifs {
			env, _ = ev.prelude(p, body.List[:k], env)
			break
		}
	}
	return env
}
