package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// toolSite is where a registered tool is defined: its construct (the
// mcp.NewTool call, the tool literal, the AddTool call), its package and
// the SDK it is registered with.
type toolSite struct {
	p   *packages.Package
	pos token.Pos
	sdk string // goSDK or mcpGo
}

// maxSiteDepth bounds how many enclosing functions dropAlternatives
// follows up to their callers when it looks for the branch a
// registration sits in.
const maxSiteDepth = 3

// dropAlternatives settles tools of one name defined differently in
// places that never both run (issue 28), leaving the one the default
// configuration lists, with a warning naming the choice:
//   - the two arms of one if statement (directly, or through the functions
//     each arm calls): tscg evaluates the condition as the program does
//     with no environment variable set (evalCond) and keeps the arm taken;
//     a condition it cannot evaluate is taken as false, and said so;
//   - a go-sdk and an mcp-go registration: a server is built with one SDK,
//     so they are alternative servers; tscg keeps the SDK most of the
//     project's tools are registered with.
//
// Any other repeated name stays, and the compiler reports it at both
// places.
func (c *conv) dropAlternatives(tools []*ir.Tool) []*ir.Tool {
	bySDK := map[string]int{}
	for _, t := range tools {
		if s, ok := c.sites[t]; ok {
			bySDK[s.sdk]++
		}
	}
	drop := map[*ir.Tool]bool{}
	for i, a := range tools {
		for _, b := range tools[i+1:] {
			if a.Name != b.Name || drop[a] || drop[b] {
				continue
			}
			sa, okA := c.sites[a]
			sb, okB := c.sites[b]
			if !okA || !okB {
				continue
			}
			if sa.sdk != sb.sdk {
				keep, other := sa, sb
				if bySDK[sb.sdk] > bySDK[sa.sdk] {
					keep, other = sb, sa
				}
				if other == sa {
					drop[a] = true
				} else {
					drop[b] = true
				}
				c.warnf(other.pos, "tool %q is registered through %s here and through %s at %s: a server is built with one SDK, so these are two alternative servers; tscg lists the %s one (%d of the project's tools are registered through it, %d through %s)",
					a.Name, sdkName(other.sdk), sdkName(keep.sdk), c.pos(keep.pos), sdkName(keep.sdk), bySDK[keep.sdk], bySDK[other.sdk], sdkName(other.sdk))
				continue
			}
			ifs, aInBody, ok := c.exclusive(sa, sb)
			if !ok {
				continue
			}
			p := c.pkgAtPos(ifs.Pos())
			val, known := newEvaluator(c).cond(p, ifs.Cond)
			taken := val == aInBody // a is kept when its arm is the one taken
			keep, other := sa, sb
			if !taken {
				keep, other = sb, sa
				drop[a] = true
			} else {
				drop[b] = true
			}
			how := fmt.Sprintf("with no environment variable set the condition is %v", val)
			if !known {
				how = "tscg cannot evaluate the condition statically and takes it as false"
			}
			c.warnf(other.pos, "tool %q is defined here and at %s, in the two branches of `if %s` at %s: a server registers one of them; tscg lists the one the default configuration takes (%s), at %s; the server lists this one when the condition is %v",
				a.Name, c.pos(keep.pos), exprString(ifs.Cond), c.pos(ifs.Pos()), how, c.pos(keep.pos), !val)
		}
	}
	out := tools[:0]
	for _, t := range tools {
		if !drop[t] {
			out = append(out, t)
		}
	}
	return out
}

func sdkName(path string) string {
	if path == goSDK {
		return "the go-sdk"
	}
	return "mcp-go"
}

// exclusive finds an if statement with one of the two registrations in
// its body and the other in its else branch, directly or through the
// functions enclosing them (up to maxSiteDepth callers); aInBody says
// which.
func (c *conv) exclusive(a, b toolSite) (*ast.IfStmt, bool, bool) {
	as, bs := c.reach(a.pos), c.reach(b.pos)
	for _, x := range as {
		for _, y := range bs {
			if ifs, xInBody, ok := c.commonIf(x, y); ok {
				return ifs, xInBody, true
			}
		}
	}
	return nil, false, false
}

// reach is pos and the uses of the functions enclosing it, up to
// maxSiteDepth callers up.
func (c *conv) reach(pos token.Pos) []token.Pos {
	out := []token.Pos{pos}
	seen := map[types.Object]bool{}
	frontier := []token.Pos{pos}
	for depth := 0; depth < maxSiteDepth && len(frontier) > 0; depth++ {
		var next []token.Pos
		for _, at := range frontier {
			fn := c.enclosingFunc(at)
			if fn == nil || seen[fn] {
				continue
			}
			seen[fn] = true
			for _, use := range c.usesOf(fn) {
				next = append(next, use)
			}
		}
		out = append(out, next...)
		frontier = next
	}
	return out
}

// enclosingFunc is the function or method whose declaration holds pos.
func (c *conv) enclosingFunc(pos token.Pos) types.Object {
	p, f := c.fileAt(pos)
	if f == nil {
		return nil
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
			return p.TypesInfo.Defs[fd.Name]
		}
	}
	return nil
}

// usesOf lists where obj is used in the loaded packages, in source order.
func (c *conv) usesOf(obj types.Object) []token.Pos {
	var out []token.Pos
	for _, p := range c.pkgs {
		for id, o := range p.TypesInfo.Uses {
			if o == obj {
				out = append(out, id.Pos())
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// fileAt finds the loaded file holding pos.
func (c *conv) fileAt(pos token.Pos) (*packages.Package, *ast.File) {
	for _, p := range c.pkgs {
		for _, f := range p.Syntax {
			if f.FileStart <= pos && pos <= f.FileEnd {
				return p, f
			}
		}
	}
	return nil, nil
}

func (c *conv) pkgAtPos(pos token.Pos) *packages.Package {
	p, _ := c.fileAt(pos)
	return p
}

// commonIf finds the innermost if statement with x in its body and y in
// its else branch, or the other way round.
func (c *conv) commonIf(x, y token.Pos) (*ast.IfStmt, bool, bool) {
	_, f := c.fileAt(x)
	if f == nil || f.FileStart > y || y > f.FileEnd {
		return nil, false, false
	}
	path, _ := astutil.PathEnclosingInterval(f, x, x)
	for _, n := range path {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Else == nil {
			continue
		}
		inBody := func(p token.Pos) bool { return ifs.Body.Pos() <= p && p < ifs.Body.End() }
		inElse := func(p token.Pos) bool { return ifs.Else.Pos() <= p && p < ifs.Else.End() }
		switch {
		case inBody(x) && inElse(y):
			return ifs, true, true
		case inElse(x) && inBody(y):
			return ifs, false, true
		}
	}
	return nil, false, false
}
