package typescript

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// fileTools extracts the tools declared in f, in source order: exported
// functions, interfaces in the article's form and @tool types.
func (r *resolver) fileTools(f *file) []*ir.Tool {
	var fs []found
	c := ctx{f: f}
	for _, fn := range f.funcs {
		if fn.hasBody && !hasToolTag(fn.doc) {
			continue // a helper: only declarations and @tool functions are tools
		}
		o := &owner{what: "function " + fn.name, tool: true}
		done := r.begin(o)
		if t := r.funcTool(fn, c); t != nil {
			o.tools = append(o.tools, t)
			fs = append(fs, found{fn.off, t})
		}
		done()
	}
	for i, d := range f.parsed.decls {
		ds := f.declsOf(i)
		if first(ds, func(x *decl) bool { return x.kind != dEnum }) != d {
			continue
		}
		var t *ir.Tool
		o := &owner{what: "tool " + d.name}
		done := r.begin(o)
		if ms := toolShape(ds); ms != nil {
			o.tool, t = true, r.shapeTool(ds, ms, c)
		} else if hasToolTag(d.doc) {
			o.tool, t = true, r.taggedTool(ds, c)
		}
		if t != nil {
			o.tools = append(o.tools, t)
			fs = append(fs, found{d.off, t})
		}
		done()
	}
	fs = append(fs, r.registeredTools(f, false)...)
	return r.placed(f, fs)
}

// reachedTools is the tools a file the roots import registers in
// functions that code tscg read calls.
func (r *resolver) reachedTools(f *file) []*ir.Tool {
	return r.placed(f, r.registeredTools(f, true))
}

// placed orders a file's tools by offset and gives them their position,
// source and group.
func (r *resolver) placed(f *file, fs []found) []*ir.Tool {
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].off < fs[j].off })
	out := make([]*ir.Tool, len(fs))
	for i, x := range fs {
		if x.tool.Pos.IsZero() {
			x.tool.Pos = f.pos(x.off)
		}
		x.tool.Source, x.tool.Group = "typescript", groupName(f.path)
		out[i] = x.tool
	}
	return out
}

// groupName is a file's base name without its .ts or .d.ts extension.
func groupName(path string) string {
	b := filepath.Base(path)
	for _, ext := range []string{".d.ts", ".d.mts", ".ts", ".mts", ".cts"} {
		if strings.HasSuffix(b, ext) {
			return strings.TrimSuffix(b, ext)
		}
	}
	return b
}

// toolShape returns the members of a declaration written in the TSCG
// article's form: `name: 'literal'` and `parameters: {…}` (plus optional
// `description` and `result`), or nil.
func toolShape(ds []*decl) *toolMembers {
	d := ds[0]
	var members []*member
	switch {
	case len(d.typeParams) > 0:
		return nil
	case d.kind == dInterface && len(ds) == 1:
		members = d.members // no merged declarations: nothing to copy
	case d.kind == dInterface:
		for _, x := range ds {
			members = append(members, x.members...)
		}
	case d.kind == dAlias && d.body.kind == teObject:
		members = d.body.members
	default:
		return nil
	}
	if !hasProperty(members, "name") || !hasProperty(members, "parameters") {
		return nil // most declarations: skip building the map
	}
	ms := &toolMembers{}
	for _, m := range members {
		if m.kind != mProperty {
			continue
		}
		switch m.name { // the last of a repeated name counts
		case "name":
			ms.name = m
		case "description":
			ms.description = m
		case "parameters":
			ms.parameters = m
		case "result":
			ms.result = m
		}
	}
	if ms.name == nil || ms.parameters == nil || ms.name.typ.kind != teLit || !strings.HasPrefix(ms.name.typ.text, `"`) {
		return nil
	}
	return ms
}

// toolMembers are the members of a tool declared in the article's form.
type toolMembers struct {
	name, description, parameters, result *member
}

// hasProperty reports whether members has a property called name.
func hasProperty(members []*member, name string) bool {
	for _, m := range members {
		if m.kind == mProperty && m.name == name {
			return true
		}
	}
	return false
}

func litString(te *typeExpr) (string, bool) {
	if te.kind != teLit || len(te.text) < 2 || te.text[0] != '"' {
		return "", false
	}
	// te.text is ir.MarshalValue's JSON: without an escape, the value is
	// what is between the quotes.
	if s := te.text[1 : len(te.text)-1]; !strings.Contains(s, `\`) {
		return s, true
	}
	var s string
	return s, json.Unmarshal([]byte(te.text), &s) == nil
}

// shapeTool builds a tool from the article's interface form.
func (r *resolver) shapeTool(ds []*decl, ms *toolMembers, c ctx) *ir.Tool {
	name, _ := litString(ms.name.typ)
	t := &ir.Tool{Name: name}
	if dm := ms.description; dm != nil {
		if s, ok := litString(dm.typ); ok {
			t.Description = s
		} else {
			r.errorf(c, dm.typ.off, "a tool's description must be a string literal")
		}
	}
	pm := ms.parameters
	t.Params = r.conv(pm.typ, c)
	r.applyMemberDoc(t.Params, pm, c)
	r.objectOf(t.Params, c, pm.typ.off, "a tool's parameters must be an object type")
	if rm := ms.result; rm != nil {
		t.Result = r.conv(rm.typ, c)
		r.applyMemberDoc(t.Result, rm, c)
	}
	r.applyToolDoc(t, ds[0].doc, c)
	return t
}

// taggedTool builds a tool from a type or interface tagged @tool: the type
// itself is the parameters object.
func (r *resolver) taggedTool(ds []*decl, c ctx) *ir.Tool {
	d := ds[0]
	if len(d.typeParams) > 0 {
		r.errorf(c, d.off, "a generic type cannot be a tool")
		return nil
	}
	ent := r.namedFor(ds)
	t := &ir.Tool{Name: ir.SnakeCase(d.name)}
	t.Params = r.newType(ir.KindRef, c.f.pos(d.off))
	t.Params.Ref = ent.n
	r.objectOf(t.Params, c, d.off, "a @tool type must be an object type")
	r.applyToolDoc(t, d.doc, c)
	return t
}

// funcTool builds a tool from an exported function declaration.
func (r *resolver) funcTool(fn *funcDecl, c ctx) *ir.Tool {
	if len(fn.typeParams) > 0 {
		r.errorf(c, fn.off, "a generic function cannot be a tool")
		return nil
	}
	doc := parseDoc(fn.doc)
	t := &ir.Tool{Name: fn.name, Params: r.funcParams(fn, doc, c)}
	if fn.ret != nil {
		t.Result = r.funcResult(fn.ret, c)
	}
	r.applyToolDoc(t, fn.doc, c)
	return t
}

// funcParams: a single object-typed parameter is the parameters object;
// otherwise each parameter becomes a property.
func (r *resolver) funcParams(fn *funcDecl, doc jsdoc, c ctx) *ir.Type {
	obj := r.newType(ir.KindObject, c.f.pos(fn.off))
	if len(fn.params) == 1 && fn.params[0].typ != nil && !fn.params[0].rest {
		t := r.conv(fn.params[0].typ, c)
		if rt := t.Resolve(); rt != nil && rt.Kind == ir.KindObject {
			return t
		}
	}
	for _, p := range fn.params {
		switch {
		case p.rest:
			r.errorf(c, p.off, "a rest parameter cannot be a tool parameter")
			continue
		case p.name == "":
			r.errorf(c, p.off, "a destructured parameter must be a tool's only parameter, with an object type")
			continue
		case p.typ == nil:
			r.errorf(c, p.off, "parameter %s needs a type annotation", p.name)
			continue
		}
		pt, undef := r.convOpt(p.typ, c)
		if d := doc.paramDoc(p.name); d != "" {
			pt.Description = d
		}
		obj.Properties = append(obj.Properties, &ir.Property{Name: p.name, Type: pt, Required: !p.optional && !undef, Pos: c.f.pos(p.off)})
	}
	return obj
}

// funcResult unwraps Promise<R>; void and undefined mean no result.
func (r *resolver) funcResult(te *typeExpr, c ctx) *ir.Type {
	if te.kind == teRef && te.text == "Promise" && len(te.elems) == 1 {
		if _, user := lookupName(c.f, "Promise"); !user {
			te = te.elems[0]
		}
	}
	if te.kind == teRef && (te.text == "void" || te.text == "undefined") {
		return nil
	}
	return r.conv(te, c)
}

// applyToolDoc applies the tool-level JSDoc: description, @name, @title,
// @deprecated, @returns, @example and the behaviour annotations.
func (r *resolver) applyToolDoc(t *ir.Tool, raw rawDoc, c ctx) {
	d := parseDoc(raw)
	if t.Description == "" {
		t.Description = d.desc
	}
	for _, tg := range d.tags {
		switch tg.name {
		case "name":
			if tg.text == "" {
				r.errorf(c, tg.off, "@name needs a tool name")
			} else {
				t.Name = tg.text
			}
		case "title":
			t.Title = tg.text
		case "deprecated":
			t.Deprecated = true
		case "returns", "return":
			if t.Result != nil && t.Result.Description == "" {
				t.Result.Description = tg.text
			}
		case "example", "examples":
			r.toolExample(t, tg, c)
		case "readonly", "readOnly":
			t.Annotations.ReadOnly = ir.Bool(tg.text != "false")
		case "destructive":
			t.Annotations.Destructive = ir.Bool(tg.text != "false")
		case "idempotent":
			t.Annotations.Idempotent = ir.Bool(tg.text != "false")
		case "openWorld":
			t.Annotations.OpenWorld = ir.Bool(tg.text != "false")
		case "requiresApproval":
			t.Annotations.RequiresApproval = tg.text != "false"
		}
	}
}

// toolExample records an @example whose text is a JSON object of
// arguments; other examples are documentation and are reported.
func (r *resolver) toolExample(t *ir.Tool, tg tag, c ctx) {
	v, err := ir.CompactValue([]byte(tg.text))
	if err != nil || len(v) == 0 || v[0] != '{' {
		r.diags.Add(diag.Warnf(c.f.pos(tg.off), "tool @%s is not a JSON object of arguments; ignored", tg.name))
		return
	}
	t.Examples = append(t.Examples, ir.Example{Arguments: v})
}

// hasToolTag reports whether a declaration's JSDoc has an @tool tag. Most
// declarations are not tools and their comment is parsed again when it is
// applied, so the substring test spares a parse: a tag named "tool" is
// always written "@tool".
func hasToolTag(raw rawDoc) bool {
	if !strings.Contains(raw.text, "@tool") {
		return false
	}
	_, ok := parseDoc(raw).lookup("tool")
	return ok
}
