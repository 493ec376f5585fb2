package python

import (
	"sort"
	"strings"
)

// module is the outline of one Python file: what sits directly in the
// module body. Bodies of functions and compound statements are skipped.
type module struct {
	src        string
	lineStarts []int
	doc        *docText // module docstring
	docAssign  *docText // __doc__ = "..."
	funcs      []*funcDef
	classes    []*classDef
	assigns    map[string]*assign
	imports    []*importDef
	err        *lexError
	pending    []*expr // decorators waiting for their def or class
	// listHandlers names the functions registered with
	// Server(on_list_tools=name) anywhere in the file.
	listHandlers map[string]bool
	// registered names the functions listed in a `functions=[...]`
	// argument (swarm's Agent), in source order.
	registered []string
	// rebinds names what the module assigns besides its plain top-level
	// assignments: in a block (if, try, for, with …), by an augmented
	// assignment, as a loop target, or through `global` in a function.
	// Such a name is no constant (see deref).
	rebinds map[string]bool
}

// docText is a docstring and where it starts.
type docText struct {
	text string // raw value, not cleaned
	off  int
}

type funcDef struct {
	name       string
	off        int // of `def` or `async`
	async      bool
	decorators []*expr
	params     []*param
	returns    *expr
	doc        *docText
	body       []logicalLine // the indented lines of the body
}

type param struct {
	name    string
	kind    string
	off     int
	ann     *expr
	def     *expr
	annText string // source text with redundant parentheses removed
	defText string
}

type classDef struct {
	name       string
	off        int
	decorators []*expr
	bases      []*expr
	kws        []keyword
	doc        *docText
	fields     []*field
	nested     []*classDef // classes defined in the body
	body       []logicalLine
}

// field is a class-body assignment: `name: ann = value`, or `NAME = value`
// (ann nil) for enum members.
type field struct {
	name  string
	off   int
	ann   *expr
	value *expr
	doc   *docText // the string statement right after it
}

type assign struct {
	name  string
	off   int
	value *expr
	alias bool // annotated TypeAlias or `type X = ...`
	// rebound is set when the name is assigned more than once at module
	// level: it is then no constant.
	rebound bool
}

func (m *module) bind(a *assign) {
	if prev := m.assigns[a.name]; prev != nil {
		a.rebound = true
	}
	m.assigns[a.name] = a
}

type importDef struct {
	off    int
	module string // dotted, without leading dots
	level  int    // leading dots
	names  [][2]string
}

// parseModule builds the outline of normalised source.
func parseModule(src string) *module {
	m := &module{src: src, assigns: map[string]*assign{}, lineStarts: []int{0}}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			m.lineStarts = append(m.lineStarts, i+1)
		}
	}
	lines, err := tokenize(src)
	switch {
	case err == nil:
		err = checkGrammar(src, lines)
	case err.inLine, err.soft:
		err = m.firstError(err, checkGrammar(src, lines))
	}
	m.err = err
	if err != nil {
		return m
	}
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && lines[j].indent > 0 {
			j++
		}
		if lines[i].indent > 0 {
			m.err = &lexError{off: lines[i].toks[0].off, msg: "unexpected indent"}
			return m
		}
		m.statement(lines[i].toks, lines[i+1:j], i == 0)
		i = j
	}
	for _, ln := range lines {
		if ln.toks[0].isName("global") {
			m.rebind(ln.toks[1:]...)
		}
		for k := 0; k+2 < len(ln.toks); k++ {
			if ln.toks[k].isName("on_list_tools") && ln.toks[k+1].is("=") && ln.toks[k+2].kind == tkName {
				if m.listHandlers == nil {
					m.listHandlers = map[string]bool{}
				}
				m.listHandlers[ln.toks[k+2].text] = true
			}
			if ln.toks[k].isName("functions") && ln.toks[k+1].is("=") && ln.toks[k+2].is("[") {
				end := matching(ln.toks, k+2)
				for _, t := range ln.toks[k+3 : min(end, len(ln.toks))] {
					if t.kind == tkName {
						m.registered = append(m.registered, t.text)
					}
				}
			}
		}
	}
	for name := range m.rebinds {
		if a := m.assigns[name]; a != nil {
			a.rebound = true
		}
	}
	return m
}

// rebind records names the module binds other than by one plain
// top-level assignment.
func (m *module) rebind(toks ...token) {
	for _, t := range toks {
		if t.kind == tkName {
			if m.rebinds == nil {
				m.rebinds = map[string]bool{}
			}
			m.rebinds[t.text] = true
		}
	}
}

// blockBindings records the names a module-level block statement binds:
// a for loop's targets and what its lines assign (`X = …`, `X: T = …`,
// `X += …`), at any depth.
func (m *module) blockBindings(header []token, body []logicalLine) {
	if header[0].isName("for") || header[0].isName("async") && len(header) > 1 && header[1].isName("for") {
		start := 1 + boolInt(header[0].isName("async"))
		m.rebind(header[start:scanExpr(header, start, func(t token) bool { return t.isName("in") })]...)
	}
	if c := scanExpr(header, 0, isOp(":")); c+1 < len(header) {
		m.assignedIn(header[c+1:])
	}
	for _, ln := range body {
		m.assignedIn(ln.toks)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// assignedIn records the target of each simple statement of a line that
// assigns a bare name, and its imports: a file that runs both as a
// script and as a package imports its models in a try block
// (`try: from .models import X` / `except ImportError: from models
// import X`), and the first import tscg can read wins.
func (m *module) assignedIn(toks []token) {
	for _, s := range splitStatements(toks) {
		switch {
		case s[0].isName("import") || s[0].isName("from"):
			if imp := parseImport(s); imp != nil {
				m.imports = append(m.imports, imp)
			}
		case len(s) > 1 && s[0].kind == tkName && (s[1].is("=") || s[1].is(":") || isAugmented(s[1])):
			m.rebind(s[0])
		}
	}
}

func isAugmented(t token) bool {
	return t.kind == tkOp && len(t.text) >= 2 && strings.HasSuffix(t.text, "=") && t.text != "==" && t.text != "<=" && t.text != ">=" && t.text != "!="
}

// firstError picks the error CPython reports when the lexer found lerr
// (one CPython's tokenizer reports only as the parser reaches it) and the
// grammar check of the tokens before it found gerr (nil for none). A
// parser error the parser meets first wins; after one, CPython tokenizes
// the rest of the file, and a bracket still open at a soft lexer error
// that was opened on an earlier line than the parser error is reported
// instead (_PyPegen_tokenize_full_source_to_check_for_errors), except
// after an unexpected indent.
func (m *module) firstError(lerr, gerr *lexError) *lexError {
	if gerr == nil || gerr.off >= min(lerr.met, lerr.cut) {
		return lerr
	}
	if lerr.soft && lerr.open >= 0 && gerr.msg != "unexpected indent" {
		if ol, _ := m.lineCol(lerr.open); ol < m.line(gerr.off) {
			return &lexError{off: lerr.open, msg: neverClosed(m.src, lerr.open)}
		}
	}
	return gerr
}

func (m *module) line(off int) int {
	l, _ := m.lineCol(off)
	return l
}

// lineCol converts an offset to a 1-based line and 1-based byte column.
func (m *module) lineCol(off int) (int, int) {
	l := sort.Search(len(m.lineStarts), func(i int) bool { return m.lineStarts[i] > off }) - 1
	l = max(l, 0)
	return l + 1, off - m.lineStarts[l] + 1
}

// statement handles one top-level logical line and its indented body.
func (m *module) statement(toks []token, body []logicalLine, first bool) {
	if toks[0].is("@") {
		m.pending = append(m.pending, parseExpr(toks[1:]))
		return
	}
	decorators := m.pending
	m.pending = nil
	switch {
	case toks[0].isName("def"), toks[0].isName("async") && len(toks) > 1 && toks[1].isName("def"):
		if f := m.funcDef(toks, body); f != nil {
			f.decorators = decorators
			m.funcs = append(m.funcs, f)
		}
	case toks[0].isName("class"):
		if c := m.classDef(toks, body); c != nil {
			c.decorators = decorators
			m.classes = append(m.classes, c)
		}
	case isCompoundKeyword(toks):
		m.blockBindings(toks, body)
	default:
		for k, s := range splitStatements(toks) {
			if first && k == 0 {
				m.doc = docOf(s)
			}
			m.simple(s)
		}
	}
}

func isCompoundKeyword(toks []token) bool {
	if toks[0].kind != tkName {
		return false
	}
	switch toks[0].text {
	case "if", "elif", "else", "for", "while", "try", "except", "finally", "with", "async":
		return true
	case "match":
		// A soft keyword: `match x:` opens a block, `match = 1` does not.
		return toks[len(toks)-1].is(":")
	}
	return false
}

// splitStatements splits a simple-statement line at its semicolons.
func splitStatements(toks []token) [][]token {
	var out [][]token
	start := 0
	for _, i := range semicolons(toks) {
		if i > start {
			out = append(out, toks[start:i])
		}
		start = i + 1
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// semicolons returns the indices of a line's semicolons outside brackets
// (nil for most lines, which have none).
func semicolons(toks []token) []int {
	var out []int
	depth := 0
	for i, t := range toks {
		if t.kind != tkOp {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ";":
			if depth == 0 {
				out = append(out, i)
			}
		}
	}
	return out
}

// docOf returns the string of a statement that is a lone str literal.
func docOf(s []token) *docText {
	for _, t := range s {
		if t.kind != tkString {
			return nil
		}
	}
	if len(s) == 0 {
		return nil
	}
	v, k := evalStrings(s)
	if k != strText {
		return nil
	}
	return &docText{text: v, off: s[0].off}
}

// firstStatement returns the first statement of a block: the rest of the
// header line after its colon, else the first body line.
func firstStatement(rest []token, body []logicalLine) []token {
	if len(rest) == 0 && len(body) > 0 {
		rest = body[0].toks
	}
	if s := splitStatements(rest); len(s) > 0 {
		return s[0]
	}
	return nil
}

// simple records the module-level simple statements the frontend uses.
func (m *module) simple(s []token) {
	switch {
	case s[0].isName("import"), s[0].isName("from"):
		if imp := parseImport(s); imp != nil {
			m.imports = append(m.imports, imp)
		}
	case s[0].isName("type") && len(s) > 3 && s[1].kind == tkName:
		if eq := scanExpr(s, 2, isOp("=")); eq < len(s) {
			m.bind(&assign{name: s[1].text, off: s[1].off, value: parseExpr(s[eq+1:]), alias: true})
		}
	case s[0].kind == tkName && len(s) > 2 && s[1].is(":"):
		eq := scanExpr(s, 2, isOp("="))
		if eq < len(s) {
			ann := parseExpr(s[2:eq])
			m.bind(&assign{name: s[0].text, off: s[0].off, value: parseExpr(s[eq+1:]), alias: ann.dotted() == "TypeAlias" || ann.dotted() == "typing.TypeAlias"})
		}
	case s[0].kind == tkName && len(s) > 2 && isAugmented(s[1]):
		m.rebind(s[0])
	case s[0].kind == tkName && len(s) > 2 && s[1].is("="):
		end := scanExpr(s, 2, isOp("="))
		if end < len(s) {
			return // chained assignment
		}
		if s[0].text == "__doc__" {
			if d := docOf(s[2:]); d != nil {
				m.docAssign = d
			}
			return
		}
		m.bind(&assign{name: s[0].text, off: s[0].off, value: parseExpr(s[2:])})
	}
}

func parseImport(s []token) *importDef {
	imp := &importDef{off: s[0].off}
	i := 1
	if s[0].isName("import") {
		for i < len(s) {
			j := i
			for j < len(s) && !s[j].is(",") && !s[j].isName("as") {
				j++
			}
			name := joinText(s[i:j])
			alias := name
			if j+1 < len(s) && s[j].isName("as") {
				alias = s[j+1].text
				j += 2
			}
			imp.names = append(imp.names, [2]string{name, alias})
			i = j + 1
		}
		return imp
	}
	for i < len(s) && (s[i].is(".") || s[i].is("...")) {
		imp.level += len(s[i].text)
		i++
	}
	j := i
	for j < len(s) && !s[j].isName("import") {
		j++
	}
	imp.module = joinText(s[i:j])
	for k := j + 1; k < len(s); k++ {
		t := s[k]
		if t.kind != tkName && !t.is("*") {
			continue
		}
		alias := t.text
		if k+2 < len(s) && s[k+1].isName("as") {
			alias = s[k+2].text
			k += 2
		}
		imp.names = append(imp.names, [2]string{t.text, alias})
	}
	return imp
}

func joinText(toks []token) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.text)
	}
	return b.String()
}

func isOp(op string) func(token) bool { return func(t token) bool { return t.is(op) } }

// scanExpr returns the index of the first token from i that stop accepts
// outside brackets and lambdas (a lambda's parameter list holds commas and
// its colon is not a stop), or the index of an unmatched closing bracket,
// or len(toks).
func scanExpr(toks []token, i int, stop func(token) bool) int {
	depth, lambdas := 0, 0
	for ; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tkOp {
			switch t.text {
			case "(", "[", "{":
				depth++
				continue
			case ")", "]", "}":
				if depth == 0 {
					return i
				}
				depth--
				continue
			}
		}
		switch {
		case depth > 0:
		case t.isName("lambda"):
			lambdas++
		case lambdas > 0 && t.is(":"):
			lambdas--
		case lambdas == 0 && stop(t):
			return i
		}
	}
	return i
}

// matching returns the index of the bracket closing the one at i.
func matching(toks []token, i int) int {
	depth := 0
	for ; i < len(toks); i++ {
		if toks[i].kind != tkOp {
			continue
		}
		switch toks[i].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(toks)
}
