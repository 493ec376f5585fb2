package jsonschema

import (
	"fmt"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// dump renders a catalog as indented text for golden files: every field
// that is set, nothing that is not.
func dump(c *ir.Catalog) string {
	var b strings.Builder
	for _, t := range c.Tools {
		fmt.Fprintf(&b, "tool %s @%s source=%s\n", t.Name, pos(t.Pos), t.Source)
		field(&b, 1, "title", t.Title)
		field(&b, 1, "description", t.Description)
		if !t.Annotations.IsZero() {
			fmt.Fprintf(&b, "  annotations%s\n", annotations(t.Annotations))
		}
		if t.DeferLoading {
			b.WriteString("  defer_loading\n")
		}
		b.WriteString("  params: ")
		dumpType(&b, 1, t.Params)
		if t.Result != nil {
			b.WriteString("  result: ")
			dumpType(&b, 1, t.Result)
		}
	}
	for _, n := range c.Types {
		fmt.Fprintf(&b, "type %s exported=%v @%s: ", n.Name, n.Exported, pos(n.Pos))
		dumpType(&b, 0, n.Type)
	}
	return b.String()
}

func pos(p ir.Pos) string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

func annotations(a ir.Annotations) string {
	var s string
	for _, h := range []struct {
		name string
		v    *bool
	}{{"readOnly", a.ReadOnly}, {"destructive", a.Destructive}, {"idempotent", a.Idempotent}, {"openWorld", a.OpenWorld}} {
		if h.v != nil {
			s += fmt.Sprintf(" %s=%v", h.name, *h.v)
		}
	}
	return s
}

func field(b *strings.Builder, depth int, name, v string) {
	if v != "" {
		fmt.Fprintf(b, "%s%s: %q\n", strings.Repeat("  ", depth), name, v)
	}
}

func dumpType(b *strings.Builder, depth int, t *ir.Type) {
	if t == nil {
		b.WriteString("nil\n")
		return
	}
	ind := strings.Repeat("  ", depth+1)
	fmt.Fprintf(b, "%s%s @%s\n", t.Kind, flags(t), pos(t.Pos))
	field(b, depth+1, "title", t.Title)
	field(b, depth+1, "description", t.Description)
	field(b, depth+1, "pattern", t.Pattern)
	field(b, depth+1, "format", t.Format)
	scalars(b, ind, t)
	if t.Ref != nil {
		fmt.Fprintf(b, "%sref: %s\n", ind, t.Ref.Name)
	}
	for i, p := range t.PrefixItems {
		fmt.Fprintf(b, "%sprefix[%d]: ", ind, i)
		dumpType(b, depth+1, p)
	}
	if t.Items != nil {
		fmt.Fprintf(b, "%sitems: ", ind)
		dumpType(b, depth+1, t.Items)
	}
	for _, p := range t.Properties {
		req := ""
		if p.Required {
			req = " required"
		}
		fmt.Fprintf(b, "%sprop %s%s @%s: ", ind, p.Name, req, pos(p.Pos))
		dumpType(b, depth+1, p.Type)
	}
	if t.AdditionalType != nil {
		fmt.Fprintf(b, "%sadditionalType: ", ind)
		dumpType(b, depth+1, t.AdditionalType)
	}
	for i, v := range t.Variants {
		fmt.Fprintf(b, "%svariant[%d]: ", ind, i)
		dumpType(b, depth+1, v)
	}
	for i, v := range t.AllOf {
		fmt.Fprintf(b, "%sallOf[%d]: ", ind, i)
		dumpType(b, depth+1, v)
	}
	for _, k := range t.Extra {
		fmt.Fprintf(b, "%sextra %s: %s\n", ind, k.Name, k.Value)
	}
}

func flags(t *ir.Type) string {
	var s []string
	add := func(on bool, name string) {
		if on {
			s = append(s, name)
		}
	}
	add(t.Untyped, "untyped")
	add(t.Beside, "beside")
	add(t.Nullable, "nullable")
	add(t.Deprecated, "deprecated")
	add(t.ReadOnly, "readOnly")
	add(t.WriteOnly, "writeOnly")
	add(t.UniqueItems, "uniqueItems")
	add(t.Kind == ir.KindUnion && t.UnionStyle == ir.OneOf, "oneOf")
	if t.Kind == ir.KindObject || t.Additional != ir.AdditionalDefault {
		s = append(s, "additional="+[]string{"default", "closed", "open", "typed"}[t.Additional])
	}
	if len(s) == 0 {
		return ""
	}
	return " [" + strings.Join(s, " ") + "]"
}

func scalars(b *strings.Builder, ind string, t *ir.Type) {
	ints := []struct {
		name string
		v    *int64
	}{{"minLength", t.MinLength}, {"maxLength", t.MaxLength}, {"minItems", t.MinItems}, {"maxItems", t.MaxItems},
		{"minProperties", t.MinProperties}, {"maxProperties", t.MaxProperties}}
	for _, f := range ints {
		if f.v != nil {
			fmt.Fprintf(b, "%s%s: %d\n", ind, f.name, *f.v)
		}
	}
	nums := []struct {
		name string
		v    *ir.Number
	}{{"minimum", t.Minimum}, {"maximum", t.Maximum}, {"exclusiveMinimum", t.ExclusiveMinimum},
		{"exclusiveMaximum", t.ExclusiveMaximum}, {"multipleOf", t.MultipleOf}}
	for _, f := range nums {
		if f.v != nil {
			fmt.Fprintf(b, "%s%s: %s\n", ind, f.name, *f.v)
		}
	}
	vals := func(name string, vs []ir.Value) {
		if vs != nil {
			parts := make([]string, len(vs))
			for i, v := range vs {
				parts[i] = string(v)
			}
			fmt.Fprintf(b, "%s%s: [%s]\n", ind, name, strings.Join(parts, ", "))
		}
	}
	vals("enum", t.Enum)
	vals("examples", t.Examples)
	if t.Const != nil {
		fmt.Fprintf(b, "%sconst: %s\n", ind, t.Const)
	}
	if t.Default != nil {
		fmt.Fprintf(b, "%sdefault: %s\n", ind, t.Default)
	}
}

// dumpDiags renders diagnostics one per line, sorted.
func dumpDiags(l diag.List) string {
	var b strings.Builder
	for _, d := range l.Sorted() {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}
