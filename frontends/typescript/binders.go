package typescript

import (
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
)

// A registration call is found where it is written; what its arguments
// mean depends on what surrounds it: the loop it runs in, the callback
// of forEach/map it is in, the function whose parameters it reads (a
// project's wrapper around the SDK's registration). binders.go maps the
// functions and loops of a file once, and envsAt gives a call the scopes
// it runs in: one per loop element, one per call of its function found
// in the project with arguments tscg can read.

type regionKind uint8

const (
	rFor      regionKind = iota // for (const PATTERN of EXPR) BODY
	rCallback                   // RECV.forEach(PARAMS => BODY), map, flatMap, filter
	rFunc                       // a function: declared, arrow or method; name "" when anonymous
	rIf                         // if (COND) { BODY }
	rElse                       // if (COND) {…} else { BODY }
)

// region is a loop or function body of a file, by offsets.
type region struct {
	kind       regionKind
	start, end int // the body
	body       int // the body's first token ('{' for a block)
	block      bool
	pat        int    // rFor: the pattern; rCallback, rFunc: the parameters
	iter       int    // rFor: the iterated expression; rCallback: the receiver; rIf, rElse: the condition
	stop       int    // rCallback: the '.' before the method; rIf, rElse: the condition's ')'
	name       string // rFunc
	method     bool   // rFunc: called as x.name(…)
	declared   bool   // rFunc: a function declaration (`function name(`)
	// passedTo: an anonymous rFunc written as argument argIdx of a call
	// of the plain name passedTo (the callee's token at callOff), which
	// runs it where that function calls its parameter.
	passedTo string
	argIdx   int
	callOff  int
}

// fileScan is a file's tokens and regions.
type fileScan struct {
	toks    []token
	regions []region
	classes []classRange
}

// classRange is a class declaration's body, by offsets: a method region
// inside it reads `this` as the instance its caller made with `new`.
type classRange struct {
	name       string
	start, end int // the body's '{' and one past its '}'
	isDefault  bool
	exported   bool
	ctor       region // the constructor's region (kind rFunc) when it has one
	hasCtor    bool
}

// siteKey names a call in a file.
type siteKey struct {
	f   *file
	off int
}

var callbackMethods = map[string]bool{"forEach": true, "map": true, "flatMap": true, "filter": true}

var notMethodNames = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true,
	"function": true, "return": true, "with": true, "do": true, "typeof": true, "await": true, "new": true,
	"super": true, "import": true, "else": true, "in": true, "of": true, "void": true}

// scan maps f's regions once.
func (r *resolver) scan(f *file) *fileScan {
	if s, ok := r.scans[f]; ok {
		return s
	}
	if r.scans == nil {
		r.scans = map[*file]*fileScan{}
	}
	s := &fileScan{}
	r.scans[f] = s
	s.toks = lexAll(f.src)
	match := matchBrackets(s.toks)
	for i := range s.toks {
		if rg, ok := s.regionAt(i, match); ok {
			s.regions = append(s.regions, rg)
		}
		if c, ok := s.classAt(i, match); ok {
			s.classes = append(s.classes, c)
		}
	}
	for i := range s.classes {
		c := &s.classes[i]
		for _, rg := range s.regions {
			if rg.kind == rFunc && rg.method && rg.name == "constructor" && c.start < rg.start && rg.end <= c.end && s.classOf(rg) == c {
				c.ctor, c.hasCtor = rg, true
			}
		}
	}
	return s
}

// classAt reads `[export [default]] [abstract] class NAME … {` at token i.
func (s *fileScan) classAt(i int, match []int) (classRange, bool) {
	t := s.toks[i]
	if t.kind != tIdent || t.text != "class" || i+1 >= len(s.toks) || s.toks[i+1].kind != tIdent {
		return classRange{}, false
	}
	c := classRange{name: s.toks[i+1].text}
	k := i - 1
	if s.text(k) == "abstract" {
		k--
	}
	c.isDefault = s.text(k) == "default" && s.text(k-1) == "export"
	c.exported = s.text(k) == "export" || c.isDefault
	for j := i + 2; j < len(s.toks) && j < i+256; j++ {
		if s.toks[j].kind == tPunct && s.toks[j].text == "<" {
			// Type parameters and arguments hold no class body.
			for d := 0; j < len(s.toks); j++ {
				switch s.toks[j].text {
				case "<":
					d++
				case ">":
					d--
				}
				if d == 0 {
					break
				}
			}
			continue
		}
		if s.toks[j].kind == tPunct && s.toks[j].text == "{" {
			if match[j] < 0 {
				return classRange{}, false
			}
			c.start, c.end = s.toks[j].off, s.toks[match[j]].off+1
			return c, true
		}
	}
	return classRange{}, false
}

// classOf is the innermost class whose body holds region rg, or nil.
func (s *fileScan) classOf(rg region) *classRange {
	var in *classRange
	for i := range s.classes {
		c := &s.classes[i]
		if c.start < rg.start && rg.end <= c.end && (in == nil || c.start > in.start) {
			in = c
		}
	}
	return in
}

// lexAll lexes a whole source, or as much of it as lexes.
func lexAll(src string) (toks []token) {
	defer func() {
		if _, ok := caught(recover()); ok {
		}
	}()
	p := newParserAt(src, 0)
	for {
		t := p.next()
		toks = append(toks, *t)
		if t.kind == tEOF {
			return toks
		}
	}
}

// matchBrackets gives each bracket token the index of its match (-1).
func matchBrackets(toks []token) []int {
	match := make([]int, len(toks))
	var stack []int
	for i, t := range toks {
		match[i] = -1
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			stack = append(stack, i)
		case ")", "]", "}":
			if n := len(stack); n > 0 {
				match[i], match[stack[n-1]] = stack[n-1], i
				stack = stack[:n-1]
			}
		}
	}
	return match
}

func (s *fileScan) text(i int) string {
	if i < 0 || i >= len(s.toks) {
		return ""
	}
	return s.toks[i].text
}

func (s *fileScan) regionAt(i int, match []int) (region, bool) {
	t := s.toks[i]
	switch {
	case t.kind == tIdent && t.text == "for" && s.text(i+1) == "(":
		return s.forRegion(i, match)
	case t.kind == tIdent && (t.text == "if" || t.text == "else"):
		return s.ifRegion(i, match)
	case t.kind == tPunct && t.text == "=>":
		return s.arrowRegion(i, match)
	case t.kind == tIdent && t.text == "function":
		return s.functionRegion(i, match)
	case t.kind == tIdent && s.text(i+1) == "(" && !notMethodNames[t.text] && (i == 0 || isMethodLead(s.toks[i-1])):
		end := match[i+1]
		if end < 0 {
			return region{}, false
		}
		if b := s.bodyAfter(end+1, match); b >= 0 {
			return s.block(rFunc, b, match, s.toks[i+1].off, t.text, true), true
		}
	}
	return region{}, false
}

func isMethodLead(t token) bool {
	switch t.text {
	case "{", ",", "}", ";", "async", "*", "static", "public", "private", "protected", "override":
		return t.kind == tPunct || t.kind == tIdent
	}
	return false
}

// bodyAfter is the index of the '{' of a function body starting at k
// (after an optional return type annotation), or -1.
func (s *fileScan) bodyAfter(k int, match []int) int {
	if s.text(k) == "{" {
		return k
	}
	if s.text(k) != ":" {
		return -1
	}
	for j := k + 1; j < len(s.toks) && j < k+256; j++ {
		x := s.toks[j].text
		if x == "{" && s.toks[j].kind == tPunct {
			switch s.text(j - 1) {
			case ":", "|", "&", "<", ",", "=>", "(":
				if match[j] < 0 {
					return -1
				}
				j = match[j]
				continue
			}
			return j
		}
		if x == ";" || x == "=" {
			return -1
		}
	}
	return -1
}

func (s *fileScan) block(kind regionKind, b int, match []int, pat int, name string, method bool) region {
	end := len(s.toks) - 1
	if match[b] >= 0 {
		end = match[b]
	}
	return region{kind: kind, start: s.toks[b].off, end: s.toks[end].off + 1, body: s.toks[b].off, block: true,
		pat: pat, name: name, method: method}
}

// exprEnd is the index of the token ending an expression body at k.
func (s *fileScan) exprEnd(k int, match []int) int {
	for j := k; j < len(s.toks); j++ {
		t := s.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			if match[j] < 0 {
				return len(s.toks) - 1
			}
			j = match[j]
		case ",", ")", "]", "}", ";":
			return j
		}
	}
	return len(s.toks) - 1
}

// ifRegion is the block of `if (COND) {` at i, or of the `else {` at i
// that ends such an if; its condition decides whether code inside runs.
func (s *fileScan) ifRegion(i int, match []int) (region, bool) {
	kind, cond, b := rIf, i+1, -1
	if s.text(i) == "if" {
		if s.text(cond) != "(" || match[cond] < 0 {
			return region{}, false
		}
		b = match[cond] + 1
	} else {
		// else { … } or else if (…) { … }: back over the if's block and
		// condition; the else's region is the block that follows.
		end := i - 1
		if s.text(end) != "}" || match[end] < 0 {
			return region{}, false
		}
		close := match[end] - 1
		if s.text(close) != ")" || match[close] < 0 || s.text(match[close]-1) != "if" {
			return region{}, false
		}
		kind, cond, b = rElse, match[close], i+1
		if s.text(b) == "if" && s.text(b+1) == "(" && match[b+1] > 0 {
			b = match[b+1] + 1
		}
	}
	if s.text(b) != "{" || match[b] < 0 || cond+1 >= len(s.toks) {
		return region{}, false
	}
	rg := s.block(kind, b, match, 0, "", false)
	rg.iter, rg.stop = s.toks[cond+1].off, s.toks[match[cond]].off
	return rg, true
}

func (s *fileScan) forRegion(i int, match []int) (region, bool) {
	close := match[i+1]
	switch s.text(i + 2) {
	case "const", "let", "var":
	default:
		return region{}, false
	}
	if close < 0 {
		return region{}, false
	}
	for k := i + 3; k < close; k++ {
		if match[k] > k {
			k = match[k]
			continue
		}
		if s.toks[k].text == "of" && s.toks[k].kind == tIdent && k > i+3 {
			rg := region{kind: rFor, pat: s.toks[i+3].off, iter: s.toks[k+1].off}
			b := close + 1
			if s.text(b) == "{" && match[b] > 0 {
				rg.start, rg.end, rg.body, rg.block = s.toks[b].off, s.toks[match[b]].off+1, s.toks[b].off, true
			} else {
				rg.start, rg.end = s.toks[b].off, s.toks[s.exprEnd(b, match)].off+1
			}
			return rg, true
		}
	}
	return region{}, false
}

func (s *fileScan) arrowRegion(i int, match []int) (region, bool) {
	ps := i - 1
	switch {
	case s.returnTypeStart(i, match) >= 0:
		ps = match[s.returnTypeStart(i, match)-1]
	case s.text(ps) == ")" && match[ps] >= 0:
		ps = match[ps]
	case ps >= 0 && s.toks[ps].kind == tIdent:
	default:
		return region{}, false
	}
	var rg region
	if b := i + 1; s.text(b) == "{" {
		rg = s.block(rFunc, b, match, s.toks[ps].off, "", false)
	} else if b < len(s.toks) {
		end := s.exprEnd(b, match)
		rg = region{kind: rFunc, start: s.toks[b].off, end: s.toks[end].off, body: s.toks[b].off, pat: s.toks[ps].off}
	}
	s.classify(&rg, ps)
	return rg, true
}

// returnTypeStart is the index of the ':' of an arrow function's return
// type annotation (`(a: A): R => …`, the '=>' at i), or -1.
func (s *fileScan) returnTypeStart(i int, match []int) int {
	for j := i - 1; j > 0 && j > i-256; j-- {
		switch x := s.toks[j]; {
		case x.kind == tPunct && (x.text == ")" || x.text == "]" || x.text == "}"):
			if match[j] < 0 || match[j] >= j {
				return -1
			}
			j = match[j]
		case x.kind == tPunct && x.text == ":":
			if p := j - 1; s.text(p) == ")" && match[p] >= 0 && match[p] < p && s.text(match[p]-1) != "?" {
				return j
			}
			return -1
		case x.kind == tPunct && (x.text == ";" || x.text == "=" || x.text == "," || x.text == "=>" || x.text == "(" || x.text == "{" || x.text == "["):
			return -1
		}
	}
	return -1
}

func (s *fileScan) functionRegion(i int, match []int) (region, bool) {
	j := i + 1
	if s.text(j) == "*" {
		j++
	}
	name := ""
	if j < len(s.toks) && s.toks[j].kind == tIdent {
		if k := s.afterTypeParams(j + 1); s.text(k) == "(" {
			name = s.toks[j].text
			j = k
		}
	}
	if s.text(j) != "(" || match[j] < 0 {
		return region{}, false
	}
	b := s.bodyAfter(match[j]+1, match)
	if b < 0 {
		return region{}, false
	}
	rg := s.block(rFunc, b, match, s.toks[j].off, name, false)
	rg.declared = name != ""
	if name == "" {
		k := i
		if s.text(k-1) == "async" {
			k--
		}
		s.classify(&rg, k)
	}
	return rg, true
}

// afterTypeParams is the index after the type parameter list `<…>` at
// j (`function f<T extends Record<K, V>>(`), or j when there is none.
func (s *fileScan) afterTypeParams(j int) int {
	if s.text(j) != "<" {
		return j
	}
	depth := 0
	for k := j; k < len(s.toks) && k < j+256; k++ {
		switch s.text(k) {
		case "<":
			depth++
		case ">":
			depth--
		case ">>":
			depth -= 2
		case ">>>":
			depth -= 3
		case ";":
			return j
		}
		if depth <= 0 {
			return k + 1
		}
	}
	return j
}

// classify names a function expression from what precedes its
// parameters at ps: `const NAME =`, `NAME:` in an object, or the
// callback of `RECV.forEach(`.
func (s *fileScan) classify(rg *region, ps int) {
	k := ps - 1
	if s.text(k) == "async" {
		k--
	}
	switch {
	case s.text(k) == "(" && callbackMethods[s.text(k-1)] && s.text(k-2) == "." && s.text(k-3) != "":
		rg.kind, rg.stop = rCallback, s.toks[k-2].off
		rg.iter = s.toks[s.chainStart(k-3)].off
	case s.text(k) == "=" && k >= 2 && s.toks[k-1].kind == tIdent && (s.text(k-2) == "const" || s.text(k-2) == "let" || s.text(k-2) == "var"):
		rg.name = s.toks[k-1].text
	case s.text(k) == ":" && k >= 2 && (s.toks[k-1].kind == tIdent || s.toks[k-1].kind == tString) && (s.text(k-2) == "{" || s.text(k-2) == ","):
		rg.name, rg.method = s.toks[k-1].strValue(), true
	case s.text(k) == "(" || s.text(k) == ",":
		s.classifyArgument(rg, k)
	}
}

// classifyArgument marks a function written as an argument of a call
// `name(…, fn, …)` of a plain name (not a method, not a builtin
// callback) whose argument list holds token k ('(' or ',').
func (s *fileScan) classifyArgument(rg *region, k int) {
	idx, depth := 0, 0
	for ; k >= 0; k-- {
		switch s.toks[k].text {
		case ")", "]", "}":
			depth++
			continue
		case "[", "{":
			if depth == 0 {
				return
			}
			depth--
			continue
		case "(":
			if depth > 0 {
				depth--
				continue
			}
		case ",":
			if depth == 0 {
				idx++
			}
			continue
		default:
			continue
		}
		break
	}
	if k < 1 || s.toks[k-1].kind != tIdent || notMethodNames[s.toks[k-1].text] {
		return
	}
	if prev := s.text(k - 2); prev == "." || prev == "?." || prev == "function" || prev == "new" {
		return
	}
	rg.passedTo, rg.argIdx, rg.callOff = s.toks[k-1].text, idx, s.toks[k-1].off
}

// chainStart walks back from token j over a postfix chain (a.b[c](d)).
func (s *fileScan) chainStart(j int) int {
	match := func(k int) int {
		depth := 0
		for ; k >= 0; k-- {
			switch s.toks[k].text {
			case ")", "]", "}":
				depth++
			case "(", "[", "{":
				depth--
				if depth == 0 {
					return k
				}
			}
		}
		return 0
	}
	for j > 0 {
		switch t := s.toks[j]; {
		case t.kind == tPunct && (t.text == ")" || t.text == "]"):
			j = match(j)
			if s.toks[j].text == "[" && (j == 0 || s.toks[j-1].kind == tPunct && s.toks[j-1].text != ")" && s.toks[j-1].text != "]") {
				return j // an array literal
			}
			j--
			continue
		case t.kind == tIdent || t.kind == tString:
			if s.text(j-1) == "." || s.text(j-1) == "?." {
				j -= 2
				continue
			}
			return j
		}
		return j + 1
	}
	return j
}

// maxBindDepth bounds how far callers of callers are followed, and
// maxEnvs how many scopes one registration call is read in.
const (
	maxBindDepth = 4
	maxEnvs      = 512
)

// localFunc is the function declared as `function name(` in f (not
// exported, so not among f.funcs), as a value, or nil.
func (r *resolver) localFunc(f *file, name string, off int) *value {
	for _, rg := range r.scan(f).regions {
		if rg.declared && rg.name == name {
			return r.val(value{kind: vFunc, off: off, f: f, text: "function " + name,
				fn: &funcVal{body: rg.body, params: rg.pat, exprBody: !rg.block}})
		}
	}
	return nil
}

// envsAt returns the scopes the code at off of f runs in: nil alone
// when nothing around it binds names.
func (r *resolver) envsAt(f *file, off, depth int) []*scope {
	key := siteKey{f, off}
	if es, ok := r.envs[key]; ok {
		return es
	}
	if r.envs == nil {
		r.envs = map[siteKey][]*scope{}
	}
	r.envs[key] = []*scope{nil} // a cycle reads as unbound
	var regs []region
	for _, rg := range r.scan(f).regions {
		if rg.start <= off && off < rg.end {
			regs = append(regs, rg)
		}
	}
	sort.SliceStable(regs, func(i, j int) bool { return regs[i].start < regs[j].start })
	envs := []*scope{nil}
	for _, rg := range regs {
		var next []*scope
		for _, env := range envs {
			next = append(next, r.enter(f, rg, env, off, depth)...)
			if len(next) > maxEnvs {
				next = next[:maxEnvs]
				break
			}
		}
		envs = next
	}
	r.envs[key] = envs
	return envs
}

// enter gives the scopes of region rg's body entered from env.
func (r *resolver) enter(f *file, rg region, env *scope, off, depth int) []*scope {
	e := &evaluator{r: r, f: f, env: env}
	var out []*scope
	switch rg.kind {
	case rFor, rCallback:
		var it *value
		if rg.kind == rFor {
			it = e.evalIn(rg.iter)
		} else {
			it = e.receiver(rg)
		}
		if it.kind == vNamespace {
			it = r.moduleObject(it.f, it.off, 0)
		}
		for i, el := range iterElems(e, it, rg.iter) {
			if !e.step(rg.start) {
				break
			}
			sc := newScope(env)
			b := &evaluator{r: r, f: f, env: sc}
			sc.via = "element " + itoa(i) + " of " + sourceAt(f, rg.iter) + " at " + f.pos(rg.iter).String()
			if el.f != nil {
				sc.at = el.f.pos(el.off)
			}
			if rg.kind == rFor {
				b.bindAt(rg.pat, func() { b.bindDeclared(el) })
			} else {
				idx := r.val(value{kind: vNumber, off: el.off, f: f, text: itoa(i)})
				b.bindParams(rg.pat, []*value{el, idx, it})
			}
			if sc := b.prefix(rg, off); sc != nil {
				out = append(out, sc)
			}
		}
	case rIf, rElse:
		// A block whose condition is known not to hold at off's run is not
		// entered; otherwise the names it binds before off are.
		truth, known := truthy(e.evalIn(rg.iter))
		if known && truth == (rg.kind == rElse) {
			return nil
		}
		if !known && r.once(f, rg.iter) {
			// Only registrations and the calls leading to them are read
			// this way: the block may hold tools the server lists only
			// when the run decides so.
			when := "holds"
			if rg.kind == rElse {
				when = "does not hold"
			}
			cond := strings.Join(strings.Fields(f.src[rg.iter:rg.stop]), " ")
			if r := []rune(cond); len(r) > 60 {
				cond = string(r[:57]) + "..."
			}
			r.diags.Add(diag.Warnf(f.pos(rg.iter), "tools registered in this block are listed only when `%s` %s, which is known only when the server runs; tscg lists them", cond, when))
		}
		b := &evaluator{r: r, f: f, env: newScope(env)}
		if sc := b.prefix(rg, off); sc != nil {
			out = append(out, sc)
		}
	case rFunc:
		if rg.name == "" && rg.passedTo != "" {
			if scs, ok := r.enterPassed(f, rg, env, off, depth); ok {
				return scs
			}
		}
		for _, c := range r.callArgsOf(f, rg, depth) {
			if !r.within(f, rg, c, env) {
				continue // a call made in another run of the enclosing function
			}
			args := c.args
			sc := newScope(env)
			sc.via, sc.at, sc.rooted = c.via, c.at, c.rooted
			if c.this != nil {
				sc.names["this"] = c.this
			}
			b := &evaluator{r: r, f: f, env: sc}
			b.bindParams(rg.pat, args)
			if sc := b.prefix(rg, off); sc != nil {
				out = append(out, sc)
			}
		}
	}
	return out
}

// enterPassed enters a function written as an argument of a project
// function F (`F(x, () => register(server))`): it runs where F calls
// that parameter, so its body is entered once for each such call made
// by this call of F that tscg does not know to be skipped (an if whose
// condition is known false in that run). ok is false when F or its
// parameter cannot be read, or F never calls the parameter by name:
// the function is then read as called.
func (r *resolver) enterPassed(f *file, rg region, env *scope, off, depth int) (out []*scope, ok bool) {
	if depth >= maxBindDepth || r.budgetSpent {
		return nil, false
	}
	e := &evaluator{r: r, f: f, env: env, p: newParserAt(f.src, rg.callOff)}
	fn := func() (v *value) {
		defer func() {
			if _, bad := caught(recover()); bad {
				v = nil
			}
		}()
		return e.primary()
	}()
	var ff *file
	var params int
	switch {
	case fn == nil:
		return nil, false
	case fn.kind == vFunc && !fn.fn.exprBody:
		ff, params = fn.f, fn.fn.params
	case fn.kind == vDeclFunc && fn.decl.hasBody:
		ff, params = fn.decl.file, fn.decl.paramsOff
	default:
		return nil, false
	}
	sc := r.scan(ff)
	var fr *region
	for i := range sc.regions {
		if g := &sc.regions[i]; g.kind == rFunc && g.pat == params && g.block {
			fr = g
		}
	}
	name := paramName(sc.toks, params, rg.argIdx)
	if fr == nil || name == "" {
		return nil, false
	}
	at := f.pos(rg.callOff)
	var calls []int
	for i := 1; i+1 < len(sc.toks); i++ {
		t := sc.toks[i]
		if t.off <= fr.start || t.off >= fr.end || t.kind != tIdent || t.text != name || sc.text(i-1) == "." || sc.text(i-1) == "?." {
			continue
		}
		if sc.toks[i+1].text != "(" {
			return nil, false // passed on or stored: it may run elsewhere
		}
		calls = append(calls, sc.toks[i+1].off)
	}
	if len(calls) == 0 {
		return nil, false
	}
	for _, paren := range calls {
		for _, cenv := range r.envsAt(ff, paren, depth+1) {
			if !enteredAt(cenv, at) {
				continue // a run of F made by another call
			}
			args, ok := r.argsAt(ff, paren, cenv)
			if !ok {
				args = nil
			}
			s := newScope(env)
			s.via, s.at = "the call of "+name+"() in "+rg.passedTo+"() at "+ff.pos(paren).String(), ff.pos(paren)
			b := &evaluator{r: r, f: f, env: s}
			b.bindParams(rg.pat, args)
			if s := b.prefix(rg, off); s != nil {
				out = append(out, s)
			}
		}
	}
	return out, true
}

// enteredAt reports whether scope s was entered through the element or
// call written at at.
func enteredAt(s *scope, at diag.Pos) bool {
	for ; s != nil; s = s.parent {
		if s.at == at {
			return true
		}
	}
	return false
}

// paramName is the name of parameter i of the list at offset params
// ('(' or a lone name), or "" for a pattern or a missing parameter.
func paramName(toks []token, params, i int) string {
	k := 0
	for k < len(toks) && toks[k].off < params {
		k++
	}
	if k >= len(toks) {
		return ""
	}
	if toks[k].text != "(" {
		if i == 0 && toks[k].kind == tIdent {
			return toks[k].text
		}
		return ""
	}
	depth, idx, start := 0, 0, true
	for k++; k < len(toks); k++ {
		t := toks[k]
		switch t.text {
		case "(", "[", "{", "<":
			depth++
		case ")", "]", "}", ">":
			if depth == 0 {
				return ""
			}
			depth--
		case ",":
			if depth == 0 {
				idx, start = idx+1, true
				continue
			}
		}
		if start && depth == 0 && idx == i {
			if t.kind == tIdent && t.text != "this" {
				return t.text
			}
			return ""
		}
		start = false
	}
	return ""
}

// receiver evaluates a callback region's receiver (the x of x.map(…)).
func (e *evaluator) receiver(rg region) (v *value) {
	sub := &evaluator{r: e.r, f: e.f, env: e.env, p: newParserAt(e.f.src, rg.iter), stop: rg.stop}
	defer func() {
		if _, ok := caught(recover()); ok {
			v = e.opaque(rg.iter, "the receiver of a callback tscg cannot read")
		}
	}()
	return sub.postfix(sub.primary())
}

// bindAt runs bind with the cursor at off, ignoring what it cannot read.
func (e *evaluator) bindAt(off int, bind func()) {
	e.p = newParserAt(e.f.src, off)
	defer func() {
		if _, ok := caught(recover()); ok {
		}
	}()
	bind()
}

// prefix runs the statements of a block body before offset off, so that
// the names they declare are bound; it returns the scope, or nil when a
// return known to run comes first (`if (!enabled) return;` with enabled
// known false): off is not reached with these bindings.
func (e *evaluator) prefix(rg region, off int) *scope {
	if rg.block {
		if v := e.execBlock(rg.body, off); v != nil && v.kind != vOpaque {
			return nil
		}
	}
	return e.env
}

// iterElems lists what a loop runs over: an array's elements, or for
// anything else one opaque element saying why.
func iterElems(e *evaluator, it *value, off int) []*value {
	if it.kind == vArray && !hasSpread(it) && len(it.elems) <= maxLoopElems {
		return it.elems
	}
	return []*value{e.opaqueAt(it, "an element of "+describeValue(it))}
}

// callArgsOf evaluates the arguments of every call of function rg found
// in the project; a function no such call reaches gets one list of
// opaque arguments.
func (r *resolver) callArgsOf(f *file, rg region, depth int) []boundCall {
	var out []boundCall
	var class *classRange
	if rg.method && rg.name != "constructor" {
		class = r.scan(f).classOf(rg)
	}
	// unreachable: calls were found, and each is in code known not to run
	// (a block whose condition does not hold): the function is not run.
	unreachable := false
	if rg.name != "" && depth < maxBindDepth {
		callers := r.callersOf(f, rg)
		unreachable = len(callers) > 0
		for _, c := range callers {
			newAt, isNew := -1, false
			if class != nil {
				var x string
				if x, newAt, isNew = r.newReceiver(c); isNew && !r.namesClass(c.f, x, f, class) {
					continue // a method of the same name of another class
				}
			}
			envs := r.envsAt(c.f, c.off, depth+1)
			unreachable = unreachable && len(envs) == 0
			for _, env := range envs {
				if args, ok := r.argsAt(c.f, c.paren, env); ok {
					via := "the call of " + rg.name + "() at " + c.f.pos(c.off).String()
					if ch := env.chain(); ch != "" {
						via += " ← " + ch
					}
					bc := boundCall{args: args, via: via, at: c.f.pos(c.off), caller: env, f: c.f, off: c.off, rooted: c.f.root || env.fromRoot()}
					if isNew {
						if cargs, ok := r.argsAt(c.f, newAt, env); ok {
							bc.this = r.construct(f, class, cargs, depth)
						}
					}
					out = append(out, bc)
				}
			}
		}
	}
	if len(out) > 0 || unreachable {
		return out
	}
	what := "a parameter of a function"
	if rg.name != "" {
		what = "a parameter of " + rg.name + "(), which no call tscg read gives a constant"
	}
	args := make([]*value, 8)
	for i := range args {
		args[i] = r.val(value{kind: vOpaque, off: rg.pat, f: f, text: what})
	}
	return []boundCall{{args: args}}
}

// boundCall is the arguments a function body is read with, and the
// call (with its own chain) they come from.
type boundCall struct {
	args   []*value
	via    string
	at     diag.Pos // the call
	caller *scope   // the scope the call runs in
	f      *file    // where the call is written
	off    int
	this   *value // a method's instance, when its caller made it with new
	rooted bool   // the call is in a root file, or code a root's call reached
}

// within reports whether call c of nested function rg belongs with
// outer, the scope rg's body is entered from: a call written inside the
// function enclosing rg runs in one run of it, so the ways into the call
// end with the ways into outer (a closure is not called by another run
// of its enclosing function). Calls written elsewhere are kept.
func (r *resolver) within(f *file, rg region, c boundCall, outer *scope) bool {
	o := outer.chain()
	if o == "" || c.caller == nil || c.f != f {
		return true
	}
	inside := false
	for _, e := range r.scan(f).regions {
		if e.start < rg.start && rg.end <= e.end && e.start <= c.off && c.off < e.end {
			inside = true
			break
		}
	}
	ch := c.caller.chain()
	return !inside || ch == o || strings.HasSuffix(ch, " ← "+o)
}

// newReceiver reads the receiver of method call c when it is written
// `new X(…).method(…)`: X and the offset of its argument list's '('.
func (r *resolver) newReceiver(c caller) (name string, paren int, ok bool) {
	s := r.scan(c.f)
	i := c.tok
	if i < 4 || s.text(i-1) != "." || s.text(i-2) != ")" {
		return "", 0, false
	}
	depth, j := 0, i-2
	for ; j >= 0; j-- {
		switch s.toks[j].text {
		case ")":
			depth++
		case "(":
			depth--
		}
		if depth == 0 {
			break
		}
	}
	if j < 2 || s.toks[j-1].kind != tIdent || s.text(j-2) != "new" {
		return "", 0, false
	}
	return s.toks[j-1].text, s.toks[j].off, true
}

// namesClass reports whether name, as file g sees it, is class c of f.
func (r *resolver) namesClass(g *file, name string, f *file, c *classRange) bool {
	if g == f && name == c.name {
		return true
	}
	b, ok := g.imports[name]
	if !ok || g.deps[b.spec] != f {
		return false
	}
	return b.name == c.name || b.name == "default" && c.isDefault
}

// construct is the instance `new C(args)` makes, as far as its
// constructor's constant code says: parameter properties
// (`constructor(private x: T)`) and `this.k = v` statements.
func (r *resolver) construct(f *file, c *classRange, args []*value, depth int) *value {
	this := r.val(value{kind: vObject, off: c.start, f: f})
	if !c.hasCtor {
		return this
	}
	sc := newScope(nil)
	sc.names["this"] = this
	e := &evaluator{r: r, f: f, env: sc}
	if !e.step(c.start) || depth >= maxBindDepth {
		return this
	}
	e.bindParams(c.ctor.pat, args)
	s := r.scan(f)
	for i, t := range s.toks {
		if t.off < c.ctor.pat || t.off >= c.ctor.start {
			continue
		}
		if paramModifiers[t.text] && t.kind == tIdent && i+1 < len(s.toks) && s.toks[i+1].kind == tIdent && !paramModifiers[s.toks[i+1].text] {
			if v, ok := sc.names[s.toks[i+1].text]; ok {
				obj := sc.names["this"]
				cp := *obj
				cp.props = append(append([]vprop(nil), obj.props...), vprop{key: s.toks[i+1].text, off: s.toks[i+1].off, v: v})
				sc.names["this"] = &cp
			}
		}
	}
	e.execBlock(c.ctor.body, -1)
	return sc.names["this"]
}

// argsAt evaluates the arguments of the call whose '(' is at paren.
func (r *resolver) argsAt(f *file, paren int, env *scope) (args []*value, ok bool) {
	e := &evaluator{r: r, f: f, env: env, p: newParserAt(f.src, paren)}
	defer func() {
		if _, ok := caught(recover()); ok {
			args, ok = nil, false
		}
	}()
	return e.args(), true
}

// caller is a call of a function by name.
type caller struct {
	f          *file
	off, paren int
	tok        int // the callee name's token index
}

// callersOf finds the calls of function rg: in its own file, and in
// files that import a binding of that name.
func (r *resolver) callersOf(f *file, rg region) []caller {
	var out []caller
	for _, g := range r.files {
		if g != f && !rg.method {
			if _, ok := g.imports[rg.name]; !ok && !r.importsNamespaceOf(g, f) {
				continue
			}
		}
		toks := r.scan(g).toks
		for i := 1; i+1 < len(toks); i++ {
			t := toks[i]
			if t.kind != tIdent || t.text != rg.name || toks[i+1].text != "(" {
				continue
			}
			prev := toks[i-1].text
			dotted := prev == "." || prev == "?."
			if dotted != rg.method && !(dotted && i >= 2 && r.namespaceExports(g, toks[i-2].text, rg.name, f)) || prev == "function" {
				continue
			}
			if g == f && toks[i+1].off == rg.pat {
				continue // the declaration itself
			}
			out = append(out, caller{f: g, off: t.off, paren: toks[i+1].off, tok: i})
		}
	}
	return out
}

// importsNamespaceOf reports whether g imports some module as a
// namespace (import * as ns): a call ns.fn(…) may call a function of f.
func (r *resolver) importsNamespaceOf(g, f *file) bool {
	for _, b := range g.imports {
		if b.name == "*" && g.deps[b.spec] != nil {
			return true
		}
	}
	return false
}

// namespaceExports reports whether ns is a namespace import of g whose
// module exports name from f (directly, or re-exported by a barrel).
func (r *resolver) namespaceExports(g *file, ns, name string, f *file) bool {
	b, ok := g.imports[ns]
	if !ok || b.name != "*" {
		return false
	}
	return exportsFrom(g.deps[b.spec], name, f, 0)
}

// exportsFrom reports whether module m's export name is f's, following
// re-exports (export { x } from, export * from).
func exportsFrom(m *file, name string, f *file, hops int) bool {
	if m == nil || hops > maxExportHops {
		return false
	}
	if m == f {
		return true
	}
	if b, ok := m.exports[name]; ok {
		return b.spec != "" && b.name != "*" && exportsFrom(m.deps[b.spec], b.name, f, hops+1)
	}
	for _, s := range m.stars {
		if exportsFrom(m.deps[s.spec], name, f, hops+1) {
			return true
		}
	}
	return false
}

// inCalledFunc reports whether offset off of f is in a named function
// that some file calls (checked by name before any evaluation).
func (r *resolver) inCalledFunc(f *file, off int) bool {
	for _, rg := range r.scan(f).regions {
		if rg.kind == rFunc && rg.name != "" && rg.start <= off && off < rg.end && len(r.callersOf(f, rg)) > 0 {
			return true
		}
	}
	return false
}
