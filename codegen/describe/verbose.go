package describe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/compiler/ir"
)

// Verbose renders the catalog as Markdown: per tool its purpose, its
// group's rule prompt, every parameter with its constraints in words, a
// synthesised example call, the user's examples and the mistakes to avoid.
func Verbose(cat *ir.Catalog) []byte {
	var b strings.Builder
	groups := map[string]*ir.Group{}
	for _, g := range cat.Groups {
		groups[g.Name] = g
	}
	for i, t := range cat.Tools {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.Write(VerboseTool(t, groups[t.Group]))
	}
	return []byte(b.String())
}

// VerboseTool renders one tool; g is its group or nil.
func VerboseTool(t *ir.Tool, g *ir.Group) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n", t.Name)
	if t.Deprecated {
		b.WriteString("**Deprecated.**\n\n")
	}
	desc, ret := splitReturns(t.Description)
	if t.Result == nil {
		desc, ret = t.Description, ""
	}
	if desc != "" {
		b.WriteString(desc + "\n\n")
	}
	if g != nil && g.Description != "" {
		fmt.Fprintf(&b, "Rules for all %s tools:\n\n%s\n\n", g.Name, g.Description)
	}
	p := t.Params.Resolve()
	if p != nil && len(p.Properties) > 0 {
		b.WriteString("Parameters:\n\n")
		params(&b, p, "", false)
		b.WriteByte('\n')
	} else {
		b.WriteString("Takes no parameters.\n\n")
	}
	if t.Result != nil {
		returns(&b, t, ret)
	}
	examples(&b, t)
	mistakes(&b, t)
	return []byte(b.String())
}

// params lists an object's properties; in a result (result set) they are
// "always" or "optional" rather than required or optional.
func params(b *strings.Builder, obj *ir.Type, indent string, result bool) {
	for _, p := range obj.Properties {
		req := "optional"
		switch {
		case p.Required && result:
			req = "always"
		case p.Required:
			req = "required"
		}
		t := p.Type
		words := append([]string{req, typeWords1(t)}, Details(t)...)
		fmt.Fprintf(b, "%s- `%s` (%s)", indent, p.Name, strings.Join(words, ", "))
		if d := describe(t); d != "" {
			b.WriteString(": " + strings.ReplaceAll(d, "\n", "\n"+indent+"  "))
		}
		b.WriteByte('\n')
		if inner := fieldsOf(t); inner != nil && len(indent) < 8 {
			params(b, inner, indent+"  ", result)
		}
	}
}

// fieldsOf is the object with properties that t is, or holds as array
// items, through references; nil when it is none.
func fieldsOf(t *ir.Type) *ir.Type {
	inner := t.Resolve()
	if inner != nil && inner.Kind == ir.KindArray && inner.Items != nil {
		inner = inner.Items.Resolve()
	}
	if inner != nil && inner.Kind == ir.KindObject && len(inner.Properties) > 0 {
		return inner
	}
	return nil
}

// describe is t's description, else that of the named type it refers to.
func describe(t *ir.Type) string {
	if t.Description != "" || t.Kind != ir.KindRef || t.Ref == nil || t.Ref.Type == nil {
		return t.Description
	}
	return t.Ref.Type.Description
}

// Details are t's constraints in words, and what its type expression
// does not show: the values of an enum or constant and the bounds of a
// named type it refers to (`Unit`: one of "celsius", "fahrenheit"), of
// array items by reference, and an enum too long for the expression.
func Details(t *ir.Type) []string {
	var out []string
	if _, ok := inlineOK(t); !ok || t.Const != nil {
		out = valueWords(t)
	}
	var named []string
	if r := deref(t); r != t && r != nil && r.Kind != ir.KindObject {
		c := *r
		if t.Default != nil {
			c.Default = nil
		}
		out = append(out, valueWords(&c)...)
		named = Constraints(&c)
	}
	out = append(append(out, Constraints(t)...), named...)
	if a := t.Resolve(); a != nil && a.Kind == ir.KindArray && a.Items != nil {
		it := a.Items
		r := deref(it)
		var iw []string
		if _, ok := inlineOK(it); r != it || !ok {
			iw = valueWords(r)
		}
		if r != it {
			iw = append(iw, Constraints(r)...)
		}
		if len(iw) > 0 {
			out = append(out, "each item "+strings.Join(iw, ", "))
		}
	}
	return out
}

// deref follows references to the type they name.
func deref(t *ir.Type) *ir.Type {
	for i := 0; t != nil && t.Kind == ir.KindRef && t.Ref != nil && i < 16; i++ {
		t = t.Ref.Type
	}
	return t
}

// valueWords states an enum's values or a constant.
func valueWords(t *ir.Type) []string {
	switch {
	case t == nil:
		return nil
	case t.Const != nil:
		return []string{"always `" + string(t.Const) + "`"}
	case len(t.Enum) == 1:
		return []string{"only `" + string(t.Enum[0]) + "`"}
	case len(t.Enum) > 0:
		vs := make([]string, len(t.Enum))
		for i, v := range t.Enum {
			vs[i] = "`" + string(v) + "`"
		}
		return []string{"one of " + strings.Join(vs, ", ")}
	}
	return nil
}

func typeWords1(t *ir.Type) string {
	return "`" + strings.TrimSpace(inline(t)) + "`"
}

// inline is the compact type expression of t without descriptions, or
// its kind when that is long or spans lines.
func inline(t *ir.Type) string {
	s, _ := inlineOK(t)
	return s
}

// inlineOK is inline, and whether the whole expression was kept.
func inlineOK(t *ir.Type) (string, bool) {
	w := &compactWriter{level: LevelTerse}
	c := *t
	c.Description, c.Default, c.Examples, c.Title = "", nil, nil, ""
	w.base(&c, 0)
	s := w.b.String()
	if len(s) > 80 || strings.Contains(s, "\n") {
		return c.Kind.String(), false
	}
	return s, true
}

// Constraints states t's constraints in words ("2 to 100 characters").
func Constraints(t *ir.Type) []string {
	var out []string
	rng := func(lo, hi, unit string) {
		switch {
		case lo != "" && hi != "":
			out = append(out, fmt.Sprintf("%s to %s%s", lo, hi, unit))
		case lo != "":
			out = append(out, fmt.Sprintf("at least %s%s", lo, unit))
		case hi != "":
			out = append(out, fmt.Sprintf("at most %s%s", hi, unit))
		}
	}
	rng(num(t.Minimum), num(t.Maximum), "")
	if t.ExclusiveMinimum != nil {
		out = append(out, "greater than "+string(*t.ExclusiveMinimum))
	}
	if t.ExclusiveMaximum != nil {
		out = append(out, "less than "+string(*t.ExclusiveMaximum))
	}
	rng(i64(t.MinLength), i64(t.MaxLength), " characters")
	rng(i64(t.MinItems), i64(t.MaxItems), " items")
	if t.MultipleOf != nil {
		out = append(out, "a multiple of "+string(*t.MultipleOf))
	}
	if t.Pattern != "" {
		out = append(out, "matching the regular expression `"+t.Pattern+"`")
	}
	if t.Format != "" {
		f := "format " + t.Format
		if ex, ok := formatExamples[t.Format]; ok {
			f += fmt.Sprintf(" (e.g. %q)", ex)
		}
		out = append(out, f)
	}
	if t.UniqueItems {
		out = append(out, "items unique")
	}
	if t.Default != nil {
		out = append(out, "default `"+string(t.Default)+"`")
	}
	if t.Nullable {
		out = append(out, "may be null")
	}
	return out
}

// returns states the result: its type with the details params gives, its
// description unless the tool's description already holds it (a Python
// docstring's Returns: section), and the fields of an object result or of
// a list's items.
func returns(b *strings.Builder, t *ir.Tool, said string) {
	r := t.Result
	words := append([]string{typeWords1(r)}, Details(r)...)
	b.WriteString("Returns: " + strings.Join(words, ", "))
	d := strings.TrimSpace(describe(r))
	switch {
	case d != "" && !strings.Contains(said, d) && !strings.Contains(t.Description, d):
		b.WriteString(": " + d)
		if said != "" {
			b.WriteString(" " + said)
		}
	case said != "":
		b.WriteString(": " + said)
	}
	b.WriteString("\n\n")
	if inner := fieldsOf(r); inner != nil {
		if a := r.Resolve(); a != nil && a.Kind == ir.KindArray {
			b.WriteString("Each item:\n\n")
		}
		params(b, inner, "", true)
		b.WriteByte('\n')
	}
}

// splitReturns takes a docstring's Returns section (Google style
// "Returns:" with indented lines, or "Returns: text" on one line) out of
// a description, so the verbose text says what a tool returns once, on
// its Returns line; ret is the section's text joined into one line.
func splitReturns(desc string) (rest, ret string) {
	lines := strings.Split(desc, "\n")
	for i, l := range lines {
		h := strings.TrimSpace(l)
		if l != h || !(strings.HasPrefix(h, "Returns:") || strings.HasPrefix(h, "Return:")) {
			continue
		}
		_, inlineText, _ := strings.Cut(h, ":")
		body := []string{strings.TrimSpace(inlineText)}
		j := i + 1
		for ; j < len(lines) && (strings.HasPrefix(lines[j], " ") || strings.HasPrefix(lines[j], "\t")); j++ {
			body = append(body, strings.TrimSpace(lines[j]))
		}
		ret = strings.TrimSpace(strings.Join(body, " "))
		if ret == "" {
			return desc, ""
		}
		kept := append(append([]string{}, lines[:i]...), lines[j:]...)
		rest = strings.TrimSpace(strings.Join(kept, "\n"))
		for strings.Contains(rest, "\n\n\n") {
			rest = strings.ReplaceAll(rest, "\n\n\n", "\n\n")
		}
		return rest, ret
	}
	return desc, ""
}

func examples(b *strings.Builder, t *ir.Tool) {
	if ex, ok := Example(t.Params); ok && !isUserExample(t, ex) {
		fmt.Fprintf(b, "Example call:\n\n```json\n{\"name\": %s, \"arguments\": %s}\n```\n\n", jsonString(t.Name), ex)
	}
	for _, ex := range t.Examples {
		if ex.Description != "" {
			b.WriteString(ex.Description + ":\n\n")
		}
		fmt.Fprintf(b, "```json\n{\"name\": %s, \"arguments\": %s}\n```\n\n", jsonString(t.Name), ex.Arguments)
	}
}

// isUserExample reports whether the synthesised call is one of the
// tool's own examples (written out below it anyway).
func isUserExample(t *ir.Tool, ex ir.Value) bool {
	for _, u := range t.Examples {
		if compactJSON(u.Arguments) == compactJSON(ex) {
			return true
		}
	}
	return false
}

func compactJSON(v []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}

// Catalog renders one line per tool, name and summary (the first sentence
// of its description), for a system prompt; VerboseTool gives the rest
// on request.
func Catalog(cat *ir.Catalog) []byte {
	var b strings.Builder
	for _, t := range cat.Tools {
		fmt.Fprintf(&b, "- %s: %s\n", t.Name, Summary(t.Description))
	}
	return []byte(b.String())
}

// Summary is the first sentence (or line) of a description.
func Summary(d string) string {
	d = strings.TrimSpace(d)
	if i := strings.IndexAny(d, "\n"); i >= 0 {
		d = strings.TrimSpace(d[:i])
	}
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i+1]
	}
	return d
}

// Styles are the renderings Generate writes and `tscg describe` prints.
var Styles = []string{"verbose", "compact", "terse", "catalog"}

// Render renders the catalog in one style.
func Render(cat *ir.Catalog, style string) ([]byte, error) {
	switch style {
	case "verbose":
		return Verbose(cat), nil
	case "compact":
		return Compact(cat, LevelCompact), nil
	case "terse":
		return Compact(cat, LevelTerse), nil
	case "catalog":
		return Catalog(cat), nil
	}
	return nil, fmt.Errorf("unknown style %q (want one of %s)", style, strings.Join(Styles, ", "))
}

// Options control Generate (none yet; kept for symmetry with the other
// generators).
type Options struct{}

// Generate writes llm/verbose.md, llm/compact.txt, llm/terse.txt and
// llm/catalog.md.
func Generate(cat *ir.Catalog, _ Options) ([]codegen.File, error) {
	ext := map[string]string{"verbose": ".md", "compact": ".txt", "terse": ".txt", "catalog": ".md"}
	var files []codegen.File
	for _, s := range Styles {
		out, err := Render(cat, s)
		if err != nil {
			return nil, err
		}
		files = append(files, codegen.File{Path: "llm/" + s + ext[s], Contents: out})
	}
	codegen.Sort(files)
	return files, nil
}
