package python

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/lazyre"
	"github.com/tscg/tscg/internal/orderedjson"
)

// The listings of the agent frameworks that are no MCP server: what each
// shows the model for a tool (the "function" of an OpenAI tool), which
// providers/mcp.tools-list.json writes as name, description and
// inputSchema.

// lcDescription is the description LangChain's StructuredTool.from_function
// gives a @tool function (langchain-core 1.x): the decorator's
// description as given; with parse_docstring=True the docstring's text
// blocks before Args (_parse_google_docstring); otherwise fn.__doc__
// through textwrap.dedent and strip (CPython before 3.13 keeps the
// docstring's indentation, which dedent leaves where the first line has
// none); without a docstring, args_schema's.
func (l *loader) lcDescription(s *source, f *funcDef, d *expr, t *ir.Tool, parse bool) string {
	switch {
	case d.kind == exCall && d.kw("description") != nil && t.Description != "":
		return strings.TrimSpace(t.Description)
	case parse:
		desc := ""
		if f.doc != nil {
			desc, _ = lcGoogleDocstring(cleandoc(f.doc.text))
		}
		return strings.TrimSpace(pyDedent(desc))
	case f.doc != nil:
		return strings.TrimSpace(pyDedent(f.doc.text))
	}
	if d.kind == exCall && d.kw("args_schema") != nil {
		if tg, ok := l.lookup(s, d.kw("args_schema").dotted()); ok && tg.cls != nil && tg.cls.doc != nil {
			return strings.TrimSpace(pyDedent(tg.cls.doc.text))
		}
	}
	return ""
}

// lcGoogleDocstring is langchain_core's _parse_google_docstring of a
// cleaned docstring: the blocks (split at blank lines) before the one
// starting "Args:", joined by a space (a "Returns:" or "Example:" block
// ends them), and each Args line `name: text` or `name (type): text`,
// continuation lines joined by a space.
func lcGoogleDocstring(doc string) (string, map[string]string) {
	var descriptors []string
	args := ""
	past := false
	for _, block := range strings.Split(doc, "\n\n") {
		if strings.HasPrefix(block, "Args:") {
			args = block
			break
		}
		if strings.HasPrefix(block, "Returns:") || strings.HasPrefix(block, "Example:") {
			past = true
		} else if !past {
			descriptors = append(descriptors, block)
		}
	}
	out := map[string]string{}
	if args == "" {
		return strings.TrimSpace(strings.Join(descriptors, " ")), out
	}
	arg := ""
	for _, line := range strings.Split(args, "\n")[1:] {
		if name, desc, ok := strings.Cut(line, ":"); ok {
			arg = strings.TrimSpace(name)
			if n, ann, _ := strings.Cut(arg, " "); strings.HasPrefix(ann, "(") && strings.HasSuffix(ann, ")") {
				arg = n
			}
			out[arg] = strings.TrimSpace(desc)
		} else if arg != "" {
			out[arg] += " " + strings.TrimSpace(line)
		}
	}
	return strings.TrimSpace(strings.Join(descriptors, " ")), out
}

// pyDedent is Python's textwrap.dedent: the whitespace prefix common to
// every line that is not blank is removed, and blank lines are emptied.
func pyDedent(text string) string {
	lines := strings.Split(text, "\n")
	margin, set := "", false
	for _, ln := range lines {
		if strings.TrimSpace(ln) == "" {
			continue
		}
		ind := ln[:len(ln)-len(strings.TrimLeft(ln, " \t"))]
		switch {
		case !set:
			margin, set = ind, true
		case strings.HasPrefix(ind, margin):
		case strings.HasPrefix(margin, ind):
			margin = ind
		default:
			n := 0
			for n < len(ind) && n < len(margin) && ind[n] == margin[n] {
				n++
			}
			margin = margin[:n]
		}
	}
	for i, ln := range lines {
		if strings.TrimSpace(ln) == "" {
			lines[i] = ""
		} else {
			lines[i] = strings.TrimPrefix(ln, margin)
		}
	}
	return strings.Join(lines, "\n")
}

// lcAnnotatedDescriptions are the parameters LangChain describes with a
// string in their Annotated metadata (Annotated[str, "the query"]), the
// first such string.
func (l *loader) lcAnnotatedDescriptions(s *source, f *funcDef) map[string]string {
	out := map[string]string{}
	for _, p := range f.params {
		if p.ann == nil || p.ann.kind != exSubscript || l.canonical(s, p.ann.x) != "Annotated" {
			continue
		}
		for _, m := range p.ann.args[1:] {
			if v, ok := l.str(s, m); ok && m.kind == exStr {
				out[p.name] = v
				break
			}
		}
	}
	return out
}

// lcSchema is what LangChain shows the model as a tool's parameters
// (convert_to_openai_tool of the tool: its tool_call_schema, a model
// of the arguments rebuilt from each field's description, default and
// constraints, through _convert_pydantic_to_openai_function): pydantic's
// schema with every $ref replaced by its definition (a cycle by {}), no
// $defs, no root title or description, and no "title" outside lists
// (_rm_titles keeps a property named title and does not enter anyOf or
// prefixItems). descs replaces the parameters' descriptions (an empty
// one removes it).
func lcSchema(params *ir.Type, descs map[string]string) (ir.Value, error) {
	root, err := openSchema(params)
	if err != nil {
		return nil, err
	}
	if ref := root.Str("$ref"); ref != "" { // args_schema=Model: the model is the root
		defs := root.Obj("$defs")
		if def := defs.Obj(strings.TrimPrefix(ref, "#/$defs/")); def != nil {
			root.Delete("$ref")
			for _, k := range def.Keys() {
				root.Set(k, def.Val(k))
			}
			root.Set("$defs", defs)
		}
	}
	if props := root.Obj("properties"); props != nil {
		for _, k := range props.Keys() {
			p := props.Obj(k)
			if p == nil {
				continue
			}
			for _, drop := range []string{"examples", "deprecated", "readOnly", "writeOnly"} {
				p.Delete(drop) // not kept by _create_subset_model
			}
			if d, ok := descs[k]; ok {
				if d == "" {
					p.Delete("description")
				} else {
					p.Set("description", d)
				}
			}
		}
	} else {
		root.Set("properties", orderedjson.NewObject())
	}
	pydanticDicts(root, true)
	pydanticTitles(root)
	full := clone(root).(*jsonObj)
	out := lcDeref(root, full, map[string]bool{}).(*jsonObj)
	out.Delete("$defs")
	out.Delete("title")
	out.Delete("description")
	return orderedjson.Compact(lcRmTitles(out, "")), nil
}

// clone copies a JSON value.
func clone(v any) any {
	c, err := orderedjson.Decode(orderedjson.Compact(v))
	if err != nil {
		panic(err) // Compact writes what Decode reads
	}
	return c
}

// lcDeref is langchain_core's dereference_refs: an object holding "$ref"
// becomes a copy of what it names, itself dereferenced; a reference met
// again inside itself becomes {}; "$defs" is copied as it is.
func lcDeref(v any, full *jsonObj, seen map[string]bool) any {
	switch x := v.(type) {
	case *jsonObj:
		if ref, ok := x.Val("$ref").(string); ok {
			if seen[ref] {
				return orderedjson.NewObject()
			}
			target := full.Obj("$defs").Obj(strings.TrimPrefix(ref, "#/$defs/"))
			if target == nil {
				return x
			}
			seen[ref] = true
			out := lcDeref(clone(target), full, seen)
			delete(seen, ref)
			return out
		}
		for _, k := range x.Keys() {
			if k != "$defs" {
				x.Set(k, lcDeref(x.Val(k), full, seen))
			}
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = lcDeref(e, full, seen)
		}
		return x
	}
	return v
}

// lcRmTitles is function_calling._rm_titles.
func lcRmTitles(o *jsonObj, prev string) *jsonObj {
	out := orderedjson.NewObject()
	for _, k := range o.Keys() {
		v := o.Val(k)
		c, isObj := v.(*jsonObj)
		switch {
		case k == "title" && !(isObj && prev == "properties"):
		case isObj:
			out.Set(k, lcRmTitles(c, k))
		default:
			out.Set(k, v)
		}
	}
	return out
}

// smolDescription is smolagents' get_json_schema description: the
// cleaned docstring up to its first line starting Args:, Returns: or
// Raises:.
var smolSection = lazyre.New(`\n\s*(Args:|Returns:|Raises:)`)

// smolArgLine is an entry of smolagents' args_split_re.
var smolArgLine = lazyre.New(`^\s*(\w+)\s*(?:\([^)]*\))?:\s*(.*)$`)

// smolChoices is the "(choices: [...])" ending of an argument's text.
var smolChoices = lazyre.New(`(?i)\(choices:\s*(.*?)\)\s*$`)

// smolDocstring is smolagents' _parse_google_format_docstring.
func smolDocstring(doc string) (string, map[string]string) {
	doc = strings.TrimSpace(doc)
	desc := doc
	if loc := smolSection.Get().FindStringIndex(doc); loc != nil {
		desc = doc[:loc[0]]
	}
	args := map[string]string{}
	i := strings.Index(doc, "Args:\n")
	for i >= 0 && strings.TrimSpace(doc[strings.LastIndex(doc[:i], "\n")+1:i]) != "" {
		j := strings.Index(doc[i+1:], "Args:\n")
		if j < 0 {
			i = -1
			break
		}
		i += 1 + j
	}
	if i < 0 || !strings.Contains(doc[:i], "\n") {
		return strings.TrimSpace(desc), args
	}
	block := doc[i+len("Args:\n"):]
	end := len(block)
	for _, stop := range []string{"Returns:", "Raises:"} {
		if k := strings.Index(block, stop); k >= 0 && k < end {
			end = k
		}
	}
	cur := ""
	var lines []string
	flush := func() {
		if cur != "" {
			args[cur] = strings.Join(lines, " ")
		}
	}
	for _, ln := range strings.Split(strings.TrimSpace(block[:end]), "\n") {
		if strings.TrimSpace(ln) == "" {
			continue
		}
		if m := smolArgLine.FindStringSubmatch(ln); m != nil {
			flush()
			cur, lines = m[1], nil
			if t := strings.TrimSpace(m[2]); t != "" {
				lines = append(lines, t)
			}
		} else if cur != "" {
			lines = append(lines, strings.TrimSpace(ln))
		}
	}
	flush()
	return strings.TrimSpace(desc), args
}

// smolType is smolagents' _parse_type_hint of the type pydantic renders
// as js: JSON types as they are, constraints and formats dropped, a
// class (a model, an Enum, a datetime) {"type": "object"}, Any "any",
// Optional "nullable", a union of plain types a sorted list of types.
func smolType(js *jsonObj) *jsonObj {
	out := orderedjson.NewObject()
	if js.Str("$ref") != "" || js.Str("format") != "" {
		return out.Set("type", "object")
	}
	if alts := js.List("anyOf"); alts != nil {
		var subs []*jsonObj
		nullable := false
		for _, a := range alts {
			o, _ := a.(*jsonObj)
			if o == nil {
				continue
			}
			if o.Str("type") == "null" && o.Len() == 1 {
				nullable = true
				continue
			}
			subs = append(subs, smolType(o))
		}
		switch {
		case len(subs) == 1:
			out = subs[0]
		default:
			var types []string
			for _, sub := range subs {
				if t, ok := sub.Val("type").(string); ok {
					types = append(types, t)
				}
			}
			if len(types) == len(subs) {
				sort.Strings(types)
				out.Set("type", anySlice(types))
			} else {
				list := make([]any, len(subs))
				for i, sub := range subs {
					list[i] = sub
				}
				out.Set("anyOf", list)
			}
		}
		if nullable {
			out.Set("nullable", true)
		}
		return out
	}
	if enum := js.List("enum"); enum != nil {
		seen := map[string]bool{}
		var types []string
		var vals []any
		for _, v := range enum {
			t := jsonTypeOf(v)
			if t == "null" {
				continue
			}
			vals = append(vals, v)
			if !seen[t] {
				seen[t] = true
				types = append(types, t)
			}
		}
		if len(types) == 1 {
			out.Set("type", types[0])
		} else {
			sort.Strings(types)
			out.Set("type", anySlice(types))
		}
		return out.Set("enum", vals)
	}
	switch t := js.Str("type"); t {
	case "":
		return out.Set("type", "any")
	case "array":
		out.Set("type", "array")
		if pre := js.List("prefixItems"); pre != nil {
			list := make([]any, 0, len(pre))
			for _, e := range pre {
				if o, ok := e.(*jsonObj); ok {
					list = append(list, smolType(o))
				}
			}
			return out.Set("prefixItems", list)
		}
		if items := js.Obj("items"); items != nil && items.Len() > 0 {
			out.Set("items", smolType(items))
		}
		return out
	case "object":
		out.Set("type", "object")
		if ap := js.Obj("additionalProperties"); ap != nil && ap.Len() > 0 {
			out.Set("additionalProperties", smolType(ap))
		}
		return out
	default:
		return out.Set("type", t)
	}
}

func anySlice(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// jsonTypeOf is the JSON type of a decoded value.
func jsonTypeOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case *jsonObj:
		return "object"
	case []any:
		return "array"
	default:
		if s := fmt.Sprint(x); strings.ContainsAny(s, ".eE") {
			return "number"
		}
		return "integer"
	}
}

// smolListing is what a smolagents ToolCallingAgent sends for a @tool
// function (models.get_tool_json_schema of the tool made by
// get_json_schema): the docstring's text before Args as the
// description; each parameter's type as _parse_type_hint reads it, its
// Args text as its description (a trailing "(choices: [...])" an enum),
// "nullable": true where it has a default or is Optional, and required
// the others; no defaults, no constraints.
func (l *loader) smolListing(s *source, f *funcDef, t *ir.Tool) (*ir.Listing, error) {
	ls := &ir.Listing{Framework: listingSmolagents.String(), EmptyDescription: true}
	doc := ""
	if f.doc != nil {
		doc = cleandoc(f.doc.text)
	}
	desc, args := smolDocstring(doc)
	ls.Description = desc
	root, err := openSchema(t.Params)
	if err != nil {
		return nil, err
	}
	req := map[string]bool{}
	for _, r := range root.List("required") {
		if n, ok := r.(string); ok {
			req[n] = true
		}
	}
	props := orderedjson.NewObject()
	required := []any{}
	var undescribed []string
	if in := root.Obj("properties"); in != nil {
		for _, k := range in.Keys() {
			p := in.Obj(k)
			if p == nil {
				continue
			}
			out := smolType(p)
			if !req[k] {
				out.Set("nullable", true)
			}
			if ty, ok := out.Val("type").(string); ok && ty == "any" {
				out.Set("type", "string")
			}
			d, ok := args[k]
			if !ok {
				undescribed = append(undescribed, k)
			}
			if m := smolChoices.Get().FindStringSubmatchIndex(d); m != nil {
				if v, err := orderedjson.Decode([]byte(d[m[2]:m[3]])); err == nil {
					if list, ok := v.([]any); ok {
						for i, e := range list {
							if str, ok := e.(string); ok {
								list[i] = strings.TrimSpace(str)
							}
						}
						out.Set("enum", list)
						d = strings.TrimSpace(d[:m[0]])
					}
				}
			}
			out.Set("description", d)
			if n, _ := out.Val("nullable").(bool); !n {
				required = append(required, k)
			}
			props.Set(k, out)
		}
	}
	if len(undescribed) > 0 {
		l.warn(t.Pos, diag.Warning, ruleDocUnpublished, "smolagents refuses tool %s: its docstring's Args section does not describe %s (get_json_schema raises DocstringParsingException); describe every parameter there", t.Name, strings.Join(undescribed, ", "))
	}
	ls.InputSchema = orderedjson.Compact(orderedjson.NewObject().Set("type", "object").Set("properties", props).Set("required", required))
	return ls, nil
}

// swarmTypes is swarm.util.function_to_json's type_map: the annotation
// object itself, so only these bare names count.
var swarmTypes = map[string]string{"str": "string", "int": "integer", "float": "number", "bool": "boolean", "list": "array", "dict": "object", "None": "null"}

// swarmListing is swarm's function_to_json: fn.__doc__ or "" as the
// description, each parameter (context_variables aside) {"type": …} for
// a bare str, int, float, bool, list, dict or None annotation and
// "string" for anything else (every annotation, under `from __future__
// import annotations`), required those without a default; no
// descriptions, no defaults, no nested types.
func (l *loader) swarmListing(s *source, f *funcDef) *ir.Listing {
	ls := &ir.Listing{Framework: listingSwarm.String(), EmptyDescription: true}
	if f.doc != nil {
		ls.Description = f.doc.text
	}
	future := strings.Contains(s.m.src, "from __future__ import annotations")
	props := orderedjson.NewObject()
	required := []any{}
	for _, p := range f.params {
		if p.name == "context_variables" {
			continue
		}
		ty := "string"
		if p.ann != nil && !future {
			if mapped, ok := swarmTypes[l.text(s, p.ann)]; ok {
				ty = mapped
			}
		}
		props.Set(p.name, orderedjson.NewObject().Set("type", ty))
		if p.def == nil && p.defText == "" {
			required = append(required, p.name)
		}
	}
	ls.InputSchema = orderedjson.Compact(orderedjson.NewObject().Set("type", "object").Set("properties", props).Set("required", required))
	return ls
}

// isSmolTool reports a smolagents Tool subclass.
func (l *loader) isSmolTool(s *source, c *classDef) bool {
	for _, b := range c.bases {
		if l.canonical(s, b) == "Tool" && l.fromModule(s, b, "smolagents") {
			return true
		}
	}
	return false
}

// smolClassTool reads a smolagents Tool subclass: name, description and
// inputs (a dict of {"type", "description", "nullable"} per argument)
// from class attributes. Its listing is get_tool_json_schema of them:
// the inputs as written, "any" sent as "string", required those not
// nullable.
func (l *loader) smolClassTool(s *source, c *classDef) *ir.Tool {
	t := &ir.Tool{Name: c.name, Group: s.name, Source: "python", Pos: s.pos(c.off), Function: c.name}
	var inputs *field
	for _, f := range c.fields {
		if f.value == nil {
			continue
		}
		switch f.name {
		case "name":
			if v, ok := l.str(s, f.value); ok {
				t.Name = v
			}
		case "description":
			t.Description = l.toolText(s, keyword{name: "description", value: f.value})
		case "inputs":
			inputs = f
		}
	}
	if inputs == nil {
		l.warn(t.Pos, diag.Error, ruleValue, "smolagents Tool %s has no inputs dict; give it one ({name: {\"type\": …, \"description\": …}})", c.name)
		return nil
	}
	v, ok := l.goValue(s, inputs.value)
	in, isMap := v.(map[string]any)
	if !ok || !isMap {
		l.warn(s.pos(inputs.value.off), diag.Error, ruleValue, "the inputs of smolagents Tool %s are not a dict literal tscg can read", c.name)
		return nil
	}
	names := make([]string, 0, len(in))
	for k := range in {
		names = append(names, k)
	}
	sort.Strings(names)
	schemaProps := map[string]any{}
	listProps := orderedjson.NewObject()
	required, listRequired := []any{}, []any{}
	for _, k := range names {
		spec, _ := in[k].(map[string]any)
		if spec == nil {
			l.warn(s.pos(inputs.value.off), diag.Error, ruleValue, "input %s of smolagents Tool %s is not a dict", k, c.name)
			return nil
		}
		prop := map[string]any{}
		listed := orderedjson.NewObject()
		for _, key := range []string{"type", "description", "nullable", "enum"} {
			if val, has := spec[key]; has {
				listed.Set(key, val)
				if key != "nullable" {
					prop[key] = val
				}
			}
		}
		switch prop["type"] {
		case "any":
			delete(prop, "type")
			listed.Set("type", "string")
		case "image", "audio":
			prop["type"] = "string" // a file path or URL the agent passes
		}
		schemaProps[k] = prop
		listProps.Set(k, listed)
		if n, _ := spec["nullable"].(bool); !n {
			required = append(required, k)
			listRequired = append(listRequired, k)
		}
	}
	data, err := json.Marshal(map[string]any{"type": "object", "properties": schemaProps, "required": required})
	if err != nil {
		return nil
	}
	params, _, ds := jsonfront.Schema(s.path, data, jsonfront.Options{})
	for _, d := range ds {
		pos := s.pos(inputs.value.off)
		d.Pos = diag.Pos{File: pos.File, Line: pos.Line, Col: pos.Col}
		l.diags.Add(d)
	}
	if params == nil {
		return nil
	}
	setPos(params, s.pos(inputs.value.off))
	params.Additional = ir.AdditionalDefault
	t.Params = params
	if !l.opts.TscgListing {
		t.Listing = &ir.Listing{Framework: listingSmolagents.String(), Description: t.Description, EmptyDescription: true,
			InputSchema: orderedjson.Compact(orderedjson.NewObject().Set("type", "object").Set("properties", listProps).Set("required", listRequired))}
	}
	return t
}

// crewaiModelled reports a CrewAI project whose listing is modelled:
// crewai 1.x (convert_tools_to_openai_schema, as of crewAI f4731f5), or
// crewai not pinned at all.
func crewaiModelled(s *source) bool {
	major, ok := projectMajor(filepath.Dir(s.abs), "crewai")
	return !ok || major >= 1
}

// crewaiListing is what crewai 1.x's convert_tools_to_openai_schema
// sends for a tool: its name through sanitize_tool_name, its authored
// description, and generate_model_description(args_schema,
// strip_null_types=False): pydantic's schema with every object closed
// and given properties and required, formats other than date-time,
// date, time and duration dropped, an empty anyOf branch an object,
// every $ref replaced by its definition (a cycle by a stub), oneOf as
// anyOf, every property required; no root title or description.
func crewaiListing(name, description string, params *ir.Type) (*ir.Listing, error) {
	root, err := openSchema(params)
	if err != nil {
		return nil, err
	}
	if ref := root.Str("$ref"); ref != "" {
		defs := root.Obj("$defs")
		if def := defs.Obj(strings.TrimPrefix(ref, "#/$defs/")); def != nil {
			root.Delete("$ref")
			for _, k := range def.Keys() {
				root.Set(k, def.Val(k))
			}
			root.Set("$defs", defs)
		}
	}
	if _, ok := root.Get("properties"); !ok {
		root.Set("properties", orderedjson.NewObject())
	}
	pydanticDicts(root, true)
	pydanticTitles(root)
	crewaiWalk(root, func(o *jsonObj) {
		if o.Str("type") == "object" {
			o.Set("additionalProperties", false)
			if _, ok := o.Get("properties"); !ok {
				o.Set("properties", orderedjson.NewObject())
			}
			if _, ok := o.Get("required"); !ok {
				o.Set("required", []any{})
			}
		}
	})
	crewaiWalk(root, func(o *jsonObj) {
		switch o.Str("format") {
		case "", "date-time", "date", "time", "duration":
		default:
			o.Delete("format")
		}
		for _, k := range []string{"anyOf", "oneOf"} {
			for i, e := range o.List(k) {
				if c, ok := e.(*jsonObj); ok && c.Len() == 0 {
					o.List(k)[i] = orderedjson.NewObject().Set("type", "object")
				}
			}
		}
	})
	defs := root.Obj("$defs")
	out := crewaiResolve(root, defs, map[string]bool{}).(*jsonObj)
	out.Delete("$defs")
	crewaiWalk(out, func(o *jsonObj) {
		if one, ok := o.Get("oneOf"); ok {
			o.Delete("oneOf")
			o.Set("anyOf", one)
		}
		if props := o.Obj("properties"); o.Str("type") == "object" && props != nil && props.Len() > 0 {
			o.Set("required", anySlice(props.Keys()))
		}
	})
	out.Delete("title")
	out.Delete("description")
	return &ir.Listing{Framework: listingCrewAI.String(), Name: sanitizeToolName(name), Description: description, EmptyDescription: true, InputSchema: orderedjson.Compact(out)}, nil
}

// crewaiWalk calls f on every object in v, each dict value walked as
// crewai's helpers do (the properties map and $defs included).
func crewaiWalk(v any, f func(*jsonObj)) {
	switch x := v.(type) {
	case *jsonObj:
		f(x)
		for _, k := range x.Keys() {
			crewaiWalk(x.Val(k), f)
		}
	case []any:
		for _, e := range x {
			crewaiWalk(e, f)
		}
	}
}

// crewaiResolve is crewai's resolve_refs: a $ref becomes a copy of its
// definition, resolved; one met again inside itself becomes {"type":
// its type or "object"} with the definition's description.
func crewaiResolve(v any, defs *jsonObj, expanding map[string]bool) any {
	switch x := v.(type) {
	case *jsonObj:
		if ref, ok := x.Val("$ref").(string); ok && strings.HasPrefix(ref, "#/$defs/") {
			name := strings.TrimPrefix(ref, "#/$defs/")
			def := defs.Obj(name)
			if def == nil {
				return x
			}
			if expanding[name] {
				stub := orderedjson.NewObject()
				if t, ok := def.Get("type"); ok {
					stub.Set("type", t)
				} else {
					stub.Set("type", "object")
				}
				if d, ok := def.Get("description"); ok {
					stub.Set("description", d)
				}
				return stub
			}
			expanding[name] = true
			out := crewaiResolve(clone(def), defs, expanding)
			delete(expanding, name)
			return out
		}
		// A model tscg wrote in place (its first use) is being expanded
		// as pydantic's $ref to it would be.
		if title := x.Str("title"); title != "" && !expanding[title] && defs.Obj(title) != nil && x.Obj("properties") != nil {
			expanding[title] = true
			defer delete(expanding, title)
		}
		for _, k := range x.Keys() {
			x.Set(k, crewaiResolve(x.Val(k), defs, expanding))
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = crewaiResolve(e, defs, expanding)
		}
		return x
	}
	return v
}

var (
	crewaiCamelUpperLower = lazyre.New(`([A-Z]+)([A-Z][a-z])`)
	crewaiCamelLowerUpper = lazyre.New(`([a-z])([A-Z])`)
	crewaiQuotes          = lazyre.New(`['"]+`)
	crewaiDisallowed      = lazyre.New(`[^a-zA-Z0-9]+`)
	crewaiUnderscores     = lazyre.New(`_+`)
)

// sanitizeToolName is crewai's sanitize_tool_name for ASCII names (the
// NFKD step keeps ASCII as it is; other letters are dropped here as
// encode("ascii", "ignore") drops what NFKD leaves non-ASCII): camelCase
// split, lower case, runs of other characters one underscore, at most 64
// characters (a longer name is cut and given a hash; left as it is here,
// with the IR's name, see setCrewAIListing).
func sanitizeToolName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < 128 {
			b.WriteRune(r)
		}
	}
	n := crewaiCamelUpperLower.ReplaceAllString(b.String(), "${1}_${2}")
	n = crewaiCamelLowerUpper.ReplaceAllString(n, "${1}_${2}")
	n = strings.ToLower(n)
	n = crewaiQuotes.ReplaceAllString(n, "")
	n = crewaiDisallowed.ReplaceAllString(n, "_")
	n = crewaiUnderscores.ReplaceAllString(n, "_")
	return strings.Trim(n, "_")
}
