package python

import (
	"maps"
	"slices"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// DefaultToolDecorators are the decorators that make a function a tool:
// the MCP SDK and FastMCP (`@mcp.tool()`, `@server.tool`, `@app.tool`),
// LangChain, smolagents, CrewAI and agno (`@tool`), the OpenAI Agents SDK
// (`@function_tool`) and pydantic-ai (`@agent.tool`, `@agent.tool_plain`).
// A bare name matches the imported name (`from x import tool as t` makes
// `@t` match "tool"); "*.name" matches any receiver.
var DefaultToolDecorators = []string{"tool", "function_tool", "*.tool", "*.tool_plain"}

// DefaultInjectedTypes are parameter types the frameworks fill in
// themselves and never show the model: FastMCP's Context, pydantic-ai's
// RunContext[T], the OpenAI Agents SDK's RunContextWrapper[T] and
// ToolContext, LangChain's RunnableConfig, ToolRuntime, callback managers
// and the Injected* markers of Annotated[T, InjectedToolArg].
var DefaultInjectedTypes = []string{
	"Context", "RunContext", "RunContextWrapper", "ToolContext", "RunnableConfig", "ToolRuntime",
	"CallbackManagerForToolRun", "AsyncCallbackManagerForToolRun",
	"InjectedToolArg", "InjectedState", "InjectedStore", "InjectedToolCallId",
}

// agnoInjectedNames are the parameters agno fills in by name.
var agnoInjectedNames = map[string]bool{"agent": true, "team": true, "run_context": true,
	"images": true, "videos": true, "audios": true, "files": true}

// frameworkDecorators mark a file as written for a framework even when it
// has no tool: its resources and prompts are then not tools either.
var frameworkDecorators = []string{"*.resource", "*.prompt", "*.list_tools", "*.call_tool", "*.list_resources",
	"*.list_prompts", "*.get_prompt", "*.read_resource", "*.custom_route"}

func (o Options) decorators() []string {
	return append(append([]string(nil), DefaultToolDecorators...), o.ToolDecorators...)
}

func (o Options) injected() map[string]bool {
	m := map[string]bool{}
	for _, n := range append(append([]string(nil), DefaultInjectedTypes...), o.InjectedTypes...) {
		m[n] = true
	}
	return m
}

// matchDecorator reports whether decorator d matches one of the patterns.
func (l *loader) matchDecorator(s *source, d *expr, patterns []string) bool {
	fn := d
	if d.kind == exCall {
		fn = d.x
	}
	dotted := fn.dotted()
	if dotted == "" {
		return false
	}
	bare := !strings.Contains(dotted, ".")
	canon := dotted
	if bare {
		canon = l.canonical(s, fn)
	}
	for _, p := range patterns {
		switch {
		case strings.HasPrefix(p, "*."):
			if !bare && lastPart(dotted) == p[2:] {
				return true
			}
		case bare && !strings.Contains(p, "."):
			if canon == p {
				return true
			}
		case dotted == p:
			return true
		}
	}
	return false
}

// toolDecorator returns the function's tool decorator, or nil.
func (l *loader) toolDecorator(s *source, f *funcDef) *expr {
	for _, d := range f.decorators {
		if l.matchDecorator(s, d, l.opts.decorators()) {
			return d
		}
	}
	return nil
}

// usesFramework reports whether the file defines tools the frameworks'
// way; then only what the framework publishes is a tool.
func (l *loader) usesFramework(s *source) bool {
	for _, f := range s.m.funcs {
		for _, d := range f.decorators {
			if l.matchDecorator(s, d, l.opts.decorators()) || l.matchDecorator(s, d, frameworkDecorators) {
				return true
			}
		}
		if len(l.handlers(s, f.body, "list_tools")) > 0 || s.m.listHandlers[f.name] {
			return true
		}
	}
	for _, c := range s.m.classes {
		if l.isBaseTool(s, c) || l.isSmolTool(s, c) {
			return true
		}
		if f, _ := l.modelTool(s, c); f != nil {
			return true
		}
	}
	return len(l.swarmFunctions(s)) > 0 || len(l.registrations(s)) > 0
}

// swarmFunctions returns the functions a swarm Agent(functions=[...]) of
// the file registers.
func (l *loader) swarmFunctions(s *source) map[string]bool {
	if len(s.m.registered) == 0 || !l.importsFrom(s, "swarm") {
		return nil
	}
	out := map[string]bool{}
	for _, n := range s.m.registered {
		out[n] = true
	}
	return out
}

// importsFrom reports whether the file imports the package root.
func (l *loader) importsFrom(s *source, root string) bool {
	for _, imp := range s.m.imports {
		mods := []string{imp.module}
		if imp.module == "" {
			mods = mods[:0]
			for _, n := range imp.names {
				mods = append(mods, n[0])
			}
		}
		for _, m := range mods {
			if imp.level == 0 && (m == root || strings.HasPrefix(m, root+".")) {
				return true
			}
		}
	}
	return false
}

// toolOpts says how one function becomes a tool.
type toolOpts struct {
	framework  bool            // untyped parameters are Any, with a warning
	mcpSDK     bool            // the MCP SDK's FastMCP: untyped parameters are strings
	smolagents bool            // smolagents refuses untyped parameters
	swarm      bool            // untyped parameters are strings; context_variables is injected
	agno       bool            // agno injects parameters by name
	hidden     map[string]bool // parameters the user supplies, not the model
	// schemaGiven: the decorator's args_schema= is the tool's schema
	// (LangChain, CrewAI).
	schemaGiven bool
}

// decoratedTool converts a function with a tool decorator, applying the
// decorator's arguments.
func (l *loader) decoratedTool(s *source, f *funcDef, d *expr) *ir.Tool {
	o := toolOpts{framework: true, agno: l.fromModule(s, d, "agno"), hidden: map[string]bool{},
		mcpSDK: l.importsFrom(s, "mcp.server"), smolagents: l.importsFrom(s, "smolagents")}
	if d.kind == exCall {
		l.userInput(s, f, d, &o)
		o.schemaGiven = d.kw("args_schema") != nil
	}
	t := l.tool(s, f, o)
	if d.kind != exCall {
		l.setListing(s, f, d, t, l.listingRuleOf(s, d), l.notes)
		return t
	}
	if len(d.args) > 0 { // @tool("name") in LangChain and CrewAI
		if n, ok := l.str(s, d.args[0]); ok {
			t.Name = n
		}
	}
	for _, k := range d.kws {
		l.decoratorArg(s, t, k)
	}
	if t.Name != f.name {
		t.Function = f.name
	}
	rule := l.listingRuleOf(s, d)
	l.listingMembers(s, d, t, rule)
	l.setListing(s, f, d, t, rule, l.notes)
	return t
}

// fromModule reports whether the decorator's name is imported from the
// package root (or one of its modules).
func (l *loader) fromModule(s *source, d *expr, root string) bool {
	fn := d
	if d.kind == exCall {
		fn = d.x
	}
	head, _, _ := strings.Cut(fn.dotted(), ".")
	for _, imp := range s.m.imports {
		for _, n := range imp.names {
			if n[1] == head {
				mod := imp.module
				if mod == "" {
					mod = n[0]
				}
				return mod == root || strings.HasPrefix(mod, root+".")
			}
		}
	}
	return false
}

// userInput reads agno's user_input_fields: the fields the user supplies
// are not shown to the model. requires_user_input=True without a list
// hides none (agno's decorator sets user_input_fields=[], which
// process_entrypoint reads as no field).
func (l *loader) userInput(s *source, f *funcDef, d *expr, o *toolOpts) {
	fields := d.kw("user_input_fields")
	if fields != nil {
		v, ok := l.goValue(s, fields)
		list, isList := v.([]any)
		if !ok || !isList {
			l.warn(s.pos(fields.off), diag.Error, ruleValue, "user_input_fields must be a list of parameter names")
			return
		}
		for _, x := range list {
			if n, ok := x.(string); ok {
				o.hidden[n] = true
			}
		}
	}
}

// decoratorArg applies one keyword argument of a tool decorator.
func (l *loader) decoratorArg(s *source, t *ir.Tool, k keyword) {
	switch k.name {
	case "description", "description_override", "title":
		if k.value.kind == exConst && k.value.value == "None" {
			return
		}
		v := l.toolText(s, k)
		if k.name == "title" {
			t.Title = v
		} else {
			t.Description = v
		}
	case "name", "name_override":
		v, ok := l.str(s, k.value)
		if !ok {
			v, ok = l.prefixedName(s, k.value)
		}
		if !ok {
			v, ok = l.envText(s, k)
		}
		if !ok {
			if !(k.value.kind == exConst && k.value.value == "None") {
				l.nonLiteral(s, k)
			}
			return
		}
		t.Name = v
	case "annotations":
		l.toolAnnotations(s, t, k.value)
	case "args_schema":
		tg, ok := l.lookup(s, k.value.dotted())
		if !ok || tg.cls == nil {
			l.warn(s.pos(k.value.off), diag.Error, ruleValue, "args_schema=%s is not a class of this folder", l.text(s, k.value))
			return
		}
		t.Params = l.classRef(tg.src, tg.cls)
	case "requires_confirmation", "requires_approval", "needs_approval":
		if k.value.kind == exConst && k.value.value == "True" {
			t.Annotations.RequiresApproval = true
		}
	}
}

// toolAnnotations reads ToolAnnotations(readOnlyHint=True, …) or the same
// as a dict literal.
func (l *loader) toolAnnotations(s *source, t *ir.Tool, e *expr) {
	if r := l.deref(s, e); !r.opaque() && r.e != e { // annotations=READ_ONLY
		l.toolAnnotations(r.src, t, r.e)
		return
	}
	hints := map[string]any{}
	switch e.kind {
	case exCall:
		for _, k := range e.kws {
			v, ok := l.goValue(s, k.value)
			if !ok {
				l.nonLiteral(s, k)
				continue
			}
			hints[k.name] = v
		}
	case exDict:
		v, ok := l.goValue(s, e)
		m, isMap := v.(map[string]any)
		if !ok || !isMap {
			l.warn(s.pos(e.off), diag.Error, ruleValue, "annotations must be a dict literal or ToolAnnotations(...)")
			return
		}
		hints = m
	case exConst:
		return // None
	default:
		l.warn(s.pos(e.off), diag.Error, ruleValue, "annotations must be a dict literal or ToolAnnotations(...)")
		return
	}
	for _, key := range slices.Sorted(maps.Keys(hints)) {
		v := hints[key]
		b, isBool := v.(bool)
		switch key {
		case "title":
			// annotations.title, apart from the tool's title= (the MCP
			// listing writes each where it was given)
			if str, ok := v.(string); ok {
				t.Annotations.Title = str
			}
			continue
		case "readOnlyHint":
			t.Annotations.ReadOnly = &b
		case "destructiveHint":
			t.Annotations.Destructive = &b
		case "idempotentHint":
			t.Annotations.Idempotent = &b
		case "openWorldHint":
			t.Annotations.OpenWorld = &b
		default:
			// mcp.types.ToolAnnotations allows extra fields: the MCP SDK and
			// fastmcp publish them as given ("icon": "🎯")
			t.AnnotationsExtra = append(t.AnnotationsExtra, ir.Keyword{Name: key, Value: ir.MarshalValue(v)})
			continue
		}
		if !isBool {
			l.warn(s.pos(e.off), diag.Error, ruleValue, "tool annotation %s must be True or False", key)
		}
	}
}

// injectedParam reports whether the framework fills the parameter in.
func (l *loader) injectedParam(s *source, p *param, o toolOpts) bool {
	if o.agno && agnoInjectedNames[p.name] || o.swarm && p.name == "context_variables" {
		return true
	}
	if p.ann == nil {
		return false
	}
	return l.injectedHint(s, p.ann, 0)
}

func (l *loader) injectedHint(s *source, e *expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch e.kind {
	case exStr:
		return false
	case exOr:
		return l.injectedHint(s, e.args[0], depth+1) || l.injectedHint(s, e.args[1], depth+1)
	case exSubscript:
		switch l.canonical(s, e.x) {
		case "Annotated":
			for _, m := range e.args[1:] {
				if m.kind == exCall {
					m = m.x
				}
				if l.opts.injected()[l.canonical(s, m)] {
					return true
				}
			}
			return len(e.args) > 0 && l.injectedHint(s, e.args[0], depth+1)
		case "Optional":
			return len(e.args) == 1 && l.injectedHint(s, e.args[0], depth+1)
		}
		return l.injectedHint(s, e.x, depth+1)
	case exName, exAttr:
		return l.opts.injected()[l.canonical(s, e)]
	}
	return false
}

// prefixedName reads name=prefix + "literal" where prefix is a value only
// the running server knows (a namespace a factory function is called
// with): the tool is listed under the literal, as with an empty prefix
// (the usual default), with a warning saying so.
func (l *loader) prefixedName(s *source, e *expr) (string, bool) {
	if e.kind != exBinary || e.value != "+" || len(e.args) != 2 || e.args[0].kind != exName {
		return "", false
	}
	lit, ok := l.str(s, e.args[1])
	if !ok {
		return "", false
	}
	if _, known := l.str(s, e.args[0]); known {
		return "", false
	}
	l.warn(s.pos(e.off), diag.Warning, ruleValue, "the tool's name is %s + %q, and %s is known only when the server runs: the tool is listed as %q, the name with an empty %s", e.args[0].name, lit, e.args[0].name, lit, e.args[0].name)
	return lit, true
}
