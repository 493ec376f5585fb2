package typescript

import (
	"sort"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// A registration call that runs more than once (in a loop, in a function
// called from several places) may register one name twice on one
// server. McpServer throws "Tool X is already registered" there, so
// that is an error at both registrations, never a silent merge.

// registration is the first tool a call registered under a name.
type registration struct {
	tool   *ir.Tool
	recv   receiverKey
	name   diag.Pos // where the name's value is written
	via    string   // how the call's scope was entered
	env    *scope
	sdkMCP bool
}

// receiverKey tells servers apart: the value the receiver's leftmost
// name is bound to in the call's scope (nil when the name is not bound
// there, so every scope sees the same server). Values are compared by
// identity: `new McpServer()` in a function called twice is two servers,
// a module constant passed twice is one.
type receiverKey struct{ v *value }

// throwsOnRepeat reports whether the framework of call s refuses a name
// it already holds: McpServer's registerTool, tool and registerToolTask.
func throwsOnRepeat(s *callSite) bool {
	return s.method && (s.callee == "registerTool" || s.callee == "tool" || s.callee == "registerToolTask")
}

// receiver is the identity of the server call s is made on, in env.
func (r *resolver) receiver(f *file, s *callSite, env *scope) receiverKey {
	name := r.receiverRoot(f, s.off)
	if name == "" {
		return receiverKey{}
	}
	for sc := env; sc != nil; sc = sc.parent {
		if v, ok := sc.names[name]; ok && v != nil {
			return receiverKey{v}
		}
	}
	return receiverKey{}
}

// receiverRoot is the leftmost name of the member chain before the
// method named at off (server of server.tool, this of this.mcp.tool).
func (r *resolver) receiverRoot(f *file, off int) string {
	s := r.scan(f)
	i := sort.Search(len(s.toks), func(i int) bool { return s.toks[i].off >= off })
	if i >= len(s.toks) || s.toks[i].off != off || s.text(i-1) != "." {
		return ""
	}
	j := i - 2
	for j >= 2 && s.text(j-1) == "." && s.toks[j-2].kind == tIdent {
		j -= 2
	}
	if j < 0 || s.toks[j].kind != tIdent {
		return ""
	}
	return s.toks[j].text
}

// noteRegistration records tool t of call s in env, reporting an error
// at both registrations when the same server already holds its name
// from this call. It reports whether t is new (to be listed).
func (r *resolver) noteRegistration(seen map[string]registration, f *file, s *callSite, env *scope, t *ir.Tool) bool {
	here := registration{tool: t, recv: r.receiver(f, s, env), name: r.namePos[t], via: env.chain(), env: env, sdkMCP: throwsOnRepeat(s)}
	if here.name.IsZero() {
		here.name = f.pos(s.off)
	}
	first, ok := seen[t.Name]
	if !ok {
		seen[t.Name] = here
		return true
	}
	if !here.sdkMCP || first.recv != here.recv {
		return false // another server, or a framework that keeps the last
	}
	if here.name == first.name {
		first.name, here.name = apart(first.env, here.env, first.name)
	}
	call, q := f.pos(s.off).String(), quote(t.Name)
	throws := "the SDK throws \"Tool " + t.Name + " is already registered\""
	again := diag.Diagnostic{Pos: here.name, Severity: diag.Error, RuleID: "name-collision",
		Message: "tool " + q + " is registered again by the call at " + call + viaText(here.via) +
			", on the server it registered it on at " + first.name.String() + ": " + throws}
	firstAt := diag.Diagnostic{Pos: first.name, Severity: diag.Error, RuleID: "name-collision",
		Message: "tool " + q + " is registered by the call at " + call + viaText(first.via) +
			", and again on the same server at " + here.name.String() + ": " + throws}
	// Both errors belong to the tool listed first: it is not built.
	r.addOwned(&owner{what: "tool " + q, tool: true, tools: []*ir.Tool{first.tool}}, again, firstAt)
	return false
}

// viaText is " (<chain>)", or "" when the scope has no chain.
func viaText(ch string) string {
	if ch == "" {
		return ""
	}
	return " (" + ch + ")"
}

// addOwned adds diagnostics reported in o's frame, whatever frame is
// open: an error there keeps o's tools out of the catalog (dropUnread).
func (r *resolver) addOwned(o *owner, ds ...diag.Diagnostic) {
	for len(r.diagOwner) < len(r.diags) {
		r.diagOwner = append(r.diagOwner, nil)
	}
	for _, d := range ds {
		r.diags.Add(d)
		r.diagOwner = append(r.diagOwner, o)
	}
}

// apart is where two scopes of one call were entered differently (the
// two calls of its function, the two loop elements), innermost first;
// both are at when nothing tells them apart.
func apart(a, b *scope, at diag.Pos) (diag.Pos, diag.Pos) {
	as, bs := entries(a), entries(b)
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] != bs[i] {
			return as[i], bs[i]
		}
	}
	return at, at
}

// entries lists the positions a scope chain was entered at, innermost first.
func entries(s *scope) []diag.Pos {
	var out []diag.Pos
	for ; s != nil; s = s.parent {
		if !s.at.IsZero() {
			out = append(out, s.at)
		}
	}
	return out
}
