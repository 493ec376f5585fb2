package python

// funcDef parses `[async] def name[T](params) [-> ann]:` and the first
// statement of its body (for the docstring).
func (m *module) funcDef(toks []token, body []logicalLine) *funcDef {
	f := &funcDef{off: toks[0].off}
	i := 0
	if toks[0].isName("async") {
		f.async = true
		i++
	}
	i++ // def
	if i >= len(toks) || toks[i].kind != tkName {
		m.fail(toks[0].off, "expected a function name after 'def'")
		return nil
	}
	f.name = toks[i].text
	i++
	if i < len(toks) && toks[i].is("[") { // PEP 695 type parameters
		i = matching(toks, i) + 1
	}
	if i >= len(toks) || !toks[i].is("(") {
		m.fail(toks[min(i, len(toks)-1)].off, "expected '(' after the function name")
		return nil
	}
	close := matching(toks, i)
	if close >= len(toks) {
		m.fail(toks[i].off, "'(' was never closed")
		return nil
	}
	f.params = m.params(toks[i+1 : close])
	i = close + 1
	if i < len(toks) && toks[i].is("->") {
		end := scanExpr(toks, i+1, isOp(":"))
		f.returns = m.exprRange(toks[i+1 : end])
		i = end
	}
	if i >= len(toks) || !toks[i].is(":") {
		m.fail(toks[min(i, len(toks)-1)].off, "expected ':' after the function signature")
		return nil
	}
	f.doc = docOf(firstStatement(toks[i+1:], body))
	f.body = body
	return f
}

func (m *module) fail(off int, msg string) {
	if m.err == nil {
		m.err = &lexError{off: off, msg: msg}
	}
}

// exprRange parses an expression, with redundant parentheses around the
// whole of it removed first (CPython's nodes exclude them).
func (m *module) exprRange(toks []token) *expr {
	toks = stripParens(toks)
	if len(toks) == 0 {
		return nil
	}
	return parseExpr(toks)
}

// stripParens removes parentheses that enclose the whole expression when
// they only group (not a tuple, an empty tuple or a generator).
func stripParens(toks []token) []token {
	for len(toks) >= 2 && toks[0].is("(") && matching(toks, 0) == len(toks)-1 {
		inner := toks[1 : len(toks)-1]
		if len(inner) == 0 || scanExpr(inner, 0, func(t token) bool { return t.is(",") || t.isName("for") || t.isName("yield") }) < len(inner) {
			break
		}
		toks = inner
	}
	return toks
}

func (m *module) text(e *expr) string {
	if e == nil {
		return ""
	}
	return m.src[e.off:e.end]
}

// params parses the tokens between a def's parentheses.
func (m *module) params(toks []token) []*param {
	var out []*param
	kind := "positional"
	for i := 0; i < len(toks); {
		t := toks[i]
		switch {
		case t.is("/"):
			for _, p := range out {
				p.kind = "positional_only"
			}
			i++
		case t.is("*") || t.is("**"):
			i++
			if t.is("*") {
				kind = "keyword_only"
			}
			if i < len(toks) && toks[i].kind == tkName {
				p := &param{name: toks[i].text, off: toks[i].off, kind: "var_positional"}
				if t.is("**") {
					p.kind = "var_keyword"
				}
				i = m.paramRest(toks, i+1, p, false)
				out = append(out, p)
			}
		case t.kind == tkName:
			p := &param{name: t.text, off: t.off, kind: kind}
			i = m.paramRest(toks, i+1, p, true)
			out = append(out, p)
		default:
			m.fail(t.off, "invalid syntax in parameter list")
			return out
		}
		if i < len(toks) {
			if !toks[i].is(",") {
				m.fail(toks[i].off, "expected ',' in parameter list")
				return out
			}
			i++
		}
	}
	return out
}

// paramRest reads `[: annotation] [= default]` after a parameter name.
func (m *module) paramRest(toks []token, i int, p *param, defaults bool) int {
	if i < len(toks) && toks[i].is(":") {
		end := scanExpr(toks, i+1, func(t token) bool { return t.is(",") || (defaults && t.is("=")) })
		p.ann = m.exprRange(toks[i+1 : end])
		p.annText = m.spanText(toks[i+1 : end])
		i = end
	}
	if defaults && i < len(toks) && toks[i].is("=") {
		end := scanExpr(toks, i+1, isOp(","))
		p.def = m.exprRange(toks[i+1 : end])
		p.defText = m.spanText(toks[i+1 : end])
		i = end
	}
	return i
}

func (m *module) spanText(toks []token) string {
	toks = stripParens(toks)
	if len(toks) == 0 {
		return ""
	}
	return m.src[toks[0].off:toks[len(toks)-1].end]
}

// classDef parses `class Name[T](bases, kw=...):` and the direct
// statements of its body.
func (m *module) classDef(toks []token, body []logicalLine) *classDef {
	if len(toks) < 2 || toks[1].kind != tkName {
		m.fail(toks[0].off, "expected a class name after 'class'")
		return nil
	}
	c := &classDef{name: toks[1].text, off: toks[0].off, body: body}
	i := 2
	if i < len(toks) && toks[i].is("[") {
		i = matching(toks, i) + 1
	}
	if i < len(toks) && toks[i].is("(") {
		close := matching(toks, i)
		if call := parseExpr(append([]token{toks[1]}, toks[i:close+1]...)); call != nil && call.kind == exCall {
			c.bases, c.kws = call.args, call.kws
		}
		i = close + 1
	}
	if i >= len(toks) || !toks[i].is(":") {
		m.fail(toks[min(i, len(toks)-1)].off, "expected ':' after the class header")
		return nil
	}
	c.doc = docOf(firstStatement(toks[i+1:], body))
	var stmts [][]token
	if len(toks) > i+1 {
		stmts = splitStatements(toks[i+1:])
	} else if len(body) > 0 {
		for k, l := range body {
			if l.indent != body[0].indent {
				continue
			}
			if l.toks[0].isName("class") {
				end := k + 1
				for end < len(body) && body[end].indent > l.indent {
					end++
				}
				if n := m.classDef(l.toks, body[k+1:end]); n != nil {
					c.nested = append(c.nested, n)
				}
				continue
			}
			stmts = append(stmts, splitStatements(l.toks)...)
		}
	}
	var last *field
	for k, s := range stmts {
		if d := docOf(s); d != nil && last != nil && k > 0 { // an attribute docstring
			last.doc = d
			last = nil
			continue
		}
		last = classField(s)
		if last != nil {
			c.fields = append(c.fields, last)
		}
	}
	return c
}

// classField reads `name: ann [= value]` or `NAME = value`.
func classField(s []token) *field {
	if len(s) < 3 || s[0].kind != tkName {
		return nil
	}
	f := &field{name: s[0].text, off: s[0].off}
	switch {
	case s[1].is(":"):
		eq := scanExpr(s, 2, isOp("="))
		f.ann = parseExpr(stripParens(s[2:eq]))
		if eq < len(s) {
			f.value = parseExpr(stripParens(s[eq+1:]))
		}
	case s[1].is("=") && scanExpr(s, 2, isOp("=")) == len(s):
		f.value = parseExpr(stripParens(s[2:]))
	default:
		return nil
	}
	return f
}
