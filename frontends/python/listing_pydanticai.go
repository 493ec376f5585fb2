package python

import (
	"fmt"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/lazyre"
	"github.com/tscg/tscg/internal/orderedjson"
)

// pydanticAIListing is the ToolDefinition a pydantic-ai Agent sends the
// model for an @agent.tool / @agent.tool_plain function (tools.py Tool
// over _function_schema.function_schema with GenerateToolJsonSchema):
// the decorator's description, or the docstring's first text section as
// griffe reads it, wrapped as <summary>…</summary> with the Returns
// section as <returns>…</returns> when there is one (_griffe.py
// doc_descriptions); the parameters a typed dict forbidding extra keys
// (additionalProperties false at the root only), the docstring's Args as
// their descriptions, no property titles, models in $defs with their
// titles. A single model-like parameter, whose own schema pydantic-ai
// publishes in place of the parameters, and a Sphinx or NumPy docstring
// are errors: the tool then keeps tscg's reading, with a warning.
func (l *loader) pydanticAIListing(f *funcDef, d *expr, t *ir.Tool) (*ir.Listing, error) {
	ls := &ir.Listing{Framework: listingPydanticAI.String()}
	if f.doc != nil {
		desc, err := pydanticAIDescription(f.doc.text)
		if err != nil {
			return nil, err
		}
		ls.Description = desc
	}
	if d.kind == exCall && d.kw("description") != nil && t.Description != "" {
		ls.Description = t.Description
	}
	root, err := openSchema(t.Params)
	if err != nil {
		return nil, err
	}
	props := root.Obj("properties")
	if props == nil {
		props = orderedjson.NewObject()
		root.Set("properties", props)
	}
	if props.Len() == 1 {
		if p := props.Obj(props.Keys()[0]); p != nil && p.Str("$ref") != "" {
			return nil, fmt.Errorf("pydantic-ai publishes the schema of a single model-like parameter (%s) in place of the parameters, which tscg does not model", props.Keys()[0])
		}
	}
	for _, k := range props.Keys() {
		if p := props.Obj(k); p != nil {
			p.Delete("title")
		}
	}
	if defs := root.Obj("$defs"); defs != nil {
		for _, k := range defs.Keys() {
			if d := defs.Obj(k); d != nil && d.Str("title") == "" {
				d.Set("title", k)
			}
		}
	}
	root.Set("additionalProperties", false)
	ls.InputSchema = orderedjson.Compact(root)
	return ls, nil
}

// pydanticAIStyles are _griffe.py's _docstring_style_patterns, in its
// order: the first style one of whose section names matches is the one
// griffe parses with (Google when none does).
var pydanticAIStyles = []struct {
	style string
	re    *lazyre.Regexp
}{
	{"sphinx", lazyre.New(`(?im)\n[ \t]*:(param|parameter|arg|argument|key|keyword|type|var|ivar|cvar|vartype|returns|return|rtype|raises|raise|except|exception)([ \t]+\w+)*:([ \t]+.+)?\n`)},
	{"google", lazyre.New(`(?im)\n[ \t]*(args|arguments|params|parameters|keyword args|keyword arguments|other args|other arguments|other params|other parameters|raises|exceptions|returns|yields|receives|examples|attributes|functions|methods|classes|modules|warns|warnings):([ \t]+.+)?\n[ \t]+.+`)},
	{"numpy", lazyre.New(`(?im)\n[ \t]*(deprecated|parameters|other parameters|returns|yields|receives|raises|warns|attributes|functions|methods|classes|modules)\n[ \t]*---+\n`)},
}

// pydanticAIDescription is doc_descriptions' main description of a raw
// docstring (fn.__doc__), Google style.
func pydanticAIDescription(raw string) (string, error) {
	for _, st := range pydanticAIStyles {
		if st.re.Get().MatchString(raw) {
			if st.style != "google" {
				return "", fmt.Errorf("pydantic-ai reads this docstring in griffe's %s style, which tscg does not model", st.style)
			}
			break
		}
	}
	doc := cleandoc(raw)
	main := firstTextSection(doc)
	ann, desc, ok := griffeReturns(doc)
	if !ok {
		return main, nil
	}
	xml := "<returns>\n"
	if ann != "" {
		xml += "<type>" + ann + "</type>\n"
	}
	xml += "<description>" + desc + "</description>\n</returns>"
	if main == "" {
		return xml, nil
	}
	return "<summary>" + main + "</summary>\n" + xml, nil
}

// griffeReturns reads a Google Returns section as griffe does with
// returns_named_value=False and returns_multiple_items=False: the whole
// indented block is one item, `type: text` on its first line an
// annotation and a description.
func griffeReturns(doc string) (ann, desc string, ok bool) {
	lines := strings.Split(doc, "\n")
	for i, ln := range lines {
		title := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ln), ":"))
		if (title != "Returns" && title != "Return") || !griffeSection.MatchString(ln) || i+1 >= len(lines) ||
			!(strings.HasPrefix(lines[i+1], " ") || strings.HasPrefix(lines[i+1], "\t")) {
			continue
		}
		end := i + 1
		for end < len(lines) && (strings.TrimSpace(lines[end]) == "" || strings.HasPrefix(lines[end], " ") || strings.HasPrefix(lines[end], "\t")) {
			end++
		}
		block := strings.Split(strings.TrimRight(pyDedent(strings.Join(lines[i+1:end], "\n")), "\n"), "\n")
		first := block[0]
		if before, after, found := strings.Cut(first, ":"); found {
			ann = strings.TrimRight(strings.TrimLeft(before, "("), ")")
			first = after
		}
		desc = strings.TrimRight(strings.Join(append([]string{strings.TrimLeft(first, " \t")}, block[1:]...), "\n"), "\n")
		return ann, desc, true
	}
	return "", "", false
}
