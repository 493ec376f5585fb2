package describe

import (
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
	if t.Description != "" {
		b.WriteString(t.Description + "\n\n")
	}
	if g != nil && g.Description != "" {
		fmt.Fprintf(&b, "Rules for all %s tools:\n\n%s\n\n", g.Name, g.Description)
	}
	p := t.Params.Resolve()
	if p != nil && len(p.Properties) > 0 {
		b.WriteString("Parameters:\n\n")
		params(&b, p, "")
		b.WriteByte('\n')
	} else {
		b.WriteString("Takes no parameters.\n\n")
	}
	if t.Result != nil {
		fmt.Fprintf(&b, "Returns: `%s`\n\n", strings.TrimSpace(inline(t.Result)))
	}
	examples(&b, t)
	mistakes(&b, t)
	return []byte(b.String())
}

func params(b *strings.Builder, obj *ir.Type, indent string) {
	for _, p := range obj.Properties {
		req := "optional"
		if p.Required {
			req = "required"
		}
		t := p.Type
		words := append([]string{req, typeWords1(t)}, Constraints(t)...)
		fmt.Fprintf(b, "%s- `%s` (%s)", indent, p.Name, strings.Join(words, ", "))
		if d := t.Description; d != "" {
			b.WriteString(": " + strings.ReplaceAll(d, "\n", "\n"+indent+"  "))
		}
		b.WriteByte('\n')
		inner := t.Resolve()
		if inner != nil && inner.Kind == ir.KindArray && inner.Items != nil {
			inner = inner.Items.Resolve()
		}
		if inner != nil && inner.Kind == ir.KindObject && len(inner.Properties) > 0 && indent == "" || inner != nil && inner.Kind == ir.KindObject && len(inner.Properties) > 0 && len(indent) < 8 {
			params(b, inner, indent+"  ")
		}
	}
}

func typeWords1(t *ir.Type) string {
	return "`" + strings.TrimSpace(inline(t)) + "`"
}

// inline is the compact type expression of t without descriptions.
func inline(t *ir.Type) string {
	w := &compactWriter{level: LevelTerse}
	c := *t
	c.Description, c.Default, c.Examples, c.Title = "", nil, nil, ""
	w.base(&c, 0)
	s := w.b.String()
	if len(s) > 80 || strings.Contains(s, "\n") {
		return c.Kind.String()
	}
	return s
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

func examples(b *strings.Builder, t *ir.Tool) {
	if ex, ok := Example(t.Params); ok {
		fmt.Fprintf(b, "Example call:\n\n```json\n{\"name\": %s, \"arguments\": %s}\n```\n\n", jsonString(t.Name), ex)
	}
	for _, ex := range t.Examples {
		if ex.Description != "" {
			b.WriteString(ex.Description + ":\n\n")
		}
		fmt.Fprintf(b, "```json\n{\"name\": %s, \"arguments\": %s}\n```\n\n", jsonString(t.Name), ex.Arguments)
	}
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
