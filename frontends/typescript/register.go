package typescript

import (
	"maps"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
)

// framework is the library a registration call belongs to.
type framework uint8

const (
	fwNone framework = iota
	fwMCP
	fwAISDK
	fwAgents
	fwLangChain
	fwFastMCP
)

// registeredTools reads the tools f registers through the MCP TypeScript
// SDK, the Vercel AI SDK, OpenAI Agents JS and LangChain.js. With
// reached, only the calls that run in a function some read call reaches
// count (f is not a root: its top level registers nothing of the roots').
func (r *resolver) registeredTools(f *file, reached bool) []found {
	var out []found
	seen := map[int]bool{}
	for i := range f.calls {
		s := &f.calls[i]
		if seen[s.off] {
			continue
		}
		seen[s.off] = true
		onImport := reached && r.createdOnImport(f, s)
		if reached && !onImport && !r.inCalledFunc(f, s.off) {
			continue
		}
		o := &owner{what: "the tool registered at " + f.pos(s.off).String(), tool: true}
		done := r.begin(o)
		names := map[string]registration{}
		for _, env := range r.envsAt(f, s.off, 0) {
			if reached && !onImport && !env.fromRoot() {
				continue
			}
			r.siteEnv = env
			// One frame per scope: an error in one element of a loop
			// is that element's tool's, not its neighbours'.
			eo := &owner{what: o.what, tool: true}
			edone := r.begin(eo)
			for _, x := range r.callTools(f, s) {
				if r.noteRegistration(names, f, s, env, x.tool) {
					eo.tools = append(eo.tools, x.tool)
					out = append(out, x)
				}
			}
			edone()
			o.tools = append(o.tools, eo.tools...)
		}
		r.siteEnv = nil
		done()
	}
	return out
}

// createdOnImport reports whether call s makes a LangChain or OpenAI
// Agents tool when its module is loaded (a tool(…) or new
// DynamicStructuredTool(…) outside any function): importing the module
// creates the tool, as those frameworks list what tool() made.
func (r *resolver) createdOnImport(f *file, s *callSite) bool {
	switch {
	case s.isNew && s.callee == "DynamicStructuredTool":
	case !s.method && s.callee == "tool" && (toolImport(f) == fwLangChain || toolImport(f) == fwAgents):
	default:
		return false
	}
	for _, rg := range r.scan(f).regions {
		if rg.kind == rFunc && rg.start <= s.off && s.off < rg.end {
			return false
		}
	}
	return true
}

// found is a tool with the offset that orders it in its file.
type found struct {
	off  int
	tool *ir.Tool
}

func (r *resolver) callTools(f *file, s *callSite) []found {
	switch {
	case s.callee == "setRequestHandler":
		return r.listToolsHandler(f, s)
	case s.method && (s.callee == "registerTool" || s.callee == "registerToolTask" || s.callee == "tool"):
		if t := r.mcpTool(f, s); t != nil {
			return []found{{s.off, t}}
		}
	case s.method && s.callee == "addTool" && usesFastMCP(f):
		if t := r.fastMCPTool(f, s); t != nil {
			return []found{{s.off, t}}
		}
	case s.isNew && s.callee == "DynamicStructuredTool":
		if t := r.configTool(f, s, fwLangChain, 0); t != nil {
			return []found{{s.off, t}}
		}
	case !s.method && (s.callee == "generateText" || s.callee == "streamText" || s.callee == "generateObject" || s.callee == "streamObject"):
		return r.aiToolSet(f, s)
	case s.callee == "tool" && !s.method:
		switch fw := toolImport(f); fw {
		case fwAISDK, fwAgents:
			if t := r.configTool(f, s, fw, 0); t != nil {
				return []found{{s.off, t}}
			}
		case fwLangChain:
			if t := r.configTool(f, s, fw, 1); t != nil {
				return []found{{s.off, t}}
			}
		}
	}
	return nil
}

// toolImport says which framework a bare `tool` comes from.
func toolImport(f *file) framework {
	b, ok := f.imports["tool"]
	if !ok || b.name != "tool" {
		return fwNone
	}
	switch b.spec {
	case "ai":
		return fwAISDK
	case "@openai/agents", "@openai/agents-core", "@openai/agents/realtime", "@openai/agents-realtime":
		return fwAgents
	case "@langchain/core/tools", "langchain", "langchain/tools", "@langchain/core":
		return fwLangChain
	}
	return fwNone
}

// callArgs evaluates a call site's arguments.
func (r *resolver) callArgs(f *file, s *callSite) (args []*value) {
	e := &evaluator{r: r, f: f, p: newParserAt(f.src, s.paren), env: r.siteEnv}
	defer func() {
		if x := recover(); x != nil {
			b, ok := x.(bailout)
			if !ok {
				panic(x)
			}
			r.diags.Errorf(f.pos(b.off), "cannot read the arguments of %s(…): %s", s.callee, b.msg)
			args = nil
		}
	}()
	return e.args()
}

// mcpTool reads server.registerTool(name, config, cb) and
// server.tool(name, [description], [shape], [annotations], cb).
func (r *resolver) mcpTool(f *file, s *callSite) *ir.Tool {
	args := r.callArgs(f, s)
	if len(args) < 2 || args[0].kind != vString && !isUnreadString(args[0]) {
		return nil // not a tool registration (another library's .tool)
	}
	t := &ir.Tool{ExactTitles: true}
	if !r.toolName(t, args[0], s) {
		return nil
	}
	if r.publishesExecution(f) {
		t.Execution = ir.Value(`{"taskSupport":"forbidden"}`)
	}
	if s.callee == "registerTool" || s.callee == "registerToolTask" {
		cfg := args[1]
		if cfg.kind != vObject {
			r.diags.Errorf(cfg.f.pos(cfg.off), "registerTool %q: the configuration must be an object literal or constant tscg can read, found %s", t.Name, describeValue(cfg))
			return t
		}
		r.toolConfig(t, cfg, "inputSchema", fwMCP)
		if s.callee == "registerToolTask" {
			t.Execution = r.taskExecution(cfg)
		}
		return t
	}
	rest := args[1:]
	if len(rest) > 0 && isStringish(rest[0]) {
		t.Description = r.stringMember(rest[0], "description", t.Name)
		rest = rest[1:]
	}
	t.Params = r.mcpEmptyParams(f, s.off)
	for i, a := range rest {
		switch {
		case (a.kind == vFunc || a.kind == vDeclFunc) && i == len(rest)-1:
		case a.kind == vZod || a.kind == vObject && isShape(a) && t.Params.Properties == nil && i == 0:
			r.toolInput(t, a, fwMCP)
		case a.kind == vObject && isAnnotations(a):
			r.annotations(t, a)
		case a.kind == vObject && t.Params.Properties == nil:
			t.Params = r.inputSchema(a, fwMCP, t.Name, false) // reports what it cannot read
		default:
			r.diags.Errorf(a.f.pos(a.off), "server.tool %q: cannot read argument %d (%s)", t.Name, i+2, describeValue(a))
		}
	}
	return t
}

// sdkV2 reports whether f's project uses the SDK's v2 line
// (@modelcontextprotocol/server) rather than @modelcontextprotocol/sdk.
func (r *resolver) sdkV2(f *file) bool {
	dir := filepath.Dir(f.abs)
	spec, locked := dependencyVersion(dir, "@modelcontextprotocol/server")
	if spec == "" && locked == "" {
		return false
	}
	spec, locked = dependencyVersion(dir, "@modelcontextprotocol/sdk")
	return spec == "" && locked == ""
}

// publishesExecution reports whether the SDK of f's project lists
// tools with execution.
func (r *resolver) publishesExecution(f *file) bool { return r.sdkAtLeast(f, executionSince) }

// sdkAtLeast reports (once per directory and version) whether the SDK
// of f's project is min or newer.
func (r *resolver) sdkAtLeast(f *file, min [2]int) bool {
	key := sdkQuery{filepath.Dir(f.abs), min}
	v, ok := r.sdkVersion[key]
	if !ok {
		if r.sdkVersion == nil {
			r.sdkVersion = map[sdkQuery]bool{}
		}
		v = sdkAtLeast(f, min)
		r.sdkVersion[key] = v
	}
	return v
}

// sdkQuery is one question sdkAtLeast answers: a directory and a version.
type sdkQuery struct {
	dir string
	min [2]int
}

// taskExecution is what the SDK lists for registerToolTask:
// {"taskSupport": "required"} overridden by the configuration's execution.
func (r *resolver) taskExecution(cfg *value) ir.Value {
	x := r.val(value{kind: vObject, off: cfg.off, f: cfg.f})
	x.props = append(x.props, vprop{key: "taskSupport", v: r.val(value{kind: vString, text: "required"})})
	if ex := cfg.prop("execution"); ex != nil {
		x.spreadIn(ex)
	}
	if j, ok := jsonValue(x); ok && x.unknown == nil {
		return j
	}
	return ir.Value(`{"taskSupport":"required"}`)
}

// isUnreadString reports whether v is an opaque value in a name's place
// (a computed name), which is reported rather than skipped.
func isUnreadString(v *value) bool { return v.kind == vOpaque }

func (r *resolver) toolName(t *ir.Tool, v *value, s *callSite) bool {
	if v.kind != vString {
		via := ""
		if ch := r.siteEnv.chain(); ch != "" {
			via = " (read as " + ch + ")"
		}
		r.diags.Errorf(v.f.pos(v.off), "%s: the tool's name must be a string constant tscg can read, found %s%s", s.callee, describeValue(v), via)
		return false
	}
	t.Name = v.text
	if r.namePos == nil {
		r.namePos = map[*ir.Tool]diag.Pos{}
	}
	r.namePos[t] = v.f.pos(v.off)
	return true
}

// isShape reports whether an object literal is a zod raw shape: every
// value a zod schema (an empty object counts, as the SDK counts it).
func isShape(v *value) bool {
	for _, p := range v.props {
		if p.v.kind != vZod {
			return false
		}
	}
	return v.unknown == nil
}

// emptyParams is a tool's input when it takes no arguments.
func (r *resolver) emptyParams(f *file, off int) *ir.Type {
	return r.newType(ir.KindObject, f.pos(off))
}

// mcpEmptyParams is the input the MCP SDK lists for a tool registered
// without one: {"type": "object", "properties": {}}, open.
func (r *resolver) mcpEmptyParams(f *file, off int) *ir.Type {
	t := r.emptyParams(f, off)
	t.Additional, t.PropertiesKept = ir.AdditionalOpen, true
	return t
}

// toolConfig reads the members of a tool's configuration object.
func (r *resolver) toolConfig(t *ir.Tool, cfg *value, inputKey string, fw framework) {
	for _, p := range cfg.props {
		v := p.v
		switch p.key {
		case "title":
			t.Title = r.stringMember(v, p.key, t.Name)
		case "description":
			t.Description = r.stringMember(v, p.key, t.Name)
		case "annotations":
			r.annotations(t, v)
		case "outputSchema":
			t.Result = r.inputSchema(v, fw, t.Name, true)
		case "_meta":
			if fw != fwMCP || v.kind == vUndefined {
				break
			}
			if j, ok := jsonValue(v); ok && v.kind == vObject && v.unknown == nil {
				t.Meta = j
			} else {
				r.diags.Add(diag.Warnf(v.f.pos(v.off), "tool %q: _meta must be an object literal tscg can read, found %s; the listing leaves it out", t.Name, describeValue(v)))
			}
		}
	}
	if in := cfg.prop(inputKey); in != nil && in.kind != vUndefined {
		r.toolInput(t, in, fw)
	} else if fw == fwMCP {
		t.Params = r.mcpEmptyParams(cfg.f, cfg.off)
	} else {
		t.Params = r.emptyParams(cfg.f, cfg.off)
	}
	if cfg.unknown != nil {
		u := cfg.unknown
		r.diags.Errorf(u.f.pos(u.off), "tool %q: cannot read the spread %s in its configuration", t.Name, describeValue(u))
	}
}

func (r *resolver) stringMember(v *value, key, tool string) string {
	if v.kind == vString {
		return v.text
	}
	if v.kind == vPartial {
		for _, h := range v.elems {
			r.diags.Add(diag.Warnf(h.f.pos(h.off), "tool %q: its %s holds a value known only when the server runs (%s); tscg writes a placeholder <…> there", tool, key, describeValue(h)))
		}
		return v.text
	}
	if v.kind == vOpaque {
		// Known only at run time: a placeholder naming the expression.
		return r.stringMember(r.val(value{kind: vPartial, off: v.off, f: v.f, text: "<" + sourceAt(v.f, v.off) + ">", elems: []*value{v}}), key, tool)
	}
	if v.kind != vUndefined {
		r.diags.Errorf(v.f.pos(v.off), "tool %q: %s must be a string constant tscg can read, found %s", tool, key, describeValue(v))
	}
	return ""
}

// sourceAt is the source text of the expression at off: a name and its
// members, calls and indexes, shortened to 60 bytes.
func sourceAt(f *file, off int) (s string) {
	if f == nil || off >= len(f.src) {
		return "…"
	}
	p := newParserAt(f.src, off)
	end := off
	defer func() {
		if _, ok := caught(recover()); ok {
			s = "…"
		}
		if s == "" {
			s = "…"
		}
	}()
	for {
		t := p.tok()
		switch {
		case t.kind == tIdent || t.text == "." || t.text == "?.":
			p.next()
		case t.text == "(" || t.text == "[":
			p.skipBalanced()
		default:
			e := &evaluator{f: f}
			return e.span(off, end)
		}
		end = p.tok().off
		if p.tok().nlBefore {
			e := &evaluator{f: f}
			return e.span(off, end)
		}
	}
}

// annotations reads MCP tool annotations.
func (r *resolver) annotations(t *ir.Tool, v *value) {
	if v.kind != vObject {
		if v.kind != vUndefined {
			r.diags.Errorf(v.f.pos(v.off), "tool %q: annotations must be an object literal tscg can read, found %s", t.Name, describeValue(v))
		}
		return
	}
	for _, p := range v.props {
		b := func() *bool {
			if p.v.kind != vBool {
				r.diags.Errorf(p.v.f.pos(p.v.off), "tool %q: annotation %s must be true or false, found %s", t.Name, p.key, describeValue(p.v))
				return nil
			}
			return ir.Bool(p.v.text == "true")
		}
		switch p.key {
		case "title":
			t.Annotations.Title = r.stringMember(p.v, "annotations.title", t.Name)
			if !t.ExactTitles && t.Title == "" {
				t.Title, t.Annotations.Title = t.Annotations.Title, ""
			}
		case "readOnlyHint":
			t.Annotations.ReadOnly = b()
		case "destructiveHint":
			t.Annotations.Destructive = b()
		case "idempotentHint":
			t.Annotations.Idempotent = b()
		case "openWorldHint":
			t.Annotations.OpenWorld = b()
		default:
			// The SDK and fastmcp list the annotations object as given.
			if data, ok := jsonValue(p.v); ok {
				t.AnnotationsExtra = append(t.AnnotationsExtra, ir.Keyword{Name: p.key, Value: data})
				r.diags.Add(diag.Diagnostic{Pos: p.v.f.pos(p.off), Severity: diag.Info, Message: "tool " + quote(t.Name) + ": annotation " + p.key + " is not an MCP annotation tscg knows; listed as given"})
				continue
			}
			r.diags.Add(diag.Diagnostic{Pos: p.v.f.pos(p.off), Severity: diag.Warning, Message: "tool " + quote(t.Name) + ": annotation " + p.key + " holds " + describeValue(p.v) + ", which tscg cannot read as data; left out of the listing"})
		}
	}
}

func quote(s string) string { return string(ir.MarshalValue(s)) }

// zodMode is how a framework turns a zod schema into the JSON Schema it
// sends: the MCP SDK lists the input schema (io "input") and the output
// schema (io "output"); the AI SDK closes every object of the input
// schema; LangChain converts with io "output".
func zodMode(fw framework, output bool) zmodeIO {
	switch fw {
	case fwAISDK:
		return zmodeIO{output: output, closeAll: true}
	case fwLangChain:
		return zmodeIO{output: true}
	}
	return zmodeIO{output: output, inline: true}
}

// inputSchema reads a tool's input (or output) schema: a zod schema, a
// zod raw shape, or a JSON Schema object literal.
func (r *resolver) inputSchema(v *value, fw framework, tool string, output bool) *ir.Type {
	return r.inputSchemaMode(v, fw, tool, zodMode(fw, output))
}

// toolInput reads a tool's input schema into Params, and into
// ListingParams where the MCP listing lays it out differently.
func (r *resolver) toolInput(t *ir.Tool, v *value, fw framework) {
	r.cycles.seen = false
	t.Params = r.inputSchema(v, fw, t.Name, false)
	if zodMode(fw, false).inline {
		// The SDK 1.x line converts with target draft-7, v2
		// (@modelcontextprotocol/server) with draft 2020-12.
		t.ListingDraft7 = fw == fwMCP && !r.sdkV2(v.f)
		t.ListingParams = r.listingSchema(v, fw, t.Name, t.ListingDraft7)
		if t.ListingParams == nil && t.ListingDraft7 {
			t.ListingParams = r.zod3Pointers(v, fw, t.Name)
		}
		if t.ListingParams == nil {
			t.ListingDraft7 = false
		}
	}
}

func (r *resolver) inputSchemaMode(v *value, fw framework, tool string, m zmodeIO) *ir.Type {
	switch {
	case v.kind == vZod:
		return r.zodConv(v.z, m, 0)
	case v.kind == vObject && isJSONSchemaLiteral(v):
		return r.jsonLiteral(v, tool)
	case v.kind == vObject && isShape(v):
		version := shapeVersion(v)
		if len(v.props) == 0 && fw == fwMCP {
			// The SDK's objectFromShape({}) is a zod 4 mini object; before
			// 1.23 the SDK made z.object({}) with its own zod 3.
			version = 3
			if r.sdkAtLeast(v.f, zodCompatSince) {
				version = 4
			}
		}
		z := &zschema{t: r.newType(ir.KindObject, v.f.pos(v.off)), obj: &zobject{}, version: version}
		for _, p := range v.props {
			z.obj.props = setZProp(z.obj.props, zprop{name: p.key, off: p.off, z: p.v.z})
		}
		return r.zodConv(z, m, 0)
	}
	r.diags.Errorf(v.f.pos(v.off), "tool %q: its schema must be a zod schema, a zod shape or a JSON Schema object literal tscg can read, found %s", tool, describeValue(v))
	return r.newType(ir.KindAny, v.f.pos(v.off))
}

// shapeVersion is the zod version of a raw shape's schemas.
func shapeVersion(v *value) int {
	for _, p := range v.props {
		return p.v.z.version
	}
	if b, ok := v.f.imports["z"]; ok {
		if n := zodVersionOf(v.f, b.spec); n != 0 {
			return n
		}
	}
	return 4
}

// isJSONSchemaLiteral reports whether an object literal is JSON Schema
// data: a "type", "properties", "$ref" or combinator key, and plain data.
// A key whose value is a zod schema is a property of a zod shape
// ({ id: z.string(), type: z.string() }), not a JSON Schema keyword.
func isJSONSchemaLiteral(v *value) bool {
	for _, k := range []string{"type", "properties", "$ref", "anyOf", "oneOf", "allOf", "$schema"} {
		if p := v.prop(k); p != nil && p.kind != vZod {
			return true
		}
	}
	return false
}

// jsonLiteral reads a JSON Schema object literal with the JSON frontend.
func (r *resolver) jsonLiteral(v *value, tool string) *ir.Type {
	pos := v.f.pos(v.off)
	data, ok := jsonValue(v)
	if !ok {
		bad := firstUnreadable(v)
		r.diags.Errorf(bad.f.pos(bad.off), "tool %q: its JSON Schema literal holds %s, which tscg cannot read as data", tool, describeValue(bad))
		return r.newType(ir.KindAny, pos)
	}
	t, named, ds := jsonfront.Schema(tool+".schema.json", data, jsonfront.Options{})
	for _, d := range ds {
		d.Pos = pos // the literal's own positions are not the file's
		r.diags.Add(d)
	}
	if t == nil {
		return r.newType(ir.KindAny, pos)
	}
	for _, n := range named {
		r.entries = append(r.entries, &namedEntry{n: n, file: v.f.path, off: v.off})
	}
	t.Pos = pos
	return t
}

// firstUnreadable finds the value that keeps v from being JSON data.
func firstUnreadable(v *value) *value {
	switch v.kind {
	case vObject:
		if v.unknown != nil {
			return v.unknown
		}
		for _, p := range v.props {
			if _, ok := jsonValue(p.v); !ok && p.v.kind != vUndefined {
				return firstUnreadable(p.v)
			}
		}
	case vArray:
		for _, e := range v.elems {
			if _, ok := jsonValue(e); !ok {
				return firstUnreadable(e)
			}
		}
	}
	return v
}

// configTool reads the tools of the frameworks that take one
// configuration object: AI SDK tool({description, inputSchema |
// parameters}), Agents tool({name, description, parameters}), LangChain
// tool(fn, {name, description, schema}) and new
// DynamicStructuredTool({...}). cfgArg is the configuration's index.
func (r *resolver) configTool(f *file, s *callSite, fw framework, cfgArg int) *ir.Tool {
	args := r.callArgs(f, s)
	if len(args) <= cfgArg {
		r.diags.Errorf(f.pos(s.off), "%s(…) needs a configuration object", s.callee)
		return nil
	}
	cfg := args[cfgArg]
	if cfg.kind != vObject {
		r.diags.Errorf(cfg.f.pos(cfg.off), "%s(…): the configuration must be an object literal or constant tscg can read, found %s", s.callee, describeValue(cfg))
		return nil
	}
	t := &ir.Tool{}
	if fw == fwAISDK {
		t.Name = r.aiToolName(f, s)
		if t.Name == "" {
			r.diags.Errorf(f.pos(s.off), "tool(…): an AI SDK tool is named by its key in a tools object; tscg found neither a key nor a constant holding it")
			return nil
		}
	} else if nv := cfg.prop("name"); nv == nil || !r.toolName(t, nv, s) {
		if nv == nil {
			r.diags.Errorf(cfg.f.pos(cfg.off), "%s(…): the tool has no name", s.callee)
		}
		return nil
	}
	key := "schema"
	switch fw {
	case fwAISDK:
		key = aiInputKey(cfg)
	case fwAgents:
		key = "parameters"
	}
	r.toolConfig(t, cfg, key, fw)
	return t
}

// aiToolName names an AI SDK tool: the key it initializes
// (`tools: { weather: tool(…) }`), or for `const weatherTool = tool(…)`
// the key that constant is given somewhere in the file (`weather:
// weatherTool`), else the constant's own name (`{ weatherTool }`).
func (r *resolver) aiToolName(f *file, s *callSite) string {
	if s.key != "" {
		return s.key
	}
	if s.constName == "" {
		return r.factoryName(f, s)
	}
	re := regexp.MustCompile(`([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')\s*:\s*` + regexp.QuoteMeta(s.constName) + `\s*[,}\n]`)
	ms := re.FindAllStringSubmatch(f.src, -1)
	names := map[string]bool{}
	for _, m := range ms {
		k := m[1]
		if k[0] == '"' || k[0] == '\'' {
			k = k[1 : len(k)-1]
		}
		names[k] = true
	}
	if len(names) == 1 {
		for k := range names {
			return k
		}
	}
	if len(names) > 1 {
		keys := slices.Sorted(maps.Keys(names))
		r.diags.Add(diag.Warnf(f.pos(s.off), "AI SDK tool %s is given several keys (%v); tscg names it %s", s.constName, keys, keys[0]))
		return keys[0]
	}
	return s.constName
}

// factoryName names an AI SDK tool a named function returns (`export
// function searchDocs(config = {}) { return tool({…}) }`, `export const
// createDoc = ({ session }: Props) => tool({…})`) by that function, as
// the key callers give it by convention; "" when the call is not such a
// function's result.
func (r *resolver) factoryName(f *file, s *callSite) string {
	if !s.returned {
		return ""
	}
	var inner *region
	for i, rg := range r.scan(f).regions {
		if rg.kind == rFunc && rg.start <= s.off && s.off < rg.end && (inner == nil || rg.start >= inner.start) {
			inner = &r.scan(f).regions[i]
		}
	}
	if inner == nil || inner.name == "" {
		return ""
	}
	return inner.name
}

// aiToolSet reads the tools object of an AI SDK call
// (generateText({ tools: { name: tool(…) } })): each member that is a
// tool() value is a tool named by its key, wherever tool() was called.
func (r *resolver) aiToolSet(f *file, s *callSite) []found {
	if b, ok := f.imports[s.callee]; !ok || b.spec != "ai" {
		return nil
	}
	args := r.callArgs(f, s)
	if len(args) == 0 || args[0].kind != vObject {
		return nil
	}
	set := args[0].prop("tools")
	if set == nil || set.kind != vObject {
		return nil
	}
	var out []found
	for _, p := range set.props {
		v := p.v
		if v.kind != vObject || v.toolAt == 0 {
			r.diags.Errorf(v.f.pos(v.off), "%s tool %q: expected a tool({…}) tscg can read, found %s", s.callee, p.key, describeValue(v))
			continue
		}
		if v.f == f && f.aiToolCall(v.toolAt-1) || r.readAtSite(v, p.key) {
			continue // read at its own call site, under the same key
		}
		t := &ir.Tool{Name: p.key}
		r.toolConfig(t, v, aiInputKey(v), fwAISDK)
		out = append(out, found{p.off, t})
	}
	return out
}

// readAtSite reports whether the tool() call AI SDK tool v comes from is
// read where it is written, under name: a factory of another file
// (`createDoc = (…) => tool({…})`, named by the function) that code tscg
// reads calls.
func (r *resolver) readAtSite(v *value, name string) bool {
	for i := range v.f.calls {
		c := &v.f.calls[i]
		if c.off == v.toolAt-1 && c.callee == "tool" {
			return !c.method && r.inCalledFunc(v.f, c.off) && r.aiToolName(v.f, c) == name
		}
	}
	return false
}

// aiToolCall reports whether f has an AI SDK tool( call site at off.
func (f *file) aiToolCall(off int) bool {
	for _, c := range f.calls {
		if c.off == off && c.callee == "tool" {
			return true
		}
	}
	return false
}

// aiInputKey is where an AI SDK tool keeps its input schema.
func aiInputKey(cfg *value) string {
	if cfg.prop("inputSchema") == nil && cfg.prop("parameters") != nil {
		return "parameters"
	}
	return "inputSchema"
}

// isAnnotations reports whether an object literal holds only MCP tool
// annotations (server.tool's argument after the shape).
func isAnnotations(v *value) bool {
	for _, p := range v.props {
		switch p.key {
		case "title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint":
		default:
			return false
		}
	}
	return len(v.props) > 0
}
