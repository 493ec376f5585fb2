package python

import (
	"fmt"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// tool converts a top-level function into a tool.
func (l *loader) tool(s *source, f *funcDef, o toolOpts) *ir.Tool {
	t := &ir.Tool{Name: f.name, Group: s.name, Source: "python", Pos: s.pos(f.off)}
	doc := &docInfo{}
	if f.doc != nil {
		doc = parseDocstring(cleandoc(f.doc.text))
		t.Description = doc.description
	}
	obj := &ir.Type{Kind: ir.KindObject, Pos: t.Pos}
	l.notes = listingNotes{}
	// notShown are the parameters the model never sees (injected, the
	// user's, self) and those the schema describes by Field/Annotated:
	// none of them needs a docstring entry (issue 30).
	notShown := map[string]bool{}
	for i, p := range f.params {
		switch {
		case l.injectedParam(s, p, o), o.hidden[p.name]:
			notShown[p.name] = true
			continue
		case i == 0 && (p.name == "self" || p.name == "cls") && p.ann == nil:
			notShown[p.name] = true
			continue
		}
		if l.param(s, f, p, doc, obj, o) {
			notShown[p.name] = true
		}
	}
	t.Params = obj
	if f.returns != nil && !(f.returns.kind == exConst && f.returns.value == "None") {
		t.Result = l.resultHint(s, f, o)
	}
	if t.Result != nil {
		if doc.returns != "" && t.Result.Description == "" {
			t.Result.Description = doc.returns
			l.notes.resultDocDescribed = true
		}
	}
	if o.schemaGiven {
		// args_schema= gives the arguments and their descriptions; the
		// signature's need no docstring entries.
		for _, p := range f.params {
			notShown[p.name] = true
		}
	}
	l.docLint(s, f, doc, notShown)
	return t
}

// resultHint converts the return annotation. A framework tool whose
// result is MCP content (TextContent, Image, CallToolResult …) or a type
// tscg cannot read publishes no output schema, as FastMCP does, with a
// warning instead of failing the build.
func (l *loader) resultHint(s *source, f *funcDef, o toolOpts) *ir.Type {
	t := l.readResult(s, f, o)
	if t == nil {
		return nil
	}
	if inModel, at := jsonInModel(t, map[*ir.Named]bool{}); inModel != nil {
		// pydantic publishes a model once per mode; tscg has one IR
		// type per model, shared with the inputs that use it.
		sev := diag.Error
		if o.framework {
			sev = diag.Warning
		}
		l.warn(at, sev, ruleType, "the result of %s holds model %s, which has a Json[...] field: pydantic serializes that field as the parsed value, not as the JSON string its input schema describes, and tscg cannot give %s a second, serialization schema; the tool gets no output schema (return a model without Json[...] fields)", f.name, inModel.Name, inModel.Name)
		return nil
	}
	return serializedJSON(t)
}

// serializedJSON returns a result type as pydantic serializes it
// (TypeAdapter(T).json_schema(mode="serialization")): a Json[T] value is
// written as the T it holds, so its schema is T's, not a string's.
func serializedJSON(t *ir.Type) *ir.Type {
	if t == nil || t.Kind == ir.KindRef {
		return t
	}
	if isJSONString(t) {
		c := *serializedJSON(t.ContentSchema)
		if c.Description == "" {
			c.Description = t.Description
		}
		if c.Title == "" {
			c.Title = t.Title
		}
		c.Nullable = c.Nullable || t.Nullable
		return &c
	}
	c := *t
	c.Items = serializedJSON(t.Items)
	c.AdditionalType = serializedJSON(t.AdditionalType)
	c.PrefixItems = serializedList(t.PrefixItems)
	c.Variants = serializedList(t.Variants)
	c.AllOf = serializedList(t.AllOf)
	if t.Properties != nil {
		c.Properties = make([]*ir.Property, len(t.Properties))
		for i, p := range t.Properties {
			q := *p
			q.Type = serializedJSON(p.Type)
			c.Properties[i] = &q
		}
	}
	return &c
}

func serializedList(ts []*ir.Type) []*ir.Type {
	if ts == nil {
		return nil
	}
	out := make([]*ir.Type, len(ts))
	for i, t := range ts {
		out[i] = serializedJSON(t)
	}
	return out
}

// isJSONString reports the type of pydantic's Json[T] (see jsonHint).
func isJSONString(t *ir.Type) bool {
	return t.Kind == ir.KindString && t.ContentMediaType == "application/json" && t.ContentSchema != nil
}

// jsonInModel returns the first named type reachable from t that holds a
// Json[...] value, and the position of the property holding it.
func jsonInModel(t *ir.Type, seen map[*ir.Named]bool) (*ir.Named, ir.Pos) {
	var found *ir.Named
	var foundAt ir.Pos
	var walk func(t *ir.Type, in *ir.Named, at ir.Pos)
	walk = func(t *ir.Type, in *ir.Named, at ir.Pos) {
		if t == nil || found != nil {
			return
		}
		if t.Kind == ir.KindRef && t.Ref != nil {
			if !seen[t.Ref] {
				seen[t.Ref] = true
				walk(t.Ref.Type, t.Ref, t.Ref.Pos)
			}
			return
		}
		if in != nil && isJSONString(t) {
			found, foundAt = in, at
			return
		}
		for _, c := range append(append(append([]*ir.Type{t.ContentSchema, t.Items, t.AdditionalType}, t.PrefixItems...), t.Variants...), t.AllOf...) {
			walk(c, in, at)
		}
		for _, p := range t.Properties {
			walk(p.Type, in, p.Pos)
		}
	}
	walk(t, nil, ir.Pos{})
	return found, foundAt
}

// readResult converts the return annotation (see resultHint).
func (l *loader) readResult(s *source, f *funcDef, o toolOpts) *ir.Type {
	before := len(l.diags)
	t := l.hint(s, f.returns)
	if !o.framework || len(l.diags) == before {
		return t
	}
	var kept diag.List
	failed := false
	for _, d := range l.diags[before:] {
		if d.Severity == diag.Error {
			failed = true
			continue
		}
		kept = append(kept, d)
	}
	l.diags = append(l.diags[:before], kept...)
	if !failed {
		return t
	}
	l.warn(s.pos(f.returns.off), diag.Warning, ruleType, "the result type %s of %s is not a JSON type tscg can read (MCP content, or a class outside the tools folder); the tool gets no output schema", l.text(s, f.returns), f.name)
	return nil
}

// param adds one parameter to the tool's argument object, and reports
// whether its schema has a description of its own (Field(description=…),
// Annotated[…, Field(description=…)], a described type), which the
// docstring need not repeat.
func (l *loader) param(s *source, f *funcDef, p *param, doc *docInfo, obj *ir.Type, o toolOpts) (described bool) {
	pos := s.pos(p.off)
	pd := doc.param(p.name)
	l.owner = "parameter " + p.name + " of " + f.name
	defer func() { l.owner = "" }()
	var typ *ir.Type
	switch {
	case p.ann != nil:
		typ = l.hint(s, p.ann)
	case pd != nil && pd.typ != "":
		typ = l.docType(s, p, pd)
	case o.swarm:
		l.warn(pos, diag.Warning, ruleUntyped, "parameter %s of %s has no type annotation; like swarm, the schema asks for a string", p.name, f.name)
		typ = &ir.Type{Kind: ir.KindString}
	case o.mcpSDK:
		// func_metadata: Annotated[Any, WithJsonSchema({"title": name, "type": "string"})]
		l.warn(pos, diag.Warning, ruleUntyped, "parameter %s of %s has no type annotation; like the MCP SDK's FastMCP, the schema asks for a string", p.name, f.name)
		typ = &ir.Type{Kind: ir.KindString}
		l.notes.setTitle(p.name, p.name)
	case o.smolagents:
		l.warn(pos, diag.Error, ruleUntyped, "parameter %s of %s has no type annotation; smolagents refuses such a tool: annotate it", p.name, f.name)
		typ = &ir.Type{Kind: ir.KindAny}
	case o.framework:
		l.warn(pos, diag.Warning, ruleUntyped, "parameter %s of %s has no type annotation; like the framework, the schema accepts any value", p.name, f.name)
		typ = &ir.Type{Kind: ir.KindAny}
	default:
		l.warn(pos, diag.Error, ruleUntyped, "parameter %s of %s has no type annotation; annotate it so the tool's schema can say what to pass", p.name, f.name)
		typ = &ir.Type{Kind: ir.KindAny}
	}
	fromDoc := false
	if pd != nil && pd.desc != "" && typ.Description == "" {
		typ.Description = pd.desc
		fromDoc = true
	}
	switch p.kind {
	case "var_positional":
		l.warn(pos, diag.Warning, ruleVarargs, "*%s of %s is left out of the schema: tool calls pass arguments by name", p.name, f.name)
		return false
	case "var_keyword":
		if p.ann != nil {
			obj.Additional, obj.AdditionalType = ir.AdditionalTyped, typ
		}
		return false
	}
	prop := &ir.Property{Name: p.name, Type: typ, Required: true, Pos: pos}
	if fs, call := l.annotatedField(s, p.ann); call != nil { // Annotated[int, Field(default=5000)]
		l.fieldDefaults(fs, call, typ, prop)
		if p.def == nil && !prop.Required {
			l.notes.annotatedDefault = append(l.notes.annotatedDefault, prop.Name)
		}
	}
	if p.def != nil {
		l.readDefault(s, p.def, prop, l.owner)
	}
	if prop.Name != p.name { // Field(alias=...): the executor passes it back as p.name
		prop.SourceName = p.name
	}
	obj.Properties = append(obj.Properties, prop)
	if fromDoc && typ.Description == pd.desc {
		l.notes.docDescribed = append(l.notes.docDescribed, prop.Name)
	}
	if pd != nil && pd.desc != "" && typ.Description != pd.desc {
		if l.notes.docOverridden == nil {
			l.notes.docOverridden = map[string]string{}
		}
		l.notes.docOverridden[prop.Name] = pd.desc
	}
	return !fromDoc && typ.Description != ""
}

// annotatedField returns the Field(...) of an Annotated[T, Field(...)]
// hint, whose default and alias belong to the parameter.
func (l *loader) annotatedField(s *source, e *expr) (*source, *expr) {
	if e == nil {
		return nil, nil
	}
	r := l.deref(s, e) // an alias: Code = Annotated[int, Field(default=1)]
	if r.opaque() || r.e.kind != exSubscript || l.canonical(r.src, r.e.x) != "Annotated" {
		return nil, nil
	}
	for _, m := range r.e.args[1:] {
		if f := l.deref(r.src, m); f.e.kind == exCall && l.canonical(f.src, f.e.x) == "Field" {
			return f.src, f.e
		}
	}
	return nil, nil
}

// docType uses a docstring's type when the signature has none (reST
// `:type x: int`, Google `x (int): …`), with a warning.
func (l *loader) docType(s *source, p *param, pd *paramDoc) *ir.Type {
	lines, err := tokenize(pd.typ)
	if err == nil && len(lines) == 1 {
		sub := &source{path: s.path, abs: s.abs, name: s.name, m: &module{src: pd.typ, classes: s.m.classes, assigns: s.m.assigns, imports: s.m.imports, lineStarts: []int{0}}}
		before := len(l.diags)
		t := l.hintExpr(sub, parseExpr(lines[0].toks))
		if len(l.diags) == before {
			l.warn(s.pos(p.off), diag.Warning, ruleUntyped, "parameter %s has no type annotation; its type %q is taken from the docstring", p.name, pd.typ)
			return t
		}
		l.diags = l.diags[:before]
	}
	l.warn(s.pos(p.off), diag.Error, ruleUntyped, "parameter %s has no type annotation, and its docstring type %q is not a Python type", p.name, pd.typ)
	return &ir.Type{Kind: ir.KindAny}
}

func (l *loader) warn(pos ir.Pos, sev diag.Severity, rule, format string, args ...any) {
	l.diags.Add(diag.Diagnostic{Pos: pos, Severity: sev, RuleID: rule, Message: fmt.Sprintf(format, args...)})
}

// docLint compares the docstring's parameters with the signature.
func (l *loader) docLint(s *source, f *funcDef, doc *docInfo, notShown map[string]bool) {
	if f.doc == nil {
		return
	}
	docLine, _ := s.m.lineCol(f.doc.off)
	docLine += leadingBlankLines(f.doc.text)
	inSig := map[string]*param{}
	for _, p := range f.params {
		inSig[p.name] = p
	}
	for _, pd := range doc.params {
		p := inSig[pd.name]
		if p == nil {
			l.warn(ir.Pos{File: s.path, Line: docLine + pd.line}, diag.Warning, ruleDocParam, "docstring of %s documents parameter %s, which is not in the signature", f.name, pd.name)
			continue
		}
		switch {
		case pd.dflt != "" && p.def == nil:
			l.warn(s.pos(p.off), diag.Warning, ruleDocDefault, "docstring of %s says %s defaults to %s, but the signature has no default", f.name, p.name, pd.dflt)
		case pd.dflt != "" && p.defText != pd.dflt && p.defText != "'"+pd.dflt+"'" && p.defText != `"`+pd.dflt+`"`:
			l.warn(s.pos(p.off), diag.Warning, ruleDocDefault, "docstring of %s says %s defaults to %s, but the signature's default is %s", f.name, p.name, pd.dflt, p.defText)
		case pd.optional && p.def == nil:
			l.warn(s.pos(p.off), diag.Warning, ruleDocDefault, "docstring of %s calls %s optional, but the signature requires it", f.name, p.name)
		}
	}
	var missing []*param
	for _, p := range f.params {
		if doc.param(p.name) == nil && p.kind != "var_positional" && p.kind != "var_keyword" && !notShown[p.name] {
			missing = append(missing, p)
		}
	}
	if len(doc.params) == 0 && len(missing) > 0 {
		// One finding, not one per parameter, for a docstring without
		// a parameter section.
		names := make([]string, len(missing))
		for i, p := range missing {
			names[i] = p.name
		}
		l.warn(s.pos(f.off), diag.Warning, ruleDocMissing, "docstring of %s documents none of its parameters (%s)", f.name, strings.Join(names, ", "))
		return
	}
	for _, p := range missing {
		l.warn(s.pos(p.off), diag.Warning, ruleDocMissing, "parameter %s of %s is not documented in its docstring", p.name, f.name)
	}
}

// leadingBlankLines counts the lines cleandoc drops from the top of a
// raw docstring, so line numbers in the cleaned text map back to the file.
func leadingBlankLines(raw string) int {
	n := 0
	for i, l := range strings.Split(raw, "\n") {
		if strings.TrimFunc(l, pyIsSpace) != "" {
			return i
		}
		n = i
	}
	return n
}
