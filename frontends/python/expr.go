package python

// exprKind is the shape of a parsed expression. Only the forms that type
// hints, defaults and Field(...) arguments use are modelled; anything else
// is exOther and keeps its source span.
type exprKind uint8

const (
	exOther exprKind = iota
	exName
	exAttr      // x.name
	exSubscript // x[args]
	exCall      // x(args, kw=...)
	exStr
	exBytes
	exNum
	exConst // None, True, False, ...
	exTuple
	exList
	exDict // args alternate key, value
	exSet
	exUnary   // op x
	exOr      // args[0] | args[1]
	exBinary  // args[0] value args[1], value "+", "-" or "*"
	exLambda  // lambda ...: body, kept as a span
	exFString // f"...": value is the raw text between the quotes
	exCond    // args[0] if args[1] else args[2]
	exCompare // args[0] value args[1], value "==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not"
	exBool    // args[0] value args[1], value "and" or "or"
	exNot     // not x
)

// expr is a parsed expression with its byte span.
type expr struct {
	kind  exprKind
	off   int
	end   int
	name  string // exName, exAttr
	value string // exStr/exBytes: decoded; exNum: literal; exConst: keyword; exUnary: op
	x     *expr
	args  []*expr
	kws   []keyword
}

type keyword struct {
	name  string // "" for **mapping
	value *expr
}

// dotted returns a.b.c for names and attribute chains, or "".
func (e *expr) dotted() string {
	switch {
	case e == nil:
		return ""
	case e.kind == exName:
		return e.name
	case e.kind == exAttr:
		if base := e.x.dotted(); base != "" {
			return base + "." + e.name
		}
	}
	return ""
}

// kw returns the keyword argument with the given name, or nil.
func (e *expr) kw(name string) *expr {
	for _, k := range e.kws {
		if k.name == name {
			return k.value
		}
	}
	return nil
}

// exprParser is a recursive-descent parser over one token range.
type exprParser struct {
	toks []token
	i    int
}

// parseExpr parses toks as one expression; trailing tokens make it
// exOther over the whole range.
func parseExpr(toks []token) *expr {
	if len(toks) == 0 {
		return nil
	}
	p := &exprParser{toks: toks}
	e := p.tuple()
	if p.i != len(toks) || e == nil {
		return &expr{kind: exOther, off: toks[0].off, end: toks[len(toks)-1].end}
	}
	return e
}

func (p *exprParser) peek() (token, bool) {
	if p.i < len(p.toks) {
		return p.toks[p.i], true
	}
	return token{}, false
}

func (p *exprParser) accept(op string) bool {
	if t, ok := p.peek(); ok && t.is(op) {
		p.i++
		return true
	}
	return false
}

// tuple parses a comma-separated sequence; a single element without a
// trailing comma is the element itself.
func (p *exprParser) tuple() *expr {
	first := p.cond()
	if first == nil {
		return nil
	}
	if t, ok := p.peek(); !ok || !t.is(",") {
		return first
	}
	tup := &expr{kind: exTuple, off: first.off, args: []*expr{first}}
	for p.accept(",") {
		if t, ok := p.peek(); !ok || t.is(")") || t.is("]") {
			break
		}
		e := p.cond()
		if e == nil {
			return nil
		}
		tup.args = append(tup.args, e)
	}
	tup.end = p.toks[p.i-1].end
	return tup
}

// cond parses `a if c else b` (a description chosen by a constant).
func (p *exprParser) cond() *expr {
	x := p.boolOp("or")
	if x == nil || !p.acceptName("if") {
		return x
	}
	c := p.boolOp("or")
	if c == nil || !p.acceptName("else") {
		return nil
	}
	y := p.cond()
	if y == nil {
		return nil
	}
	return &expr{kind: exCond, off: x.off, end: y.end, args: []*expr{x, c, y}}
}

// boolOp parses `a or b` (op "or", whose operands are `and` tests) and
// `a and b` (whose operands are `not` tests).
func (p *exprParser) boolOp(op string) *expr {
	next := func() *expr {
		if op == "or" {
			return p.boolOp("and")
		}
		return p.not()
	}
	left := next()
	for left != nil && p.acceptName(op) {
		right := next()
		if right == nil {
			return nil
		}
		left = &expr{kind: exBool, off: left.off, end: right.end, value: op, args: []*expr{left, right}}
	}
	return left
}

func (p *exprParser) not() *expr {
	if t, ok := p.peek(); ok && t.isName("not") {
		p.i++
		x := p.not()
		if x == nil {
			return nil
		}
		return &expr{kind: exNot, off: t.off, end: x.end, x: x}
	}
	return p.compare()
}

// compare parses one comparison `a OP b`; a chain (a < b < c) is not
// modelled.
func (p *exprParser) compare() *expr {
	left := p.or()
	if left == nil {
		return nil
	}
	op := p.compareOp()
	if op == "" {
		return left
	}
	right := p.or()
	if right == nil || p.compareOp() != "" {
		return nil
	}
	return &expr{kind: exCompare, off: left.off, end: right.end, value: op, args: []*expr{left, right}}
}

// compareOp consumes a comparison operator, or returns "".
func (p *exprParser) compareOp() string {
	t, ok := p.peek()
	if !ok {
		return ""
	}
	for _, op := range [...]string{"==", "!=", "<", "<=", ">", ">="} {
		if t.is(op) {
			p.i++
			return op
		}
	}
	switch {
	case t.isName("in"):
		p.i++
		return "in"
	case t.isName("is"):
		p.i++
		if p.acceptName("not") {
			return "is not"
		}
		return "is"
	case t.isName("not") && p.i+1 < len(p.toks) && p.toks[p.i+1].isName("in"):
		p.i += 2
		return "not in"
	}
	return ""
}

func (p *exprParser) acceptName(name string) bool {
	if t, ok := p.peek(); ok && t.isName(name) {
		p.i++
		return true
	}
	return false
}

func (p *exprParser) or() *expr {
	left := p.sum()
	for left != nil && p.accept("|") {
		right := p.sum()
		if right == nil {
			return nil
		}
		left = &expr{kind: exOr, off: left.off, end: right.end, args: []*expr{left, right}}
	}
	return left
}

// sum parses a + b - c (module constants are built this way).
func (p *exprParser) sum() *expr {
	left := p.product()
	for left != nil {
		t, ok := p.peek()
		if !ok || !(t.is("+") || t.is("-")) {
			return left
		}
		p.i++
		right := p.product()
		if right == nil {
			return nil
		}
		left = &expr{kind: exBinary, off: left.off, end: right.end, value: t.text, args: []*expr{left, right}}
	}
	return left
}

// product parses a * b (a bound written as 30 * DAY).
func (p *exprParser) product() *expr {
	left := p.unary()
	for left != nil {
		t, ok := p.peek()
		if !ok || !t.is("*") {
			return left
		}
		p.i++
		right := p.unary()
		if right == nil {
			return nil
		}
		left = &expr{kind: exBinary, off: left.off, end: right.end, value: t.text, args: []*expr{left, right}}
	}
	return left
}

func (p *exprParser) unary() *expr {
	t, ok := p.peek()
	if ok && (t.is("-") || t.is("+") || t.is("~")) {
		p.i++
		x := p.unary()
		if x == nil {
			return nil
		}
		return &expr{kind: exUnary, off: t.off, end: x.end, value: t.text, x: x}
	}
	return p.postfix()
}

func (p *exprParser) postfix() *expr {
	e := p.atom()
	for e != nil {
		switch {
		case p.accept("."):
			t, ok := p.peek()
			if !ok || t.kind != tkName {
				return nil
			}
			p.i++
			e = &expr{kind: exAttr, off: e.off, end: t.end, name: t.text, x: e}
		case p.accept("["):
			e = p.subscript(e)
		case p.accept("("):
			e = p.call(e)
		default:
			return e
		}
	}
	return e
}

func (p *exprParser) subscript(base *expr) *expr {
	first := p.i
	idx := p.tuple()
	if idx == nil || !p.accept("]") {
		return nil
	}
	sub := &expr{kind: exSubscript, off: base.off, end: p.toks[p.i-1].end, x: base}
	parenthesised := p.toks[first].is("(") && idx.off == p.toks[first].off && len(idx.args) != 1
	if idx.kind == exTuple && !parenthesised {
		sub.args = idx.args
	} else {
		sub.args = []*expr{idx}
	}
	return sub
}

func (p *exprParser) call(fn *expr) *expr {
	c := &expr{kind: exCall, off: fn.off, x: fn}
	for !p.accept(")") {
		if len(c.args)+len(c.kws) > 0 && !p.accept(",") {
			return nil
		}
		if p.accept(")") {
			break
		}
		if !p.callArg(c) {
			return nil
		}
	}
	c.end = p.toks[p.i-1].end
	return c
}

func (p *exprParser) callArg(c *expr) bool {
	t, ok := p.peek()
	if !ok {
		return false
	}
	if t.is("**") {
		p.i++
		v := p.or()
		c.kws = append(c.kws, keyword{value: v})
		return v != nil
	}
	if t.kind == tkName && p.i+1 < len(p.toks) && p.toks[p.i+1].is("=") {
		p.i += 2
		v := p.cond()
		c.kws = append(c.kws, keyword{name: t.text, value: v})
		return v != nil
	}
	v := p.cond()
	c.args = append(c.args, v)
	return v != nil
}

func (p *exprParser) atom() *expr {
	t, ok := p.peek()
	if !ok {
		return nil
	}
	switch t.kind {
	case tkName:
		p.i++
		switch t.text {
		case "None", "True", "False":
			return &expr{kind: exConst, off: t.off, end: t.end, value: t.text}
		case "lambda":
			return p.lambda(t)
		case "not", "await", "yield", "if", "for", "in", "is", "and", "or":
			return nil
		}
		return &expr{kind: exName, off: t.off, end: t.end, name: t.text}
	case tkNumber:
		p.i++
		return &expr{kind: exNum, off: t.off, end: t.end, value: t.text}
	case tkString:
		return p.strings()
	}
	switch t.text {
	case "...":
		p.i++
		return &expr{kind: exConst, off: t.off, end: t.end, value: "..."}
	case "(":
		return p.group(t)
	case "[":
		return p.display(t, "]", exList)
	case "{":
		return p.display(t, "}", exSet)
	}
	return nil
}

func (p *exprParser) strings() *expr {
	start := p.i
	for p.i < len(p.toks) && p.toks[p.i].kind == tkString {
		p.i++
	}
	v, k := evalStrings(p.toks[start:p.i])
	e := &expr{kind: exStr, off: p.toks[start].off, end: p.toks[p.i-1].end, value: v}
	switch k {
	case strBytes:
		e.kind = exBytes
	case strF:
		e.kind = exFString
	}
	return e
}

func (p *exprParser) group(open token) *expr {
	p.i++
	if p.accept(")") {
		return &expr{kind: exTuple, off: open.off, end: p.toks[p.i-1].end}
	}
	e := p.tuple()
	if e == nil || !p.accept(")") {
		return nil
	}
	if e.kind == exTuple {
		e.off, e.end = open.off, p.toks[p.i-1].end
	}
	return e
}

// display parses [a, b] and {a, b} / {k: v}.
func (p *exprParser) display(open token, close string, kind exprKind) *expr {
	p.i++
	d := &expr{kind: kind, off: open.off}
	for !p.accept(close) {
		if len(d.args) > 0 && !p.accept(",") {
			return nil
		}
		if p.accept(close) {
			break
		}
		e := p.or()
		if e == nil {
			return nil
		}
		d.args = append(d.args, e)
		if kind != exList && p.accept(":") {
			d.kind = exDict
			v := p.or()
			if v == nil {
				return nil
			}
			d.args = append(d.args, v)
		}
	}
	if close == "}" && len(d.args) == 0 {
		d.kind = exDict
	}
	d.end = p.toks[p.i-1].end
	return d
}

// lambda skips `lambda params: body` up to the comma or bracket that ends
// it; the frontend only needs to know a lambda is there (default_factory).
func (p *exprParser) lambda(t token) *expr {
	end := scanExpr(p.toks, p.i-1, func(t token) bool { return t.is(",") })
	if end <= p.i {
		return nil
	}
	p.i = end
	return &expr{kind: exLambda, off: t.off, end: p.toks[end-1].end}
}
