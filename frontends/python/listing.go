package python

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/lazyre"
	"github.com/tscg/tscg/internal/orderedjson"
)

// listingRule is a framework's way of turning a decorated function into
// the entry its MCP server publishes in tools/list. The IR keeps tscg's
// reading (CONTRACT.md: parameter descriptions from the docstring, closed
// objects), which every other manifest is rendered from; ir.Tool.Listing
// carries the framework's own entry, so providers/mcp.tools-list.json is
// what the server publishes.
type listingRule uint8

const (
	// listingIR: no framework rule modelled; the listing is rendered from
	// the IR.
	listingIR listingRule = iota
	// listingMCPSDK: FastMCP of the MCP Python SDK 1.x (and the
	// standalone fastmcp before 2.0, which it is): Tool.from_function
	// publishes `description or fn.__doc__ or ""` (the docstring as
	// written, not cleaned) and
	// func_metadata's arg_model.model_json_schema(by_alias=True): pydantic
	// titles, a root title "<function>Arguments", open objects, no
	// parameter descriptions from the docstring.
	listingMCPSDK
	// listingFastMCP: the standalone fastmcp 2.x and 3.x:
	// ParsedFunction.from_function publishes inspect.getdoc(fn) (left out
	// when there is none) and TypeAdapter(fn).json_schema() passed through
	// compress_schema(prune_titles=True): no titles on schema nodes and no
	// "additionalProperties": false anywhere.
	listingFastMCP
	// listingAgents: the OpenAI Agents SDK's @function_tool
	// (function_schema with strict_json_schema=True, the default): the
	// description is description_override or the docstring's first text
	// section (griffe), parameter descriptions come from its Args; the
	// schema is create_model("<name>_args").model_json_schema() through
	// ensure_strict_json_schema: every object closed, every property
	// required, "default": null dropped, a $ref with siblings inlined.
	listingAgents
	// listingLangChain: LangChain's @tool, StructuredTool and BaseTool
	// (langchain-core 1.x), as convert_to_openai_tool shows them to the
	// model: see lcSchema and lcDescription.
	listingLangChain
	// listingSmolagents: smolagents' @tool as a ToolCallingAgent sends
	// it (smolListing).
	listingSmolagents
	// listingSwarm: swarm's function_to_json (swarmListing).
	listingSwarm
	// listingCrewAI: crewai 1.x's convert_tools_to_openai_schema
	// (crewaiListing).
	listingCrewAI
	// listingAgno: agno's @tool as Function.to_dict() sends it
	// (agnoListing).
	listingAgno
	// listingPydanticAI: a pydantic-ai Agent's @agent.tool and
	// @agent.tool_plain as its ToolDefinition (pydanticAIListing).
	listingPydanticAI
)

func (r listingRule) String() string {
	switch r {
	case listingMCPSDK:
		return "FastMCP (MCP SDK 1.x)"
	case listingFastMCP:
		return "fastmcp 2.x/3.x"
	case listingAgents:
		return "OpenAI Agents SDK"
	case listingLangChain:
		return "LangChain"
	case listingSmolagents:
		return "smolagents"
	case listingSwarm:
		return "swarm"
	case listingCrewAI:
		return "CrewAI"
	case listingAgno:
		return "agno"
	case listingPydanticAI:
		return "pydantic-ai"
	}
	return "tscg"
}

// listingRuleOf says which framework publishes the tool decorator d of a
// function in s: a `*.tool` decorator in a file that imports the MCP SDK's
// server or fastmcp (directly, or through the module its server object
// comes from), or fastmcp's standalone `@tool`.
func (l *loader) listingRuleOf(s *source, d *expr) listingRule {
	fn := d
	if d.kind == exCall {
		fn = d.x
	}
	dotted := fn.dotted()
	head, _, qualified := strings.Cut(dotted, ".")
	if !qualified {
		switch {
		case l.fromModule(s, d, "fastmcp"):
			return l.fastMCPVersionRule(s)
		case l.fromModule(s, d, "agents") && (l.canonical(s, fn) == "function_tool" || l.canonical(s, fn) == "tool"):
			// agents.decorators.tool is function_tool (`tool = function_tool`)
			if d.kind == exCall && d.kw("strict_mode") != nil {
				if v := d.kw("strict_mode"); v.kind == exConst && v.value == "False" {
					return listingIR
				}
			}
			return listingAgents
		case dotted == "tool" && (l.fromModule(s, d, "langchain_core") || l.fromModule(s, d, "langchain")):
			return listingLangChain
		case dotted == "tool" && l.fromModule(s, d, "smolagents"):
			return listingSmolagents
		case dotted == "tool" && l.fromModule(s, d, "crewai") && crewaiModelled(s):
			return listingCrewAI
		case dotted == "tool" && l.fromModule(s, d, "agno"):
			return listingAgno
		}
		return listingIR
	}
	if strings.HasSuffix(dotted, ".from_function") && d.kind == exCall && l.lcFromFunction(s, d) {
		return listingLangChain
	}
	if strings.HasSuffix(dotted, ".tool_plain") && l.importsFrom(s, "pydantic_ai") && !l.mcpServerObject(s, head) {
		return listingPydanticAI
	}
	if !strings.HasSuffix(dotted, ".tool") {
		return listingIR
	}
	if l.importsFrom(s, "pydantic_ai") && !l.mcpServerObject(s, head) {
		return listingPydanticAI // @agent.tool of a pydantic-ai Agent
	}
	src := s
	if !l.importsFrom(s, "mcp") && !l.importsFrom(s, "fastmcp") {
		// `from .server import mcp`: the framework is the one that module imports.
		if tg, ok := l.lookup(s, head); ok && tg.src != nil && tg.src != s {
			src = tg.src
		}
	}
	switch {
	case l.importsFrom(src, "mcp.server"):
		return listingMCPSDK
	case l.importsFrom(src, "fastmcp"):
		return l.fastMCPVersionRule(src)
	}
	return listingIR
}

// unmodelledFramework names the framework of a tool decorator d whose
// own tool definition tscg does not model (the tool keeps tscg's
// reading); "" for the others.
func (l *loader) unmodelledFramework(s *source, d *expr) string {
	if d == nil {
		return ""
	}
	fn := d
	if d.kind == exCall {
		fn = d.x
	}
	if fn.dotted() == "tool" && l.fromModule(s, d, "crewai") && !crewaiModelled(s) {
		return "CrewAI before 1.0"
	}
	return ""
}

// unmodelledListing is python-listing: t keeps tscg's reading where its
// framework sends the model a definition of its own.
func (l *loader) unmodelledListing(t *ir.Tool, fw string) {
	l.warn(t.Pos, diag.Warning, ruleListing, "%s's own definition of the tool %s (its docstring and schema rules) is not modelled: providers/mcp.tools-list.json and the other manifests have tscg's reading (closed objects, parameter descriptions from the docstring), which may differ from what %s sends the model", fw, t.Name, fw)
}

// mcpServerObject reports a module-level name bound to a server object
// the MCP SDK or fastmcp makes (`mcp = FastMCP("…")`, `MCPServer(…)`):
// its `.tool` is that framework's even where the file also imports
// pydantic_ai (for its Agent), whose `@agent.tool` tscg does not model.
func (l *loader) mcpServerObject(s *source, name string) bool {
	a := s.m.assigns[name]
	if a == nil || a.rebound || a.value == nil || a.value.kind != exCall {
		return false
	}
	return l.fromModule(s, a.value, "mcp") || l.fromModule(s, a.value, "fastmcp")
}

// fastMCPVersionRule is the rule of the fastmcp version the project pins:
// before 2.0 the standalone fastmcp is the MCP SDK's FastMCP.
func (l *loader) fastMCPVersionRule(s *source) listingRule {
	if major, ok := projectMajor(filepath.Dir(s.abs), "fastmcp"); ok && major < 2 {
		return listingMCPSDK
	}
	return listingFastMCP
}

// projectFiles are the files a Python project pins its dependencies in,
// read in this order (the lock file first: it holds the version in use).
var projectFiles = []string{"uv.lock", "poetry.lock", "pyproject.toml", "requirements.txt", "setup.py", "setup.cfg"}

// projectMajor returns the major version of package pkg that the project
// around dir pins: the nearest folder upwards holding one of projectFiles
// that names it. A range (`>=2.3`, `~=1.0`, `==2.10.6`) counts by its
// first bound.
func projectMajor(dir, pkg string) (int, bool) {
	lock := regexp.MustCompile(`(?m)^name = "` + regexp.QuoteMeta(pkg) + `"\s*\nversion = "(\d+)`)
	spec := regexp.MustCompile(`(?m)(?:^|["'\s,\[])` + regexp.QuoteMeta(pkg) + `(?:\[[^\]]*\])?\s*(?:===?|>=|~=|>|\s*=\s*["'][\^~>=]*)\s*["']?(\d+)`)
	for d := dir; ; d = filepath.Dir(d) {
		for _, name := range projectFiles {
			data, err := os.ReadFile(filepath.Join(d, name))
			if err != nil {
				continue
			}
			re := spec
			if strings.HasSuffix(name, ".lock") {
				re = lock
			}
			if m := re.FindSubmatch(data); m != nil {
				n, err := strconv.Atoi(string(m[1]))
				return n, err == nil
			}
		}
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
			return 0, false
		}
	}
}

// listingNotes are what reading a function's parameters learnt for its
// framework's listing.
type listingNotes struct {
	// docDescribed are the parameters whose IR description came from the
	// docstring, which neither FastMCP publishes.
	docDescribed []string
	// titles are parameter titles the framework writes other than
	// pydantic's (the MCP SDK titles an untyped parameter by its name).
	titles map[string]string
	// resultDocDescribed: the result's IR description is the docstring's
	// Returns section, which no framework publishes.
	resultDocDescribed bool
	// annotatedDefault are the parameters whose default is only in
	// Annotated[T, Field(default=…)]: the MCP SDK's func_metadata merges
	// the signature's missing default over it
	// (FieldInfo.from_annotated_attribute) and publishes them required.
	annotatedDefault []string
	// docOverridden are the docstring's descriptions of parameters whose
	// schema description came from elsewhere (Field(description=…),
	// Annotated): the Agents SDK's function_schema gives the docstring's
	// the precedence.
	docOverridden map[string]string
}

func (n *listingNotes) setTitle(param, title string) {
	if n.titles == nil {
		n.titles = map[string]string{}
	}
	n.titles[param] = title
}

// setListing gives t the entry its framework publishes (rule r) for
// function f.
func (l *loader) setListing(s *source, f *funcDef, d *expr, t *ir.Tool, r listingRule, notes listingNotes) {
	if r == listingIR && !l.opts.TscgListing {
		if fw := l.unmodelledFramework(s, d); fw != "" {
			l.unmodelledListing(t, fw)
		}
	}
	if r == listingIR || l.opts.TscgListing {
		return
	}
	switch r {
	case listingLangChain:
		l.setLangChainListing(s, f, d, t, notes)
		return
	case listingSmolagents:
		ls, err := l.smolListing(s, f, t)
		if err != nil {
			l.warn(t.Pos, diag.Warning, ruleType, "the %s listing of %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's schema instead", r, t.Name, err)
			return
		}
		t.Listing = ls
		return
	case listingCrewAI:
		desc := ""
		if f.doc != nil {
			desc = f.doc.text
		}
		// crewai's @tool builds args_schema from the signature alone: the
		// docstring's Args reach the model only inside the description.
		ls, err := crewaiListing(t.Name, desc, withoutDescriptions(t.Params, notes.docDescribed))
		if err != nil {
			l.warn(t.Pos, diag.Warning, ruleType, "the %s listing of %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's schema instead", r, t.Name, err)
			return
		}
		t.Listing = ls
		if len(notes.docDescribed) > 0 {
			l.unpublishedDoc(s, f, r, notes.docDescribed)
		}
		return
	case listingPydanticAI:
		ls, err := l.pydanticAIListing(f, d, t)
		if err != nil {
			l.warn(t.Pos, diag.Warning, ruleListing, "the pydantic-ai listing of %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's reading instead, which may differ from what pydantic-ai sends the model", t.Name, err)
			return
		}
		t.Listing = ls
		return
	case listingAgno:
		ls, err := l.agnoListing(s, f, d, t)
		if err != nil {
			l.warn(t.Pos, diag.Warning, ruleListing, "the agno listing of %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's reading instead, which may differ from what agno sends the model", t.Name, err)
			return
		}
		t.Listing = ls
		return
	case listingSwarm:
		// swarm publishes the whole docstring, Args included, as the
		// description, and no parameter descriptions at all: nothing to
		// advise.
		t.Listing = l.swarmListing(s, f)
		return
	}
	if r == listingMCPSDK || r == listingFastMCP {
		t.ExactTitles = true // Tool.title and annotations.title, each as given
	}
	ls := &ir.Listing{Framework: r.String()}
	described := d.kind == exCall && (d.kw("description") != nil || d.kw("description_override") != nil) && t.Description != ""
	switch {
	case described:
		ls.Description = t.Description
	case r == listingAgents:
		if f.doc != nil {
			ls.Description = firstTextSection(cleandoc(f.doc.text))
		}
	case r == listingMCPSDK:
		ls.EmptyDescription = true
		if f.doc != nil {
			ls.Description = f.doc.text
		}
	case f.doc != nil:
		ls.Description = cleandoc(f.doc.text)
	}
	root := f.name
	if r == listingAgents {
		root = t.Name + "_args"
		notes.docDescribed = nil // griffe reads the Args section into the fields
	} else {
		root += "Arguments"
	}
	schema, err := listingSchema(t.Params, root, r, notes)
	if err != nil {
		l.warn(t.Pos, diag.Warning, ruleType, "the %s listing of %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's schema instead", r, t.Name, err)
		return
	}
	ls.InputSchema = schema
	if ls.OutputSchema, err = l.listingOutput(s, f, t, r, notes); err != nil {
		l.warn(t.Pos, diag.Warning, ruleType, "the %s output schema of %s cannot be rendered (%v); providers/mcp.tools-list.json has none", r, t.Name, err)
	}
	t.Listing = ls
	if len(notes.docDescribed) > 0 {
		l.unpublishedDoc(s, f, r, notes.docDescribed)
	}
}

// setLangChainListing gives a LangChain @tool function its listing.
func (l *loader) setLangChainListing(s *source, f *funcDef, d *expr, t *ir.Tool, notes listingNotes) {
	parse := false
	if d.kind == exCall {
		if v := d.kw("parse_docstring"); v != nil && v.kind == exConst && v.value == "True" {
			parse = true
		}
	}
	ls := &ir.Listing{Framework: listingLangChain.String(), EmptyDescription: true}
	ls.Description = l.lcDescription(s, f, d, t, parse)
	descs := map[string]string{}
	if d.kind != exCall || d.kw("args_schema") == nil {
		for _, n := range notes.docDescribed {
			descs[n] = ""
		}
		if parse && f.doc != nil {
			_, args := lcGoogleDocstring(cleandoc(f.doc.text))
			for k, v := range args {
				descs[k] = v
			}
		}
		for k, v := range l.lcAnnotatedDescriptions(s, f) {
			if _, byDoc := descs[k]; !byDoc || descs[k] == "" {
				descs[k] = v
			}
		}
	}
	schema, err := lcSchema(t.Params, descs)
	if err != nil {
		l.warn(t.Pos, diag.Warning, ruleType, "the LangChain listing of %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's schema instead", t.Name, err)
		return
	}
	ls.InputSchema = schema
	t.Listing = ls
	if !parse && len(notes.docDescribed) > 0 {
		l.lcUnpublishedDoc(s, f, notes.docDescribed)
	}
}

// lcUnpublishedDoc is python-doc-unpublished for LangChain: without
// parse_docstring=True the docstring's Args reach the model only inside
// the description.
func (l *loader) lcUnpublishedDoc(s *source, f *funcDef, names []string) {
	l.warn(s.pos(f.off), diag.Info, ruleDocUnpublished,
		"LangChain publishes the docstring of %s as the tool's description and no description for its parameters (%s): the Args text reaches the model only inside the description; to put it in the schema, write `@tool(parse_docstring=True)` (Google-style Args) or `%s: Annotated[…, \"…\"]`",
		f.name, strings.Join(names, ", "), names[0])
}

// unpublishedDoc is the advice python-doc-unpublished: the docstring
// describes parameters the framework publishes no description for.
func (l *loader) unpublishedDoc(s *source, f *funcDef, r listingRule, names []string) {
	var p *param
	for _, q := range f.params {
		if q.name == names[0] {
			p = q
		}
	}
	ann := "str"
	if p != nil && p.ann != nil {
		ann = l.text(s, p.ann)
	}
	l.warn(s.pos(f.off), diag.Info, ruleDocUnpublished,
		"%s publishes the docstring of %s as the tool's description and no description for its parameters (%s): the Args text reaches the model only inside the description; to put it in the schema, write it where %s reads it, e.g. `%s: Annotated[%s, Field(description=\"…\")]`",
		r, f.name, strings.Join(names, ", "), r, names[0], ann)
}

type jsonObj = orderedjson.Object

// openSchema renders t with objects left open (pydantic's default),
// without "$schema".
func openSchema(t *ir.Type) (*jsonObj, error) {
	data, err := jsonschema.Type(t, jsonschema.Options{AllowAdditional: true})
	if err != nil {
		return nil, err
	}
	v, err := orderedjson.Decode(data)
	if err != nil {
		return nil, err
	}
	o, ok := v.(*jsonObj)
	if !ok {
		return nil, fmt.Errorf("the schema is not an object")
	}
	o.Delete("$schema")
	return o, nil
}

// listingSchema renders the tool's parameters as the framework publishes
// them.
func listingSchema(params *ir.Type, title string, r listingRule, notes listingNotes) (ir.Value, error) {
	root, err := openSchema(params)
	if err != nil {
		return nil, err
	}
	if props := root.Obj("properties"); props != nil {
		for _, n := range notes.docDescribed {
			if p := props.Obj(n); p != nil {
				p.Delete("description")
			}
		}
		for n, title := range notes.titles {
			if p := props.Obj(n); p != nil {
				p.Set("title", title)
			}
		}
		if r == listingAgents {
			for n, d := range notes.docOverridden {
				if p := props.Obj(n); p != nil {
					p.Set("description", d)
				}
			}
		}
		if r == listingMCPSDK {
			for _, n := range notes.annotatedDefault {
				if p := props.Obj(n); p != nil {
					p.Delete("default")
					root.Set("required", append(root.List("required"), n))
				}
			}
		}
	}
	if _, ok := root.Get("properties"); !ok { // create_model / TypeAdapter of no parameters
		root.Set("properties", orderedjson.NewObject())
	}
	pydanticDicts(root, true)
	pydanticTitles(root)
	if root.Str("title") == "" {
		root.Set("title", title)
	}
	switch r {
	case listingFastMCP:
		compressSchema(root)
	case listingAgents:
		strictSchema(root, root)
	}
	return orderedjson.Compact(root), nil
}

// pydanticTitles adds the titles pydantic's model_json_schema writes: a
// named type's title is its name, a property's its name in title case
// (GenerateJsonSchema.get_title_from_name), except where the property's
// schema is a reference, alone or made nullable
// (field_title_should_be_set).
func pydanticTitles(s *jsonObj) {
	if defs := s.Obj("$defs"); defs != nil {
		for _, k := range defs.Keys() {
			if d := defs.Obj(k); d != nil {
				if d.Str("title") == "" {
					d.Set("title", k)
				}
				pydanticTitles(d)
			}
		}
	}
	if props := s.Obj("properties"); props != nil {
		for _, k := range props.Keys() {
			p := props.Obj(k)
			if p == nil {
				continue
			}
			if _, set := p.Get("title"); !set && !refLike(p) {
				p.Set("title", titleFromName(k))
			}
			pydanticTitles(p)
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if c := s.Obj(k); c != nil {
			pydanticTitles(c)
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		for _, e := range s.List(k) {
			if c, ok := e.(*jsonObj); ok {
				pydanticTitles(c)
			}
		}
	}
}

// refLike reports a schema pydantic gives no field title: a $ref, or a
// nullable $ref (anyOf [$ref, null]).
func refLike(p *jsonObj) bool {
	if p.Str("$ref") != "" {
		return true
	}
	alts := p.List("anyOf")
	if len(alts) != 2 {
		return false
	}
	ref, null := false, false
	for _, a := range alts {
		o, _ := a.(*jsonObj)
		if o == nil {
			return false
		}
		switch {
		case o.Str("$ref") != "" && o.Len() == 1:
			ref = true
		case o.Str("type") == "null" && o.Len() == 1:
			null = true
		}
	}
	return ref && null
}

// titleFromName is pydantic's get_title_from_name:
// name.title().replace("_", " ").strip(), with Python's str.title (a cased
// letter is upper-cased after an uncased character, lower-cased after a
// cased one).
func titleFromName(name string) string {
	var b strings.Builder
	prevCased := false
	for _, c := range name {
		cased := unicode.IsUpper(c) || unicode.IsLower(c) || unicode.IsTitle(c)
		switch {
		case cased && prevCased:
			b.WriteRune(unicode.ToLower(c))
		case cased:
			b.WriteRune(unicode.ToUpper(c))
		default:
			b.WriteRune(c)
		}
		prevCased = cased
	}
	return strings.TrimSpace(strings.ReplaceAll(b.String(), "_", " "))
}

// compressSchema is fastmcp's compress_schema(prune_titles=True) on a
// schema without unused $defs: "title" leaves every node that has one of
// the schema keywords below, and "additionalProperties": false every
// node; like fastmcp it walks every object value, the properties map
// included.
func compressSchema(v any) {
	switch x := v.(type) {
	case *jsonObj:
		if _, ok := x.Get("title"); ok {
			for _, k := range []string{"type", "properties", "$ref", "items", "allOf", "oneOf", "anyOf", "required"} {
				if _, has := x.Get(k); has {
					x.Delete("title")
					break
				}
			}
		}
		if b, ok := x.Val("additionalProperties").(bool); ok && !b {
			x.Delete("additionalProperties")
		}
		for _, k := range x.Keys() {
			compressSchema(x.Val(k))
		}
	case []any:
		for _, e := range x {
			compressSchema(e)
		}
	}
}

// pydanticDicts writes "additionalProperties": true on the objects that
// are mappings of any value (dict, dict[str, Any]), as pydantic does;
// named types (under $defs) are models, whose openness is left unsaid.
func pydanticDicts(v any, named bool) {
	switch x := v.(type) {
	case *jsonObj:
		if !named && x.Str("type") == "object" {
			_, hasProps := x.Get("properties")
			ap, hasAP := x.Get("additionalProperties")
			if o, ok := ap.(*jsonObj); !hasProps && (!hasAP || ok && o.Len() == 0) {
				x.Set("additionalProperties", true)
			}
		}
		for _, k := range x.Keys() {
			if k == "$defs" {
				if defs := x.Obj(k); defs != nil {
					for _, d := range defs.Keys() {
						pydanticDicts(defs.Val(d), true)
					}
				}
				continue
			}
			if k == "properties" {
				if props := x.Obj(k); props != nil {
					for _, p := range props.Keys() {
						pydanticDicts(props.Val(p), false)
					}
				}
				continue
			}
			pydanticDicts(x.Val(k), false)
		}
	case []any:
		for _, e := range x {
			pydanticDicts(e, false)
		}
	}
}

// griffeSection is a Google-style section header griffe ends the first
// text section at.
var griffeSection = lazyre.New(`^(Args|Arguments|Params|Parameters|Keyword Args|Keyword Arguments|Other Parameters|Other Params|Returns|Return|Yields|Yield|Receives|Receive|Raises|Raise|Exceptions|Except|Warns|Warn|Warnings|Examples|Example|Attributes|Attribute|Methods|Method|Functions|Function|Classes|Class|Modules|Module|Deprecated)\s*:\s*$`)

// firstTextSection is the text of a cleaned docstring before its first
// section, as griffe's Google parser splits it (the Agents SDK publishes
// that text section as the description).
func firstTextSection(doc string) string {
	lines := strings.Split(doc, "\n")
	for i, ln := range lines {
		if griffeSection.MatchString(ln) && (i+1 >= len(lines) || strings.HasPrefix(lines[i+1], " ") || strings.HasPrefix(lines[i+1], "\t")) {
			lines = lines[:i]
			break
		}
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// strictSchema is the Agents SDK's ensure_strict_json_schema (strict_schema.py).
func strictSchema(s, root *jsonObj) {
	if defs := s.Obj("$defs"); defs != nil {
		for _, k := range defs.Keys() {
			if d := defs.Obj(k); d != nil {
				strictSchema(d, root)
			}
		}
	}
	if s.Str("type") == "object" {
		if _, ok := s.Get("additionalProperties"); !ok {
			s.Set("additionalProperties", false)
		}
	}
	if props := s.Obj("properties"); props != nil {
		req := make([]any, 0, props.Len())
		for _, k := range props.Keys() {
			req = append(req, k)
			if p := props.Obj(k); p != nil {
				strictSchema(p, root)
			}
		}
		s.Set("required", req)
	}
	if items := s.Obj("items"); items != nil {
		strictSchema(items, root)
	}
	for _, e := range s.List("anyOf") {
		if c, ok := e.(*jsonObj); ok {
			strictSchema(c, root)
		}
	}
	if one := s.List("oneOf"); one != nil {
		any := append(s.List("anyOf"), one...)
		for _, e := range one {
			if c, ok := e.(*jsonObj); ok {
				strictSchema(c, root)
			}
		}
		s.Delete("oneOf")
		s.Set("anyOf", any)
	}
	if all := s.List("allOf"); len(all) == 1 {
		if c, ok := all[0].(*jsonObj); ok {
			strictSchema(c, root)
			s.Delete("allOf")
			for _, k := range c.Keys() {
				s.Set(k, c.Val(k))
			}
		}
	} else {
		for _, e := range all {
			if c, ok := e.(*jsonObj); ok {
				strictSchema(c, root)
			}
		}
	}
	if v, ok := s.Get("default"); ok && v == nil {
		s.Delete("default")
	}
	if ref := s.Str("$ref"); ref != "" && s.Len() > 1 && strings.HasPrefix(ref, "#/$defs/") {
		if def := root.Obj("$defs").Obj(strings.TrimPrefix(ref, "#/$defs/")); def != nil {
			merged := orderedjson.NewObject()
			for _, k := range def.Keys() {
				merged.Set(k, def.Val(k))
			}
			for _, k := range s.Keys() {
				merged.Set(k, s.Val(k))
			}
			for _, k := range s.Keys() {
				s.Delete(k)
			}
			for _, k := range merged.Keys() {
				if k != "$ref" {
					s.Set(k, merged.Val(k))
				}
			}
			strictSchema(s, root)
		}
	}
}

// listingOutput is the outputSchema the framework publishes for f's
// return annotation, or nil: FastMCP of the MCP SDK (from 1.10,
// func_metadata's structured output) gives a model, TypedDict or
// dataclass its own schema, dict[str, T] a "<fn>DictOutput" mapping, and
// wraps anything else in "<fn>Output" {"result": …}; fastmcp 2.x/3.x
// (from 2.10) publishes an object schema as it is and wraps anything else
// in {"result": …} marked "x-fastmcp-wrap-result", titles pruned. None is
// published where the function has no return annotation, where fastmcp's
// is None, or where tscg cannot read the result (MCP content types, which
// the frameworks do not publish either).
func (l *loader) listingOutput(s *source, f *funcDef, t *ir.Tool, r listingRule, notes listingNotes) (ir.Value, error) {
	if r == listingAgents || f.returns == nil {
		return nil, nil
	}
	if r == listingMCPSDK && f.returns.kind == exName && l.canonical(s, f.returns) == f.returns.name {
		switch f.returns.name {
		case "dict", "list", "tuple", "set", "frozenset":
			// a bare builtin class: func_metadata finds no type hints in
			// it and publishes no output schema
			return nil, nil
		}
	}
	isNone := f.returns.kind == exConst && f.returns.value == "None"
	var res *ir.Type
	switch {
	case isNone && r == listingFastMCP:
		return nil, nil
	case isNone:
		res = &ir.Type{Kind: ir.KindNull}
	case t.Result == nil:
		return nil, nil
	default:
		res = t.Result
	}
	body, err := openSchema(res)
	if err != nil {
		return nil, err
	}
	if notes.resultDocDescribed {
		body.Delete("description")
	}
	pydanticDicts(body, false)
	defs := body.Obj("$defs")
	body.Delete("$defs")
	var out *jsonObj
	switch ref := body.Str("$ref"); {
	case ref != "" && body.Len() == 1 && defs != nil && defs.Obj(strings.TrimPrefix(ref, "#/$defs/")) != nil:
		// a model, TypedDict or dataclass: its own schema at the root
		name := strings.TrimPrefix(ref, "#/$defs/")
		out = defs.Obj(name)
		if _, enum := out.Get("enum"); r == listingMCPSDK && enum {
			return nil, nil // an Enum: no type hints, no model
		}
		if r == listingFastMCP && out.Str("type") != "object" {
			out = wrapResult(body, f.name, r)
			break
		}
		defs.Delete(name)
		if out.Str("title") == "" {
			out.Set("title", name)
		}
		if r == listingMCPSDK {
			// a TypedDict or dataclass result is rebuilt as a model of the
			// same name, without the class's docstring
			if tg, ok := l.lookup(s, f.returns.dotted()); ok && tg.cls != nil && l.classKind(tg.src, tg.cls, 0) != kindModel {
				out.Delete("description")
			}
		}
	case r == listingMCPSDK && res.Kind == ir.KindObject && len(res.Properties) == 0 && res.Additional != ir.AdditionalClosed &&
		l.builtinStrDict(s, f.returns):
		out = body // dict[str, T]: RootModel "<fn>DictOutput"
		out.Set("title", f.name+"DictOutput")
	case r == listingFastMCP && body.Str("type") == "object":
		out = body
	default:
		out = wrapResult(body, f.name, r)
	}
	if defs != nil && defs.Len() > 0 {
		out.Set("$defs", defs)
	}
	pydanticTitles(out)
	if r == listingFastMCP {
		compressSchema(out)
	}
	return orderedjson.Compact(out), nil
}

// builtinStrDict reports a return annotation func_metadata gives a
// "<fn>DictOutput" RootModel: the builtin dict[str, T] (a
// types.GenericAlias), also through a module alias. typing's Dict[str, T],
// a bare Dict and dict[int, T] are wrapped in {"result": …} instead.
func (l *loader) builtinStrDict(s *source, e *expr) bool {
	if r := l.deref(s, e); !r.opaque() && r.e != e {
		s, e = r.src, r.e
	}
	return e.kind == exSubscript && e.x.kind == exName && e.x.name == "dict" && l.canonical(s, e.x) == "dict" &&
		len(e.args) > 0 && e.args[0].kind == exName && e.args[0].name == "str"
}

// withoutDescriptions is params with the named properties' descriptions
// left out (copies; params is not changed).
func withoutDescriptions(params *ir.Type, names []string) *ir.Type {
	if len(names) == 0 || params == nil {
		return params
	}
	drop := map[string]bool{}
	for _, n := range names {
		drop[n] = true
	}
	cp := *params
	cp.Properties = make([]*ir.Property, len(params.Properties))
	for i, p := range params.Properties {
		if drop[p.Name] && p.Type != nil {
			q, t := *p, *p.Type
			t.Description = ""
			q.Type = &t
			p = &q
		}
		cp.Properties[i] = p
	}
	return &cp
}

// wrapResult is the model a framework wraps a non-object result in.
func wrapResult(body *jsonObj, fn string, r listingRule) *jsonObj {
	out := orderedjson.NewObject().Set("type", "object").
		Set("properties", orderedjson.NewObject().Set("result", body)).
		Set("required", []any{"result"})
	if r == listingFastMCP {
		out.Set("x-fastmcp-wrap-result", true)
	} else {
		out.Set("title", fn+"Output")
	}
	return out
}
