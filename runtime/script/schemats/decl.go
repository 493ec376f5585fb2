package schemats

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Tool is one tool as its declaration presents it.
type Tool struct {
	Name        string
	Description string
	// Input is the JSON Schema of the arguments object (required).
	Input json.RawMessage
	// Output is the JSON Schema of the result; without it the result is
	// declared unknown.
	Output json.RawMessage
}

// FormalizeDecl declares FORMALIZE, the script global that turns text into
// typed data (see runtime/script).
const FormalizeDecl = `/**
 * Convert unstructured text into data of a TypeScript type, using a
 * smaller model. Pass the type as source text, e.g.
 * FORMALIZE(listing, "{ filename: string; sizeKB: number }[]").
 * The value is validated against the type; long text given an array type
 * is split into chunks and the arrays concatenated.
 */
declare function FORMALIZE<T = unknown>(text: string, type: string): Promise<T>;
`

// Declarations renders one `declare function TOOL_CALL(name: "…", args:
// …): Promise<…>;` overload per tool, in the order given, each with the
// tool's description as its doc comment, followed by a type alias for
// every named type ($defs) the schemas define. Two tools that define the
// same name differently get distinct aliases (Name, Name_2, …).
func Declarations(tools []Tool) (string, error) {
	d := &decls{canon: map[string]string{}}
	var b strings.Builder
	for _, t := range tools {
		if err := d.tool(&b, t); err != nil {
			return "", fmt.Errorf("tool %s: %w", t.Name, err)
		}
	}
	if len(d.aliases) > 0 {
		b.WriteString("\n")
		b.WriteString(strings.Join(d.aliases, "\n"))
	}
	return b.String(), nil
}

// Type renders one schema as a TypeScript type expression; named types it
// references through $defs are rendered inline as unknown, so use
// Declarations for documents with $defs.
func Type(schema json.RawMessage) (string, error) {
	v, err := decode(schema)
	if err != nil {
		return "", err
	}
	return (&renderer{}).typ(v, "").s, nil
}

// decls accumulates the aliases of a declaration file. canon maps a
// TypeScript alias name to the canonical JSON of its schema.
type decls struct {
	canon   map[string]string
	aliases []string
}

func (d *decls) tool(b *strings.Builder, t Tool) error {
	in, err := decode(t.Input)
	if err != nil {
		return fmt.Errorf("input schema: %w", err)
	}
	var out any = true
	if len(t.Output) > 0 {
		if out, err = decode(t.Output); err != nil {
			return fmt.Errorf("output schema: %w", err)
		}
	}
	rin, rout := &renderer{refs: map[string]string{}}, &renderer{refs: map[string]string{}}
	d.defs(rin, in)
	d.defs(rout, out)
	b.WriteString("\n")
	writeDoc(b, "", docLines(t.Description))
	fmt.Fprintf(b, "declare function TOOL_CALL(name: %s, args: %s): Promise<%s>;\n",
		strconv.Quote(t.Name), rin.typ(in, "").s, rout.typ(out, "").s)
	return nil
}

func docLines(desc string) []string {
	desc = strings.TrimSpace(desc)
	if desc == "" {
		return nil
	}
	return strings.Split(desc, "\n")
}

// defs registers the named types of one schema document: it assigns each
// an alias name (reusing an identical alias from another tool), records
// the $ref strings that point at it, and renders the new aliases.
func (d *decls) defs(r *renderer, doc any) {
	root, ok := doc.(*object)
	if !ok {
		return
	}
	type def struct {
		alias  string
		schema any
		fresh  bool
	}
	var list []def
	for _, key := range []string{"$defs", "definitions"} {
		defs := root.Obj(key)
		if defs == nil {
			continue
		}
		for _, name := range slices.Sorted(slices.Values(defs.Keys())) {
			alias, fresh := d.alias(name, compactJSON(defs.Val(name)))
			r.refs["#/"+key+"/"+escapePointer(name)] = alias
			list = append(list, def{alias, defs.Val(name), fresh})
		}
	}
	for _, df := range list {
		if !df.fresh {
			continue
		}
		var b strings.Builder
		writeDoc(&b, "", docOf(df.schema))
		fmt.Fprintf(&b, "type %s = %s;\n", df.alias, r.typ(df.schema, "").s)
		d.aliases = append(d.aliases, b.String())
	}
}

// alias returns the alias for a named type with the given canonical
// schema, and whether it is new.
func (d *decls) alias(name, canon string) (string, bool) {
	base := identifier(name)
	for i := 1; ; i++ {
		cand := base
		if i > 1 {
			cand = fmt.Sprintf("%s_%d", base, i)
		}
		prev, taken := d.canon[cand]
		if !taken {
			d.canon[cand] = canon
			return cand, true
		}
		if prev == canon {
			return cand, false
		}
	}
}

// identifier turns a $defs key into a TypeScript identifier.
func identifier(name string) string {
	var b strings.Builder
	for i, c := range name {
		ok := c == '_' || c == '$' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || (i > 0 && '0' <= c && c <= '9')
		if !ok {
			c = '_'
		}
		b.WriteRune(c)
	}
	s := b.String()
	if s == "" || reserved[s] {
		s = "T_" + s
	}
	return s
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
