package providers

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/compiler/targets"
)

// Options control the manifests.
type Options struct {
	// Schema are the options for the JSON Schemas inside the manifests
	// (the draft is always 2020-12).
	Schema jsonschema.Options
	// Deferred names the tools the loading plan defers (build
	// --eager-budget): manifests that support it mark them defer_loading
	// and add the provider's tool search; the others load them eagerly
	// and say so in lowering.json.
	Deferred map[string]bool
	// AllowedCallers, when set, is every Anthropic tool's allowed_callers
	// (build.allowedCallers: "direct" and the code execution tool
	// versions whose code may call the tools).
	AllowedCallers []string
	// GeminiJSONSchema writes Gemini's declarations in its current shape,
	// parametersJsonSchema and responseJsonSchema (JSON Schema, $ref kept),
	// instead of the OpenAPI 3.0 "parameters" (build.geminiJsonSchema).
	GeminiJSONSchema bool
}

// AnthropicCallers are the allowed_callers values @anthropic-ai/sdk 1.17
// declares.
var AnthropicCallers = []string{"direct", "code_execution_20250825", "code_execution_20260120", "code_execution_20260521"}

// Manifest is one provider output.
type Manifest struct {
	// Path is relative to the output directory.
	Path string
	// Target names the compiler/targets entry whose rules apply; the
	// path is providers/<Target>.json.
	Target string
	build  func(*generator) (any, error)
}

// Manifests lists every manifest Generate writes, in path order.
var Manifests = []Manifest{
	{"providers/anthropic.json", "anthropic", (*generator).anthropic},
	{"providers/anthropic.strict.json", "anthropic.strict", (*generator).anthropicStrict},
	{"providers/gemini.json", "gemini", (*generator).gemini},
	{"providers/mcp.tools-list.json", "mcp.tools-list", (*generator).mcp},
	{"providers/openai.chat.json", "openai.chat", (*generator).openAIChat},
	{"providers/openai.chat.strict.json", "openai.chat.strict", (*generator).openAIStrict},
	{"providers/openai.responses.json", "openai.responses", (*generator).openAIResponses},
}

// Generate renders every provider manifest of the catalog under
// providers/, plus providers/lowering.json listing everything a target
// could not express and how it was stated instead.
func Generate(cat *ir.Catalog, opts Options) ([]codegen.File, error) {
	var files []codegen.File
	var report []Lowering
	for _, m := range Manifests {
		v, r, err := Build(cat, m.Path, opts)
		if err != nil {
			return nil, err
		}
		report = append(report, r...)
		files = append(files, codegen.File{Path: m.Path, Contents: encode(v)})
	}
	if report == nil {
		report = []Lowering{}
	}
	files = append(files, codegen.File{Path: "providers/lowering.json", Contents: reportJSON(report)})
	codegen.Sort(files)
	return files, nil
}

// Build renders the manifest at path (one of Manifests) and returns it
// with its lowering report.
func Build(cat *ir.Catalog, path string, opts Options) (any, []Lowering, error) {
	for _, m := range Manifests {
		if m.Path != path {
			continue
		}
		g := &generator{cat: cat, opts: opts, target: targets.Lookup(m.Target)}
		if g.target == nil {
			return nil, nil, fmt.Errorf("providers: unknown target %q", m.Target)
		}
		v, err := m.build(g)
		return v, g.report, err
	}
	return nil, nil, fmt.Errorf("providers: unknown manifest %q", path)
}

// OpenAIJSON is the OpenAI Chat tools array as compact JSON, the baseline
// `tscg stats` compares the renderings with.
func OpenAIJSON(cat *ir.Catalog) ([]byte, error) {
	v, _, err := Build(cat, "providers/openai.chat.json", Options{})
	if err != nil {
		return nil, err
	}
	return compactJSON(v), nil
}

type generator struct {
	cat    *ir.Catalog
	opts   Options
	target *targets.Target
	report []Lowering
}

// schema renders t as a JSON Schema tree without "$schema".
func (g *generator) schema(t *ir.Type) (*obj, error) {
	return g.render(t, jsonschema.Options{AllowAdditional: g.opts.Schema.AllowAdditional})
}

// resultSchema renders a tool's result, which accepts what the tool's
// language writes for it (a Go nil slice as null), with a root "$ref" to
// a named type inlined: an MCP outputSchema must be an object.
func (g *generator) resultSchema(t *ir.Type) (*obj, error) {
	return g.resultSchemaDraft(t, jsonschema.Draft2020)
}

// resultSchemaDraft is resultSchema in the given draft.
func (g *generator) resultSchemaDraft(t *ir.Type, d jsonschema.Draft) (*obj, error) {
	s, err := g.render(t, jsonschema.Options{AllowAdditional: g.opts.Schema.AllowAdditional, Output: true, Draft: d})
	if err != nil {
		return nil, err
	}
	return pruneDefs(rootObject(s)), nil
}

// pruneDefs drops the $defs entries nothing refers to any more (the one
// rootObject inlined, unless it is recursive).
func pruneDefs(s *obj) *obj {
	key := defsKey(s)
	defs, _ := s.Val(key).(*obj)
	if defs == nil {
		return s
	}
	kept := newObj()
	for _, k := range defs.Keys() {
		ref := "#/" + key + "/" + (&url.URL{Path: k}).EscapedPath()
		if refersTo(s, ref, key) || refersTo(defs, ref, k) {
			kept.Set(k, defs.Val(k))
		}
	}
	if kept.Len() == 0 {
		s.Delete(key)
	} else {
		s.Set(key, kept)
	}
	return s
}

// defsKey is where s keeps its named types: "$defs", or draft-07's
// "definitions".
func defsKey(s *obj) string {
	if s.Val("$defs") == nil && s.Val("definitions") != nil {
		return "definitions"
	}
	return "$defs"
}

// refersTo reports whether v holds a "$ref" to ref, outside its member
// skip.
func refersTo(v any, ref, skip string) bool {
	switch x := v.(type) {
	case *obj:
		for _, k := range x.Keys() {
			if k == skip {
				continue
			}
			if r, ok := x.Val(k).(string); ok && k == "$ref" && r == ref {
				return true
			}
			if refersTo(x.Val(k), ref, "") {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if refersTo(e, ref, "") {
				return true
			}
		}
	}
	return false
}

func (g *generator) render(t *ir.Type, opts jsonschema.Options) (*obj, error) {
	data, err := jsonschema.Type(t, opts)
	if err != nil {
		return nil, err
	}
	v, err := decode(data)
	if err != nil {
		return nil, err
	}
	s := v.(*obj)
	s.Delete("$schema")
	return s, nil
}

func (g *generator) params(t *ir.Tool) (*obj, error) {
	s, err := g.schema(t.Params)
	if err != nil {
		return nil, fmt.Errorf("tool %s: %w", t.Name, err)
	}
	return rootObject(s), nil
}

// listingParams is the inputSchema of t's MCP listing: Params in the
// draft build asks for (--draft), or the layout the tool's SDK
// publishes (ListingParams).
func (g *generator) listingParams(t *ir.Tool) (*obj, error) {
	in := t.Params
	opts := jsonschema.Options{AllowAdditional: g.opts.Schema.AllowAdditional, Draft: g.opts.Schema.Draft}
	if t.ListingParams != nil {
		in = t.ListingParams
		if t.ListingDraft7 {
			opts.Draft = jsonschema.Draft7
		}
	}
	s, err := g.render(in, opts)
	if err != nil {
		return nil, fmt.Errorf("tool %s: %w", t.Name, err)
	}
	return rootObject(s), nil
}

// rootObject inlines a root "$ref" to its $defs entry: every provider
// wants a parameters root with "type": "object" in it.
func rootObject(s *obj) *obj {
	ref := s.Str("$ref")
	key := defsKey(s)
	defs, _ := s.Val(key).(*obj)
	if ref == "" || defs == nil || s.Val("type") != nil {
		return s
	}
	name, err := url.PathUnescape(strings.TrimPrefix(ref, "#/"+key+"/"))
	def, _ := defs.Val(name).(*obj)
	if err != nil || def == nil {
		return s
	}
	out := newObj()
	for _, k := range def.Keys() {
		out.Set(k, def.Val(k))
	}
	for _, k := range s.Keys() {
		if k != "$ref" {
			out.Set(k, s.Val(k))
		}
	}
	return out
}

func (g *generator) lowerer(tool string, keep func(string) bool) *lowerer {
	return &lowerer{target: g.target, tool: tool, keep: keep, report: &g.report}
}

// checkName reports a name the target refuses and, outside MCP, the
// MCP-only fields the tool declares (icons, _meta, an execution other
// than the SDK's default).
func (g *generator) checkName(t *ir.Tool) {
	if !g.target.ValidName(t.Name) {
		g.report = append(g.report, Lowering{Target: g.target.Name, Tool: t.Name, Keyword: "name",
			Action: "name breaks the rule " + g.target.NameRule + "; kept as is (tscg lint reports it)"})
	}
	if g.target.Name == "mcp.tools-list" {
		return
	}
	drop := func(kw string) {
		g.report = append(g.report, Lowering{Target: g.target.Name, Tool: t.Name, Keyword: kw,
			Action: "an MCP listing field " + g.target.Name + " has no place for; left out"})
	}
	if t.Icons != nil {
		drop("icons")
	}
	if t.Meta != nil {
		drop("_meta")
	}
	if t.Execution != nil && string(t.Execution) != defaultExecution {
		drop("execution")
	}
}

// defaultExecution is what the TypeScript SDK lists for a tool that
// declares no execution: nothing lost where it is left out.
const defaultExecution = `{"taskSupport":"forbidden"}`

// perTool renders one manifest entry per tool from its input schema:
// name-checked, and lowered to the target's strict rules when strict.
func (g *generator) perTool(strict bool, entry func(t *ir.Tool, params *obj) any) (any, error) {
	var out []any
	for _, t := range g.cat.Tools {
		var p *obj
		var err error
		if strict {
			p, err = g.strictParams(t)
		} else {
			g.checkName(t)
			p, err = g.params(t)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, entry(t, p))
	}
	return list(out), nil
}

// function is the name and description every provider's tool entry has.
func function(t *ir.Tool) *obj {
	fn := newObj().Set("name", t.Name)
	setDesc(fn, t.Description)
	return fn
}

func (g *generator) openAIChat() (any, error) {
	g.noDeferral()
	return g.perTool(false, func(t *ir.Tool, p *obj) any {
		return newObj().Set("type", "function").Set("function", function(t).Set("parameters", p))
	})
}

// openAIResponses lists the Responses API's function tools, grouped in
// namespaces by tool group, with deferred tools marked and the hosted
// tool_search added when some are.
func (g *generator) openAIResponses() (any, error) {
	v, err := g.perTool(false, func(t *ir.Tool, p *obj) any {
		fn := newObj().Set("type", "function").Set("name", t.Name)
		setDesc(fn, t.Description)
		fn.Set("parameters", p).Set("strict", false)
		if g.deferred(t) {
			fn.Set("defer_loading", true)
		}
		return fn
	})
	if err != nil {
		return nil, err
	}
	out := g.namespaces(v.([]any))
	if g.anyDeferred() {
		out = append(out, newObj().Set("type", "tool_search"))
	}
	return list(out), nil
}

// strictParams lowers a tool's input schema to a strict mode's rules.
func (g *generator) strictParams(t *ir.Tool) (*obj, error) {
	g.checkName(t)
	p, err := g.params(t)
	if err != nil {
		return nil, err
	}
	keep := func(k string) bool {
		for _, u := range g.target.Unsupported {
			if u == k {
				return false
			}
		}
		return len(g.target.Supported) == 0 || contains(g.target.Supported, k)
	}
	l := g.lowerer(t.Name, keep)
	walk(p, "", func(s *obj, ptr string) {
		if f := s.Str("format"); f != "" && !g.target.SupportsFormat(f) {
			s.Delete("format")
			addWords(s, []string{"format " + f})
			l.note(ptr, "format", "format not supported; stated in the description")
		}
		if pat := s.Str("pattern"); pat != "" && g.target.RegexRestricted && targets.RegexHasRestrictedSyntax(pat) {
			s.Delete("pattern")
			addWords(s, []string{"must match the regular expression " + jsonText(pat)})
			l.note(ptr, "pattern", "pattern uses syntax strict mode rejects; stated in the description")
		}
		l.strip(s, ptr, structural)
		if list, ok := s.Val("allOf").([]any); ok && !keep("allOf") {
			s.Delete("allOf")
			addWords(s, []string{"must also match " + jsonText(list)})
			l.note(ptr, "allOf", "removed; stated in the description")
		}
		if g.target.ClosedObjects || g.target.AllRequired {
			l.strictObjects(s, ptr)
		}
	})
	return p, nil
}

func (g *generator) openAIStrict() (any, error) {
	g.noDeferral()
	return g.perTool(true, func(t *ir.Tool, p *obj) any {
		return newObj().Set("type", "function").Set("function", function(t).Set("parameters", p).Set("strict", true))
	})
}

func (g *generator) anthropic() (any, error) { return g.anthropicTools(false) }

func (g *generator) anthropicStrict() (any, error) { return g.anthropicTools(true) }

// anthropicTools lists the Messages API's tools: the input schema (lowered
// to strict mode's rules when strict), the tool's valid examples as
// input_examples, defer_loading from the loading plan, and the BM25 tool
// search tool when some tool is deferred.
func (g *generator) anthropicTools(strict bool) (any, error) {
	v, err := g.perTool(strict, func(t *ir.Tool, p *obj) any {
		o := function(t).Set("input_schema", p)
		if ex := g.inputExamples(t, p); len(ex) > 0 {
			o.Set("input_examples", ex)
		}
		if strict {
			o.Set("strict", true)
		}
		if len(g.opts.AllowedCallers) > 0 {
			callers := make([]any, len(g.opts.AllowedCallers))
			for i, c := range g.opts.AllowedCallers {
				callers[i] = c
			}
			o.Set("allowed_callers", callers)
		}
		if g.deferred(t) {
			o.Set("defer_loading", true)
		}
		return o
	})
	if err != nil || !g.anyDeferred() {
		return v, err
	}
	return append(v.([]any), newObj().Set("type", AnthropicToolSearchType).Set("name", AnthropicToolSearchName)), nil
}

func (g *generator) gemini() (any, error) {
	if g.opts.GeminiJSONSchema {
		return g.geminiJSONSchema()
	}
	g.noDeferral()
	var decls []any
	for _, t := range g.cat.Tools {
		g.checkName(t)
		p, err := g.params(t)
		if err != nil {
			return nil, err
		}
		l := g.lowerer(t.Name, func(k string) bool { return geminiKeywords[k] })
		l.defs, _ = p.Val("$defs").(*obj)
		if l.defs == nil {
			l.defs = newObj()
		}
		fn := newObj().Set("name", t.Name)
		setDesc(fn, t.Description)
		decls = append(decls, fn.Set("parameters", l.gemini(p, "", 0, nil)))
	}
	return list([]any{newObj().Set("functionDeclarations", list(decls))}), nil
}

func (g *generator) mcp() (any, error) {
	g.noDeferral()
	var tools []any
	for _, t := range g.cat.Tools {
		g.checkName(t)
		p, err := g.listingParams(t)
		if err != nil {
			return nil, err
		}
		o := newObj().Set("name", t.Name)
		if t.Title != "" {
			o.Set("title", t.Title)
		}
		if ls := t.Listing; ls != nil {
			if ls.Name != "" {
				o.Set("name", ls.Name)
			}
			if ls.Description != "" || ls.EmptyDescription {
				o.Set("description", ls.Description)
			}
			if ls.InputSchema != nil {
				if p, err = decodeObject(ls.InputSchema); err != nil {
					return nil, fmt.Errorf("tool %s: listing: %w", t.Name, err)
				}
			}
		} else {
			setDesc(o, t.Description)
		}
		o.Set("inputSchema", p)
		if t.Listing != nil {
			if t.Listing.OutputSchema != nil {
				r, err := decodeObject(t.Listing.OutputSchema)
				if err != nil {
					return nil, fmt.Errorf("tool %s: listing: %w", t.Name, err)
				}
				o.Set("outputSchema", r)
			}
		} else if t.Result != nil {
			r, err := g.resultSchemaDraft(t.Result, g.opts.Schema.Draft)
			if err != nil {
				return nil, fmt.Errorf("tool %s: result: %w", t.Name, err)
			}
			if r.Str("type") == "object" {
				o.Set("outputSchema", r)
			} else {
				g.report = append(g.report, Lowering{Target: g.target.Name, Tool: t.Name, Keyword: "outputSchema",
					Action: "result is not an object; MCP outputSchema must be one, so it is left out"})
			}
		}
		if a := annotations(t); a != nil {
			o.Set("annotations", a)
		}
		if t.DeferLoading {
			o.Set("defer_loading", true) // as mcp-go publishes WithDeferLoading(true)
		}
		if t.Execution != nil {
			x, err := decode(t.Execution)
			if err != nil {
				return nil, fmt.Errorf("tool %s: execution: %w", t.Name, err)
			}
			o.Set("execution", x)
		}
		for _, m := range []struct {
			key string
			v   ir.Value
		}{{"icons", t.Icons}, {"_meta", t.Meta}} {
			if m.v != nil {
				x, err := decode(m.v)
				if err != nil {
					return nil, fmt.Errorf("tool %s: %s: %w", t.Name, m.key, err)
				}
				o.Set(m.key, x)
			}
		}
		tools = append(tools, o)
	}
	return newObj().Set("tools", list(tools)), nil
}

// decodeObject decodes a JSON object kept in the IR.
func decodeObject(v ir.Value) (*obj, error) {
	x, err := decode(v)
	if err != nil {
		return nil, err
	}
	o, ok := x.(*obj)
	if !ok {
		return nil, fmt.Errorf("not a JSON object")
	}
	return o, nil
}

func annotations(t *ir.Tool) *obj {
	a := newObj()
	if t.Annotations.Title != "" {
		a.Set("title", t.Annotations.Title)
	} else if t.Title != "" && !t.ExactTitles {
		a.Set("title", t.Title)
	}
	hint := func(k string, v *bool) {
		if v != nil {
			a.Set(k, *v)
		}
	}
	hint("readOnlyHint", t.Annotations.ReadOnly)
	hint("destructiveHint", t.Annotations.Destructive)
	hint("idempotentHint", t.Annotations.Idempotent)
	hint("openWorldHint", t.Annotations.OpenWorld)
	for _, k := range t.AnnotationsExtra {
		if v, err := decode(k.Value); err == nil && a.Val(k.Name) == nil {
			a.Set(k.Name, v)
		}
	}
	if len(a.Keys()) == 0 {
		return nil
	}
	return a
}

func setDesc(o *obj, d string) {
	if d != "" {
		o.Set("description", d)
	}
}

func list(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func reportJSON(r []Lowering) []byte {
	var out []any
	for _, e := range r {
		o := newObj().Set("target", e.Target).Set("tool", e.Tool)
		if e.Pointer != "" {
			o.Set("pointer", e.Pointer)
		}
		out = append(out, o.Set("keyword", e.Keyword).Set("action", e.Action))
	}
	return encode(newObj().Set("lowerings", list(out)))
}
