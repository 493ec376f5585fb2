package python

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
)

// Calls of the project's own functions (issue 28). A description is often
// built by a helper: `description: str = _build_description(MAX)`, where
// _build_description returns `TEMPLATE.format(cap=_fmt(max_seconds))`.
// When the function's body is one `return EXPR` (after its docstring) and
// every argument is a constant, EXPR is evaluated with the parameters
// bound, as Python would when the module is imported. Anything else
// (statements, loops, a value known only at run time) leaves the call
// unread, and the reader says so where the value is used.

// toolText reads a tool's description or title written as an expression:
// its value when it follows from constants (calls included); otherwise
// the expression's source in braces, as an f-string keeps a placeholder
// known only at run time, with a warning. The tool is still built: one
// unreadable text never costs the tool.
func (l *loader) toolText(s *source, k keyword) string {
	if v, ok := l.str(s, k.value); ok {
		return v
	}
	if v, ok := l.envText(s, k); ok {
		return v
	}
	src := l.text(s, k.value)
	l.warn(s.pos(k.value.off), diag.Warning, ruleValue, "%s=%s is known only when the server runs (tscg evaluates literals, module constants and calls of this project's functions of them that return one expression, or one per if/elif/else arm; environment reads give their defaults); the listing shows {%s} in its place: write the text as a literal or a module constant", k.name, src, src)
	return "{" + src + "}"
}

// envText reads a tool's text or name that follows from the project's
// functions and environment reads (output_mode = os.getenv("MODE",
// "files") … f"… {describe(output_mode)}", name=_tool_name("x") with a
// prefix from os.environ.get): its value with the environment unset, as
// the server publishes it started so, a warning naming the variables.
// Only a value read whole counts; nothing is reported otherwise.
func (l *loader) envText(s *source, k keyword) (string, bool) {
	before := len(l.diags)
	v, ok, read := l.envValue(s, k.value)
	str, isStr := v.(string)
	if !ok || !isStr || len(l.diags) != before {
		l.diags = l.diags[:before]
		return "", false
	}
	if len(read) > 0 {
		l.warn(s.pos(k.value.off), diag.Warning, ruleValue, "%s=%s depends on the environment: tscg lists it as the server publishes it started with %s, %q", k.name, l.text(s, k.value), unsetText(read), str)
	}
	return str, true
}

// maxCallDepth bounds nested calls (a function calling itself).
const maxCallDepth = 16

// callEnv is the parameters of the function call being evaluated, or
// (factory set) those of the factory function a nested tool is defined
// in, bound to their defaults.
type callEnv struct {
	vars    map[string]any
	factory *funcDef
}

// factoryEnv binds, while the tool of a function nested in outer is read,
// outer's parameters that have a default readable from constants to that
// default: a tool defined in `def create_server(..., sample_size: int =
// 1000)` and using Field(default=sample_size) publishes 1000 when the
// server is created without that argument, as the framework's own listing
// of a default-built server shows. Each use is a warning (factoryValue).
// The returned function restores the loader.
func (l *loader) factoryEnv(s *source, outer *funcDef) func() {
	saved := l.env
	if outer == nil {
		return func() {}
	}
	vars := map[string]any{}
	l.env = nil
	for _, p := range outer.params {
		if p.def == nil || p.kind == "var_positional" || p.kind == "var_keyword" {
			continue
		}
		if v, ok := l.goValue(s, p.def); ok {
			vars[p.name] = v
		}
	}
	l.env = &callEnv{vars: vars, factory: outer}
	return func() { l.env = saved }
}

// factoryValue warns at a use of a factory's parameter: the listing holds
// its default, and a caller passing another value changes the schema.
func (l *loader) factoryValue(s *source, e *expr, v any) {
	key := s.path + "\x00" + strconv.Itoa(e.off)
	if l.factoryWarned[key] {
		return
	}
	if l.factoryWarned == nil {
		l.factoryWarned = map[string]bool{}
	}
	l.factoryWarned[key] = true
	text, ok := pyFormat(v, "")
	if s, isStr := v.(string); isStr {
		text, ok = strconv.Quote(s), true
	}
	if !ok {
		text = "its default"
	}
	l.warn(s.pos(e.off), diag.Warning, ruleValue, "%s is a parameter of %s(): the listing takes its default %s, the value when the server is created without it; a caller passing another value publishes another schema", e.name, l.env.factory.name, text)
}

// funcOf finds the function a name in s calls: a top-level def of s, or
// one a `from M import name` brings from a file tscg reads.
func (l *loader) funcOf(s *source, name string) (*source, *funcDef) {
	if l.lookups > 32 || name == "" || strings.Contains(name, ".") {
		return nil, nil
	}
	l.lookups++
	defer func() { l.lookups-- }()
	if l.rebound(s, name) || s.m.assigns[name] != nil {
		return nil, nil
	}
	var found *funcDef
	for _, f := range s.m.funcs {
		if f.name == name {
			if found != nil {
				return nil, nil // defined twice: the last def wins at run time, no constant
			}
			found = f
		}
	}
	if found != nil {
		return s, found
	}
	for _, imp := range s.m.imports {
		for _, n := range imp.names {
			if n[1] != name || imp.module == "" && imp.level == 0 {
				continue
			}
			if sib := l.sibling(s, fromModule(imp), imp.level); sib != nil {
				return l.funcOf(sib, n[0])
			}
		}
	}
	return nil, nil
}

// returnExpr is the expression a function returns when its body is a
// docstring at most and one return statement.
func returnExpr(f *funcDef) *expr {
	var ret *expr
	indent := -1
	for i, ln := range f.body {
		if indent < 0 {
			indent = ln.indent
		}
		switch {
		case ln.indent != indent:
			return nil
		case i == 0 && f.doc != nil && allStrings(ln.toks):
			continue
		case ret == nil && len(ln.toks) > 1 && ln.toks[0].isName("return"):
			ret = parseExpr(ln.toks[1:])
		default:
			return nil
		}
	}
	return ret
}

func allStrings(toks []token) bool {
	for _, t := range toks {
		if t.kind != tkString {
			return false
		}
	}
	return len(toks) > 0
}

// callValue evaluates a call of one of the project's functions, or of a
// string method (format, lower, upper, strip) on a constant.
func (l *loader) callValue(s *source, e *expr) (any, bool) {
	if v, ok := l.envCall(s, e); ok {
		return v, true
	}
	if e.x.kind == exAttr {
		return l.methodValue(s, e)
	}
	if e.x.kind != exName || l.env != nil && l.env.has(e.x.name) {
		return nil, false
	}
	fs, f := l.funcOf(s, e.x.name)
	if f == nil || l.calls >= maxCallDepth {
		return nil, false
	}
	body := returnExpr(f)
	var chain []branch
	if body == nil {
		if chain = returnChain(f); chain == nil {
			return l.instanceOf(fs, f)
		}
	}
	vars, ok := l.bindArgs(s, e, fs, f)
	if !ok {
		return nil, false
	}
	saved := l.env
	l.env = &callEnv{vars: vars}
	l.calls++
	defer func() { l.env = saved; l.calls-- }()
	if body != nil {
		return l.goValue(fs, body)
	}
	for _, b := range chain {
		if b.cond != nil {
			c, ok := l.goValue(fs, b.cond)
			if !ok {
				return nil, false
			}
			if !truthy(c) {
				continue
			}
		}
		return l.goValue(fs, b.ret)
	}
	return nil, false
}

// branch is one arm of a function body made of if/elif/else arms that
// each return: cond nil for else or a return after the arms.
type branch struct {
	cond, ret *expr
}

// returnChain reads a function body that is a docstring at most, then
// if/elif/else arms whose body is one return statement each, and maybe a
// return after them (`if mode == "files": return "…" elif …: return "…"
// else: return "…"`); nil for any other body.
func returnChain(f *funcDef) []branch {
	var out []branch
	if len(f.body) == 0 {
		return nil
	}
	indent := f.body[0].indent
	ret := func(ln logicalLine) *expr {
		if len(ln.toks) < 2 || !ln.toks[0].isName("return") {
			return nil
		}
		return parseExpr(ln.toks[1:])
	}
	inIf := false
	for i := 0; i < len(f.body); i++ {
		ln := f.body[i]
		toks := ln.toks
		switch {
		case ln.indent != indent:
			return nil
		case i == 0 && f.doc != nil && allStrings(toks):
			continue
		case toks[0].isName("if") || toks[0].isName("elif") && inIf || toks[0].isName("else") && inIf:
			if !toks[len(toks)-1].is(":") || i+1 >= len(f.body) || f.body[i+1].indent <= indent ||
				i+2 < len(f.body) && f.body[i+2].indent > indent {
				return nil
			}
			var cond *expr
			if !toks[0].isName("else") {
				if cond = parseExpr(toks[1 : len(toks)-1]); cond == nil {
					return nil
				}
			} else if len(toks) != 2 {
				return nil
			}
			r := ret(f.body[i+1])
			if r == nil {
				return nil
			}
			out = append(out, branch{cond, r})
			inIf = !toks[0].isName("else")
			i++
		default:
			r := ret(ln)
			if r == nil {
				return nil
			}
			out = append(out, branch{nil, r})
			inIf = false
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

func (c *callEnv) has(name string) bool {
	_, ok := c.vars[name]
	return ok
}

// bindArgs binds a call's arguments (evaluated where the call is) to the
// parameters of f, the defaults (evaluated in f's module) filling the
// rest. *args, **kwargs and an unknown keyword are not modelled.
func (l *loader) bindArgs(s *source, e *expr, fs *source, f *funcDef) (map[string]any, bool) {
	vars := map[string]any{}
	if len(e.args) > len(f.params) {
		return nil, false
	}
	for i, a := range e.args {
		p := f.params[i]
		if a.kind == exOther || p.kind != "positional" && p.kind != "positional_only" {
			return nil, false
		}
		v, ok := l.goValue(s, a)
		if !ok {
			return nil, false
		}
		vars[p.name] = v
	}
	for _, k := range e.kws {
		if k.name == "" {
			return nil, false
		}
		known := false
		for _, p := range f.params {
			known = known || p.name == k.name && p.kind != "positional_only" && p.kind != "var_positional" && p.kind != "var_keyword"
		}
		if _, dup := vars[k.name]; dup || !known {
			return nil, false
		}
		v, ok := l.goValue(s, k.value)
		if !ok {
			return nil, false
		}
		vars[k.name] = v
	}
	for _, p := range f.params {
		if _, bound := vars[p.name]; bound {
			continue
		}
		if p.def == nil || p.kind == "var_positional" || p.kind == "var_keyword" {
			return nil, false
		}
		saved := l.env
		l.env = nil
		v, ok := l.goValue(fs, p.def)
		l.env = saved
		if !ok {
			return nil, false
		}
		vars[p.name] = v
	}
	return vars, true
}

// methodValue evaluates "...".format(...), .lower(), .upper() and
// .strip() on a string value.
func (l *loader) methodValue(s *source, e *expr) (any, bool) {
	recv, ok := l.goValue(s, e.x.x)
	str, isStr := recv.(string)
	if !ok || !isStr {
		return nil, false
	}
	if e.x.name == "format" {
		var args []any
		for _, a := range e.args {
			v, ok := l.goValue(s, a)
			if !ok {
				return nil, false
			}
			args = append(args, v)
		}
		kws := map[string]any{}
		for _, k := range e.kws {
			v, ok := l.goValue(s, k.value)
			if !ok || k.name == "" {
				return nil, false
			}
			kws[k.name] = v
		}
		return pyStrFormat(str, args, kws)
	}
	if len(e.args) > 0 || len(e.kws) > 0 {
		return nil, false
	}
	switch e.x.name {
	case "lower":
		return strings.ToLower(str), true
	case "upper":
		return strings.ToUpper(str), true
	case "strip":
		return strings.TrimSpace(str), true
	}
	return nil, false
}

// pyStrFormat is str.format with {name}, {0}, {} fields, each with an
// optional format spec; {{ and }} are braces. Conversions (!r) and
// attribute or index lookups in a field are not modelled.
func pyStrFormat(tmpl string, args []any, kws map[string]any) (any, bool) {
	var b strings.Builder
	auto := 0
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		switch {
		case (c == '{' || c == '}') && i+1 < len(tmpl) && tmpl[i+1] == c:
			b.WriteByte(c)
			i++
		case c == '}':
			return nil, false
		case c == '{':
			end := strings.IndexByte(tmpl[i:], '}')
			if end < 0 {
				return nil, false
			}
			field, spec, _ := strings.Cut(tmpl[i+1:i+end], ":")
			var v any
			switch n, err := strconv.Atoi(field); {
			case field == "":
				if auto >= len(args) {
					return nil, false
				}
				v, auto = args[auto], auto+1
			case err == nil:
				if n < 0 || n >= len(args) {
					return nil, false
				}
				v = args[n]
			default:
				var ok bool
				if v, ok = kws[field]; !ok {
					return nil, false
				}
			}
			text, ok := pyFormat(v, spec)
			if !ok {
				return nil, false
			}
			b.WriteString(text)
			i += end
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// pyFormat is format(v, spec) for the specs descriptions use: "" (str()),
// "s", "d", "g", ".Nf", ".Ng", ".Ne". Anything else is not modelled.
func pyFormat(v any, spec string) (string, bool) {
	switch x := v.(type) {
	case string:
		if spec == "" || spec == "s" {
			return x, true
		}
	case bool:
		if spec == "" {
			return map[bool]string{true: "True", false: "False"}[x], true
		}
	case nil:
		if spec == "" {
			return "None", true
		}
	case json.Number:
		return numFormat(string(x), spec)
	}
	return "", false
}

func numFormat(lit string, spec string) (string, bool) {
	lit = strings.ReplaceAll(lit, "_", "")
	isInt := isIntLiteral(lit)
	if isInt && (spec == "" || spec == "d") {
		n, err := strconv.ParseInt(lit, 0, 64)
		if err != nil {
			return "", false
		}
		return strconv.FormatInt(n, 10), true
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return "", false
	}
	if spec == "" {
		return pyRepr(f), true
	}
	prec := 6
	kind := spec[len(spec)-1]
	if p, ok := strings.CutPrefix(spec[:len(spec)-1], "."); ok {
		n, err := strconv.Atoi(p)
		if err != nil || n > 100 {
			return "", false
		}
		prec = n
	} else if len(spec) != 1 {
		return "", false
	}
	switch kind {
	case 'g':
		if prec == 0 {
			prec = 1
		}
		return strconv.FormatFloat(f, 'g', prec, 64), true
	case 'f', 'e':
		return strconv.FormatFloat(f, kind, prec, 64), true
	}
	return "", false
}

// pyRepr is Python's repr of a float: the shortest digits, fixed notation
// for exponents -4 to 15 (with ".0" when integral), else scientific.
func pyRepr(f float64) string {
	if f == 0 {
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	exp := int(math.Floor(math.Log10(math.Abs(f))))
	if e := strconv.FormatFloat(f, 'e', -1, 64); strings.Contains(e, "e") {
		if n, err := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:]); err == nil {
			exp = n
		}
	}
	if exp < -4 || exp >= 16 {
		return strconv.FormatFloat(f, 'e', -1, 64)
	}
	out := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(out, ".") {
		out += ".0"
	}
	return out
}

// truthy is Python's truth value of a constant.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case json.Number:
		f, err := strconv.ParseFloat(strings.ReplaceAll(string(x), "_", ""), 64)
		return err != nil || f != 0
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}

// compareValues evaluates a comparison of two constants; ok is false for
// operands Python would compare in a way not modelled here.
func compareValues(op string, a, b any) (bool, bool) {
	switch op {
	case "is", "is not":
		if a != nil && b != nil {
			if _, isBool := a.(bool); !isBool {
				return false, false
			}
		}
		eq := a == nil && b == nil
		if x, ok := a.(bool); ok {
			y, ok2 := b.(bool)
			eq = ok2 && x == y
		}
		return eq == (op == "is"), true
	case "in", "not in":
		var in, ok bool
		switch y := b.(type) {
		case string:
			x, isStr := a.(string)
			in, ok = isStr && strings.Contains(y, x), isStr
		case []any:
			ok = true
			for _, item := range y {
				if eq, known := compareValues("==", a, item); !known {
					return false, false
				} else if eq {
					in = true
				}
			}
		}
		return in == (op == "in"), ok
	}
	c, ok := order(a, b)
	if !ok {
		if op == "==" || op == "!=" {
			// Values of different kinds are unequal (a string is no number).
			_, aNum := a.(json.Number)
			_, bNum := b.(json.Number)
			_, aBool := a.(bool)
			_, bBool := b.(bool)
			if aNum || bNum || aBool || bBool {
				return false, false // 1 == True: not modelled
			}
			return op == "!=", true
		}
		return false, false
	}
	switch op {
	case "==":
		return c == 0, true
	case "!=":
		return c != 0, true
	case "<":
		return c < 0, true
	case "<=":
		return c <= 0, true
	case ">":
		return c > 0, true
	case ">=":
		return c >= 0, true
	}
	return false, false
}

// order compares two strings, or two numbers.
func order(a, b any) (int, bool) {
	switch x := a.(type) {
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y), true
		}
	case json.Number:
		if y, ok := b.(json.Number); ok {
			fx, err1 := strconv.ParseFloat(strings.ReplaceAll(string(x), "_", ""), 64)
			fy, err2 := strconv.ParseFloat(strings.ReplaceAll(string(y), "_", ""), 64)
			if err1 != nil || err2 != nil {
				return 0, false
			}
			switch {
			case fx < fy:
				return -1, true
			case fx > fy:
				return 1, true
			}
			return 0, true
		}
	case nil:
		if b == nil {
			return 0, true
		}
	}
	return 0, false
}

// logicValue evaluates `a if c else b`, `a and b`, `a or b`, `not a`
// and comparisons.
func (l *loader) logicValue(s *source, e *expr) (any, bool) {
	switch e.kind {
	case exCond:
		c, ok := l.goValue(s, e.args[1])
		if !ok {
			return nil, false
		}
		if truthy(c) {
			return l.goValue(s, e.args[0])
		}
		return l.goValue(s, e.args[2])
	case exBool:
		a, ok := l.goValue(s, e.args[0])
		if !ok {
			return nil, false
		}
		if truthy(a) == (e.value == "or") {
			return a, true
		}
		return l.goValue(s, e.args[1])
	case exNot:
		v, ok := l.goValue(s, e.x)
		return !truthy(v), ok
	case exCompare:
		a, ok1 := l.goValue(s, e.args[0])
		b, ok2 := l.goValue(s, e.args[1])
		if !ok1 || !ok2 {
			return nil, false
		}
		r, ok := compareValues(e.value, a, b)
		return r, ok
	}
	return nil, false
}
