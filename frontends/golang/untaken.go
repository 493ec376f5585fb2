package golang

import (
	"go/token"

	"github.com/tscg/tscg/compiler/ir"
)

// dropUntaken leaves out the tools the program registers only on a path
// the default configuration does not take (issue 28): a registration in
// the body of an if whose condition is false (or in its else branch when
// the condition is true), or after a return the default configuration
// takes, directly or in a function every call of which is on such a path
// (up to maxSiteDepth callers up; reach.go). The condition is
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
		if why, dead := c.untaken(s.pos, t.Name, 0, map[token.Pos]bool{}); dead {
			client := ","
			if _, name, ok := c.sessionHandler(s.pos, 0, map[token.Pos]bool{}); ok && name != toolHandler {
				// A session's handler: what the client declares counts.
				client = ", for a client that declares roots and no other capability or extension,"
			}
			c.warnf(s.pos, "tool %q is registered only when %s; tscg lists what the server registers started without arguments and with no environment variable set%s which leaves it out", t.Name, why, client)
			continue
		}
		if at, name, ok := c.sessionHandler(s.pos, 0, map[token.Pos]bool{}); ok {
			if name == toolHandler {
				// As the Python frontend: added while a tool runs, it
				// is in no tools/list a client gets at start.
				c.warnf(s.pos, "tool %q is registered only inside a tool's handler (%s), when that tool is called; it is not in the server's tools/list at start, nor in tscg's", t.Name, c.pos(at))
				continue
			}
			c.warnf(s.pos, "tool %q is registered only in the server's %s (%s), which runs when a client's session starts or sends a request, often on what that client declares; tscg lists it, while the server's tools/list may not", t.Name, name, c.pos(at))
		}
		out = append(out, t)
	}
	return out
}
