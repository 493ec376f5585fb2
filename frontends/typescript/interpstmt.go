package typescript

import "fmt"

// execBlock runs the statements of the block whose '{' is at off in e's
// scope, binding its declarations there, and returns what a return
// statement gave (nil when none ran). With stopAt >= 0 it stops before
// the statement that reaches offset stopAt (a registration call whose
// surroundings are being bound).
func (e *evaluator) execBlock(off, stopAt int) (ret *value) {
	p := newParserAt(e.f.src, off)
	sub := &evaluator{r: e.r, f: e.f, env: e.env, p: p}
	defer func() {
		if b, ok := caught(recover()); ok {
			ret = sub.opaque(b.off, "a statement tscg cannot read ("+b.msg+")")
		}
	}()
	p.expect("{")
	for !p.is("}") && p.tok().kind != tEOF {
		if stopAt >= 0 && sub.holds(stopAt) {
			return nil
		}
		if !sub.step(p.tok().off) {
			return sub.opaque(p.tok().off, "a body past the evaluation budget")
		}
		if v, done := sub.statement(stopAt); done {
			return v
		}
	}
	return nil
}

// statement runs one statement at the cursor; done reports a return.
func (e *evaluator) statement(stopAt int) (*value, bool) {
	p := e.p
	t := p.tok()
	switch {
	case t.kind == tPunct && t.text == ";":
		p.next()
	case t.kind == tPunct && t.text == "{":
		if e.reaches(stopAt) {
			p.skipBalanced()
			return nil, false
		}
		sub := &evaluator{r: e.r, f: e.f, env: newScope(e.env)}
		v := sub.execBlock(t.off, stopAt)
		p.skipBalanced()
		if v != nil {
			return v, true
		}
	case t.kind == tIdent && (t.text == "const" || t.text == "let" || t.text == "var") && p.peek(1).kind != tPunct || t.text == "const" && p.peek(1).text == "{" || (t.text == "let" || t.text == "const") && p.peek(1).text == "[":
		p.next()
		e.declarations()
	case t.kind == tIdent && t.text == "return":
		p.next()
		if p.is(";") || p.is("}") || p.tok().nlBefore {
			return e.r.val(value{kind: vUndefined, off: t.off, f: e.f}), true
		}
		return e.expr(), true
	case t.kind == tIdent && t.text == "if":
		return e.ifStatement(stopAt)
	case t.kind == tIdent && t.text == "try" && p.peek(1).text == "{":
		// The try block runs as written; catch and finally are for
		// failures, which constant code does not have.
		p.next()
		v, done := e.statement(stopAt)
		if p.accept("catch") {
			if p.is("(") {
				p.skipBalanced()
			}
			e.skipBranch()
		}
		if p.accept("finally") {
			e.skipBranch()
		}
		return v, done
	case t.kind == tIdent && t.text == "function" && p.peek(1).kind == tIdent:
		name := p.peek(1).text
		e.bind(name, e.functionExpr())
	case t.kind == tIdent && e.isBound(t.text):
		e.assignment()
	case t.kind == tIdent && t.text == "for" && p.peek(1).text == "(" && !e.reaches(stopAt) && e.canRunFor():
		if v, done, ok := e.forOf(stopAt); ok {
			return v, done
		}
		if v := e.skipReturning(t); v != nil {
			return v, true
		}
	case t.kind == tIdent && (t.text == "for" || t.text == "while" || t.text == "do" || t.text == "switch"):
		// Not run: a return inside makes the result unknown.
		if v := e.skipReturning(t); v != nil {
			return v, true
		}
	default:
		e.forgetAssigned(p.i)
		e.skipStatement()
	}
	return nil, false
}

// skipReturning skips a statement tscg does not run (t is its first
// token), forgetting what it may change; when it holds a return, the
// function's result is unknown and that is returned.
func (e *evaluator) skipReturning(t *token) *value {
	p := e.p
	start := p.i
	e.forgetAssigned(start)
	p.next()
	if p.is("(") {
		p.skipBalanced()
	}
	e.skipBranch()
	if t.text == "do" && p.accept("while") {
		p.skipBalanced()
	}
	for k := start; k < p.i; k++ {
		if x := p.fill(k); x.kind == tIdent && x.text == "return" {
			return e.opaque(t.off, "the result of a function whose "+t.text+" statement tscg does not run returns")
		}
	}
	return nil
}

// holds reports whether the statement at the cursor reaches offset off.
func (e *evaluator) holds(off int) bool {
	p := e.p
	if p.tok().off >= off {
		return true
	}
	start := p.i
	e.skipStatement()
	end := p.tok().off
	p.i = start
	return end > off
}

func (e *evaluator) isBound(name string) bool {
	_, ok := e.env.lookup(name)
	return ok
}

// rebind changes a bound name where it was bound.
func (e *evaluator) rebind(name string, v *value) {
	for s := e.env; s != nil; s = s.parent {
		if _, ok := s.names[name]; ok {
			s.names[name] = v
			return
		}
	}
}

// assignment runs a statement that starts with a bound name: `x = v`,
// `x += v` and `x.push(v…)` change it as JavaScript does; any other
// statement that may change it (`x.k = v`, `x[i] = v`, a method call)
// makes it unknown.
func (e *evaluator) assignment() {
	p := e.p
	t := p.next()
	old, _ := e.env.lookup(t.text)
	switch {
	case p.is("=") && p.peek(1).text != "=":
		p.next()
		e.rebind(t.text, e.expr())
	case p.is("+") && p.peek(1).text == "=" && p.peek(1).off == p.tok().off+1:
		p.next()
		p.next()
		rs := p.tok().off
		rhs := e.expr()
		e.rebind(t.text, e.concat(old, rhs, t.text, e.span(rs, p.tok().off)))
	case p.is(".") && p.peek(1).kind == tIdent && p.peek(2).text == "=" && p.peek(3).text != "=" && p.peek(3).text != ">" && old.kind == vObject:
		// x.k = v (this.k = v in a constructor): the object gets the property.
		p.next()
		k := p.next()
		p.next()
		e.rebind(t.text, withProp(old, k.text, k.off, e.expr()))
	case p.is("[") && old.kind == vObject && e.indexAssignment(t, old):
	case p.is(".") && (p.peek(1).text == "sort" || p.peek(1).text == "reverse") && p.peek(2).text == "(" && old.kind == vArray:
		// In place: the array becomes what the call returns.
		p.i--
		v := e.expr()
		if v.kind != vArray {
			v = e.opaqueAt(v, t.text+" (reordered by code tscg cannot run)")
		}
		e.rebind(t.text, v)
	case p.is(".") && p.peek(1).text == "add" && p.peek(2).text == "(" && old.kind == vArray && old.set:
		p.next()
		p.next()
		args := e.args()
		s := e.opaque(t.off, t.text+" (a Set given an element tscg cannot compare)")
		if len(args) > 0 {
			if v, ok := e.setWith(old, args[0]); ok {
				s = v
			}
		}
		e.rebind(t.text, s)
	case p.is(".") && p.peek(1).text == "push" && p.peek(2).text == "(" && old.kind == vArray:
		p.next()
		p.next()
		arr := e.r.val(value{kind: vArray, off: old.off, f: old.f})
		arr.elems = append(append(arr.elems, old.elems...), e.args()...)
		e.rebind(t.text, arr)
	default:
		p.i--
		e.forgetAssigned(p.i)
		e.skipStatement()
		return
	}
	p.accept(";")
}

// withProp is a copy of object o with property key set to v (added
// last, as a later property of the same key wins).
func withProp(o *value, key string, off int, v *value) *value {
	cp := *o
	cp.props = append(append([]vprop(nil), o.props...), vprop{key: key, off: off, v: v})
	return &cp
}

// indexAssignment runs `x[k] = v` at the cursor ('[') for the object
// old bound to t, when k is a string or number tscg knows; it reports
// false, with the cursor back at '[', for anything else.
func (e *evaluator) indexAssignment(t *token, old *value) bool {
	p := e.p
	start := p.i
	close := p.matchIndex(start)
	if close < 0 || p.fill(close+1).text != "=" || p.fill(close+2).text == "=" || p.fill(close+2).text == ">" {
		return false
	}
	p.next()
	k := e.expr()
	if !p.is("]") || k.kind != vString && k.kind != vNumber {
		p.i = start
		return false
	}
	p.next()
	p.next()
	e.rebind(t.text, withProp(old, k.text, k.off, e.expr()))
	return true
}

// forgetAssigned makes unknown every bound name the statement at token
// index i may change (assigned, or a method called on it), for a
// statement tscg skips or runs only sometimes.
func (e *evaluator) forgetAssigned(i int) {
	p := e.p
	end := p.i
	defer func() { p.i = end }()
	p.i = i
	e.skipStatement()
	stop := p.i
	for k := i; k < stop; k++ {
		t := p.fill(k)
		if t.kind != tIdent || (k > 0 && p.toks[k-1].text == ".") || !e.isBound(t.text) {
			continue
		}
		if mayChange(p, k) {
			e.rebind(t.text, e.opaque(t.off, t.text+" (changed by code tscg does not run)"))
		}
	}
}

// reaches reports whether the bracketed construct at the cursor holds
// offset stopAt.
func (e *evaluator) reaches(stopAt int) bool {
	if stopAt < 0 {
		return false
	}
	end := e.p.matchIndex(e.p.i)
	return end < 0 || e.p.fill(end).off >= stopAt
}

// declarations reads `a = x, {b} = y;` after const/let/var.
func (e *evaluator) declarations() {
	p := e.p
	for {
		start := p.i
		if p.is("{") || p.is("[") {
			p.skipBalanced()
		} else {
			p.ident()
		}
		if p.accept(":") {
			p.parseType()
		}
		var v *value
		if p.accept("=") {
			v = e.expr()
		} else {
			v = e.r.val(value{kind: vUndefined, off: p.tok().off, f: e.f})
		}
		end := p.i
		p.i = start
		e.bindDeclared(v)
		p.i = end
		if !p.accept(",") {
			break
		}
	}
	p.accept(";")
}

// bindDeclared binds the pattern at the cursor to v, ignoring its
// annotation and initializer (already read).
func (e *evaluator) bindDeclared(v *value) {
	p := e.p
	switch {
	case p.is("{"):
		e.objectPattern(v)
	case p.is("["):
		e.arrayPattern(v)
	default:
		e.bind(p.ident().text, v)
	}
}

// ifStatement runs the branch a known condition selects; with an unknown
// condition neither runs.
func (e *evaluator) ifStatement(stopAt int) (*value, bool) {
	p := e.p
	p.next()
	p.expect("(")
	c := e.expr()
	p.expect(")")
	truth, known := truthy(c)
	for branch := 0; ; branch++ {
		run := known && truth == (branch == 0)
		if run && !e.reaches(stopAt) {
			if v, done := e.statement(stopAt); done {
				return v, true
			}
		} else if !known {
			bt := p.tok()
			start := p.i
			e.forgetAssigned(start)
			e.skipBranch()
			for k := start; k < p.i; k++ {
				if x := p.fill(k); x.kind == tIdent && x.text == "return" {
					return e.opaque(bt.off, "the result of a function that returns under a condition known only at run time ("+describeValue(c)+")"), true
				}
			}
		} else {
			e.skipBranch()
		}
		if branch == 1 || !p.accept("else") {
			return nil, false
		}
	}
}

// skipBranch skips one statement: a block or a simple statement.
func (e *evaluator) skipBranch() {
	if e.p.is("{") {
		e.p.skipBalanced()
		return
	}
	e.skipStatement()
}

// skipStatement skips a statement tscg does not run, up to its ';' or
// the line end that ends it.
func (e *evaluator) skipStatement() {
	p := e.p
	switch t := p.tok(); {
	case t.kind == tEOF:
		return
	case t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "{"):
		p.skipBalanced()
	default:
		p.next()
		if t.kind == tPunct && (t.text == ";" || t.text == "}") {
			return
		}
	}
	p.skipClassInit()
}

var mutators = map[string]bool{"push": true, "pop": true, "shift": true, "unshift": true, "splice": true,
	"sort": true, "reverse": true, "fill": true, "set": true, "delete": true, "add": true, "clear": true}

// mayChange reports whether the name at token index k is assigned (`x =`,
// `x +=`, `x++`, `x.k =`, `x[i] =`) or has a mutating method called.
func mayChange(p *parser, k int) bool {
	n, n2 := p.fill(k+1), p.fill(k+2)
	adjacent := n2.off == n.off+1
	switch n.text {
	case "=":
		return n2.text != "=" && n2.text != ">" || !adjacent
	case "+", "-", "*", "/", "|", "&", "?":
		return adjacent && (n2.text == "=" || n2.text == n.text && (n.text == "+" || n.text == "-"))
	case ".":
		n3 := p.fill(k + 3)
		return mutators[n2.text] && n3.text == "(" || n3.text == "=" && p.fill(k+4).text != "="
	case "[":
		j := p.matchIndex(k + 1)
		return j > 0 && p.fill(j+1).text == "=" && p.fill(j+2).text != "="
	}
	return false
}

// truthy is JavaScript's truthiness of a known value.
func truthy(v *value) (truth, known bool) {
	switch v.kind {
	case vString:
		return v.text != "", true
	case vNumber:
		return v.text != "0" && v.text != "NaN", true
	case vBool:
		return v.text == "true", true
	case vNull, vUndefined:
		return false, true
	case vObject, vArray, vFunc, vDeclFunc, vZod, vRegex, vNamespace, vClass:
		return true, true
	}
	return false, false
}

func ptrKey(v *value) string { return fmt.Sprintf("%p", v) }
