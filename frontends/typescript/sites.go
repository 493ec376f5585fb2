package typescript

// constDecl is a `const`/`let`/`var` declaration with an initializer,
// recorded by offset: its value is read only when something refers to
// it (a zod schema, a tool's name or configuration).
type constDecl struct {
	name     string
	off      int // of the name
	init     int // of the initializer's first token
	exported bool
	nested   bool // inside a function or block, not at the top level
	mutable  bool // declared with let or var: its type is the widened one
	file     *file
	state    uint8 // constFresh, constBusy, constDone
	val      *value
	named    *namedEntry // when the value is a zod schema
}

const (
	constFresh uint8 = iota
	constBusy
	constDone
)

// callSite is a call that may register a tool: `x.registerTool(`,
// `x.tool(`, `tool(`, `new DynamicStructuredTool(`,
// `x.setRequestHandler(`. It is read after parsing, from its offset.
type callSite struct {
	callee    string
	off       int  // of the callee name
	paren     int  // of the '('
	method    bool // called as a method (`server.tool`)
	isNew     bool
	key       string // `key: tool(...)`: the property it initializes
	keyOff    int
	constName string // `const NAME = tool(...)`
	returned  bool   // `return tool(...)`, `=> tool(...)`
}

// registrationCallees are the callee names a callSite is recorded for.
func isRegistrationCallee(name string) bool {
	switch name {
	case "registerTool", "registerToolTask", "tool", "DynamicStructuredTool", "setRequestHandler", "addTool",
		"generateText", "streamText", "generateObject", "streamObject":
		return true
	}
	return false
}

// recordSites notes const declarations and registration calls at the
// cursor without consuming anything: parseTop goes on skipping the
// statement as before.
func (p *parser) recordSites(depth int) {
	t := p.tok()
	if t.kind != tIdent {
		return
	}
	prev := p.prevTok()
	if prev != nil && prev.kind == tPunct && (prev.text == "." || prev.text == "?.") && !isRegistrationCallee(t.text) {
		return
	}
	switch t.text {
	case "const", "let", "var":
		p.recordConst(depth, prev)
	default:
		if isRegistrationCallee(t.text) {
			p.recordCall(prev)
		}
	}
}

func (p *parser) prevTok() *token {
	if p.i == 0 {
		return nil
	}
	return &p.toks[p.i-1]
}

// maxAnnotationTokens bounds the scan past a const's type annotation.
const maxAnnotationTokens = 512

func (p *parser) recordConst(depth int, prev *token) {
	name := p.peek(1)
	if name.kind != tIdent {
		return
	}
	k := 2
	if p.peek(2).text == ":" {
		// Skip the annotation to the '=' at bracket depth zero.
		d := 0
		for k = 3; k < maxAnnotationTokens; k++ {
			x := p.peek(k)
			if x.kind == tEOF {
				return
			}
			if x.kind != tPunct {
				continue
			}
			switch x.text {
			case "(", "[", "{", "<":
				d++
			case ")", "]", "}", ">":
				d--
			case ";":
				if d == 0 {
					return
				}
			}
			if d < 0 {
				return
			}
			if d == 0 && x.text == "=" && p.peek(k+1).text != ">" {
				break
			}
		}
	}
	eq := p.peek(k)
	if eq.text != "=" || p.peek(k+1).text == "=" || p.peek(k+1).text == ">" {
		return
	}
	init := p.peek(k + 1)
	if init.kind == tEOF {
		return
	}
	if p.out.consts == nil {
		p.out.consts = map[string][]*constDecl{}
	}
	c := &constDecl{name: name.text, off: name.off, init: init.off, nested: depth > 0,
		exported: depth == 0 && prev != nil && prev.kind == tIdent && prev.text == "export", mutable: p.tok().text != "const"}
	p.out.consts[name.text] = append(p.out.consts[name.text], c)
	p.out.constList = append(p.out.constList, c)
}

func (p *parser) recordCall(prev *token) {
	t := p.tok()
	open := p.peek(1)
	if open.text != "(" {
		return
	}
	s := callSite{callee: t.text, off: t.off, paren: open.off}
	if prev != nil {
		switch {
		case prev.kind == tPunct && (prev.text == "." || prev.text == "?."):
			s.method = true
		case prev.kind == tIdent && prev.text == "new":
			s.isNew = true
		case prev.kind == tIdent && prev.text == "return", prev.kind == tPunct && prev.text == "=>":
			s.returned = true // `return tool(…)` or an arrow's body `=> tool(…)`
		}
	}
	if s.callee == "DynamicStructuredTool" && !s.isNew {
		return
	}
	if (s.callee == "registerTool" || s.callee == "registerToolTask" || s.callee == "setRequestHandler" || s.callee == "addTool") && !s.method {
		return
	}
	// What the call initializes: `key: tool(…)` or `const NAME = tool(…)`.
	if p.i >= 2 && prev.kind == tPunct {
		k := &p.toks[p.i-2]
		switch {
		case prev.text == ":" && (k.kind == tIdent || k.kind == tString):
			s.key, s.keyOff = k.strValue(), k.off
		case prev.text == "=" && k.kind == tIdent:
			s.constName = k.text
		}
	}
	p.out.calls = append(p.out.calls, s)
}
