package python

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
)

// Conditional registration (issue 28). A server registers some tools only
// when an environment variable says so: `if os.getenv("X_ENABLED",
// "true").lower() == "true": mcp.add_tool(…)` at module level, or a
// register function that returns first (`if not get_config().enabled:
// return`). tscg lists what the server registers with the environment
// unset: each os.getenv / os.environ.get is its default, a function
// returning a project class gives an instance whose one-line properties
// are read. Every such condition is a warning naming the variables; one
// tscg cannot evaluate keeps the tools, with a warning saying so.

// envModel collects the environment variables a condition read.
type envModel struct {
	vars []string
}

// instance is a value of a project class, known only by its class (a
// function annotated `-> Config` whose body tscg does not run).
type instance struct {
	src *source
	cls *classDef
}

// block is an enclosing `if` or `def` of a registration line.
type block struct {
	indent int
	cond   *expr // the if's condition; nil for a def, an else or an elif
	def    bool
	name   string  // a def's name
	guards []guard // a def's early returns before the current line
	line   int     // of the header (1-based)
}

// guard is `if COND: … return` directly in a function body (returns
// set), or the condition of an if block.
type guard struct {
	cond    *expr
	line    int
	returns bool
}

// blockOf reads a line as an if/elif/else/def header, or nil.
func blockOf(s *source, ln logicalLine) *block {
	toks := ln.toks
	if len(toks) < 2 || !toks[len(toks)-1].is(":") {
		return nil
	}
	b := &block{indent: ln.indent, line: s.pos(toks[0].off).Line}
	switch {
	case toks[0].isName("if"):
		b.cond = parseExpr(toks[1 : len(toks)-1])
	case toks[0].isName("def") || toks[0].isName("async") && toks[1].isName("def"):
		b.def = true
		n := 1
		if toks[0].isName("async") {
			n = 2
		}
		if n < len(toks) {
			b.name = toks[n].text
		}
	case toks[0].isName("elif") || toks[0].isName("else"), toks[0].isName("while"):
	default:
		return nil
	}
	return b
}

// returnsFirst reports an if block (the lines after its header) that
// returns unconditionally: a return directly in it.
func returnsFirst(header logicalLine, rest []logicalLine) bool {
	inner := -1
	for _, ln := range rest {
		if ln.indent <= header.indent {
			break
		}
		if inner < 0 {
			inner = ln.indent
		}
		if ln.indent == inner && ln.toks[0].isName("return") {
			return true
		}
	}
	return false
}

// condition is what the enclosing blocks say about a registration: ok
// false drops it; note (when set) is the warning to give.
type condition struct {
	ok   bool
	note string
}

// judge evaluates the enclosing blocks of a registration with the
// environment unset.
func (l *loader) judge(s *source, stack []*block) condition {
	var known, unknown []string
	for _, b := range stack {
		conds := b.guards
		if !b.def {
			conds = []guard{{cond: b.cond, line: b.line}}
		}
		for _, c := range conds {
			if c.cond == nil {
				unknown = append(unknown, fmt.Sprintf("an else or elif branch (line %d)", c.line))
				continue
			}
			v, ok, read := l.envValue(s, c.cond)
			text := l.text(s, c.cond)
			switch {
			case !ok:
				unknown = append(unknown, fmt.Sprintf("%s (line %d)", text, c.line))
			case c.returns && truthy(v):
				return condition{note: fmt.Sprintf("the function returns first at line %d (%s holds with %s), so the server does not register it and tscg does not list it", c.line, text, unsetText(read))}
			case !c.returns && !truthy(v):
				return condition{note: fmt.Sprintf("it is registered only when %s (line %d), which is false with %s, so tscg does not list it", text, c.line, unsetText(read))}
			case len(read) > 0:
				known = append(known, fmt.Sprintf("%s (line %d, with %s)", text, c.line, unsetText(read)))
			}
		}
	}
	switch {
	case len(unknown) > 0:
		return condition{ok: true, note: fmt.Sprintf("it is registered only when %s, which tscg cannot evaluate; it is listed", strings.Join(unknown, " and "))}
	case len(known) > 0:
		return condition{ok: true, note: fmt.Sprintf("it is registered only when %s, which holds, so it is listed", strings.Join(known, " and "))}
	}
	return condition{ok: true}
}

func unsetText(vars []string) string {
	if len(vars) == 0 {
		return "no environment variable involved"
	}
	sort.Strings(vars)
	return "the environment unset (" + strings.Join(vars, ", ") + ")"
}

// envValue evaluates a condition, environment reads giving their
// defaults, and returns the variables read.
func (l *loader) envValue(s *source, e *expr) (any, bool, []string) {
	saved, savedEnv := l.modelEnv, l.env
	l.modelEnv, l.env = &envModel{}, nil
	defer func() { l.modelEnv, l.env = saved, savedEnv }()
	v, ok := l.goValue(s, e)
	if _, isInst := v.(instance); isInst {
		ok = false
	}
	return v, ok, l.modelEnv.vars
}

// envCall evaluates os.getenv("X", default) and os.environ.get("X",
// default) to the default (None without one), recording X, while a
// registration's condition is evaluated.
func (l *loader) envCall(s *source, e *expr) (any, bool) {
	d := e.x.dotted()
	if l.modelEnv == nil || d != "os.getenv" && d != "os.environ.get" && d != "getenv" || len(e.args) == 0 || len(e.args) > 2 || len(e.kws) > 0 {
		return nil, false
	}
	name, ok := l.goValue(s, e.args[0])
	str, isStr := name.(string)
	if !ok || !isStr {
		return nil, false
	}
	l.modelEnv.vars = append(l.modelEnv.vars, str)
	if len(e.args) == 2 {
		return l.goValue(s, e.args[1])
	}
	return nil, true
}

// instanceOf gives a call of a project function annotated to return a
// project class (`def get_config() -> Config`) an instance of it, while
// a registration's condition is evaluated.
func (l *loader) instanceOf(fs *source, f *funcDef) (any, bool) {
	if l.modelEnv == nil || f.returns == nil {
		return nil, false
	}
	tg, ok := l.lookup(fs, f.returns.dotted())
	if !ok || tg.cls == nil {
		return nil, false
	}
	return instance{src: tg.src, cls: tg.cls}, true
}

// propertyValue reads inst.name where name is a @property whose body is
// one return (self bound to the instance).
func (l *loader) propertyValue(inst instance, name string) (any, bool) {
	if l.calls >= maxCallDepth {
		return nil, false
	}
	for _, m := range inst.src.m.nestedFuncs(inst.cls.body) {
		if m.name != name {
			continue
		}
		prop := false
		for _, d := range m.decorators {
			prop = prop || d != nil && d.dotted() == "property"
		}
		body := returnExpr(m)
		if !prop || body == nil || len(m.params) != 1 {
			return nil, false
		}
		saved := l.env
		l.env = &callEnv{vars: map[string]any{m.params[0].name: inst}}
		l.calls++
		defer func() { l.env = saved; l.calls-- }()
		return l.goValue(inst.src, body)
	}
	return nil, false
}

// warnCondition gives a registration's condition note.
func (l *loader) warnCondition(s *source, off int, tool string, c condition) {
	if c.note != "" {
		l.warn(s.pos(off), diag.Warning, ruleValue, "tool %s: %s", tool, c.note)
	}
}
