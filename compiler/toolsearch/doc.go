// Package toolsearch ranks a catalog's tools for a request written in
// plain words: `tscg search` and `tscg serve --tool-search` (its
// search_tools tool) use it, and docs/search.md describes the ranking.
//
// The ranking is BM25F over the fields tscg knows of each tool (the name
// split into words, the description, parameter names and descriptions,
// enum values, examples and defaults, the group; description sentences
// many tools repeat count as the group's), with request words meeting
// the name words they start with, joined word pairs (zip code ↔
// zipcode) and a short list of synonyms (average ↔ mean), followed by a re-ranking of the best candidates by how much
// of the tool's name and description the request covers, by word pairs
// the request shares with the tool's text, by the required parameters it
// names, by the kinds of value it holds (URLs, dates, numbers, money, labelled ids…) that
// the tool's parameters take or the tool requires and the request lacks, and by a second model, the request's Dirichlet-smoothed query
// likelihood under each tool's words; a request of several sentences is also ranked sentence by
// sentence. It is deterministic (ties go to the lower name), needs no
// model and no network, and its weights were tuned on BFCL's non-live,
// multi-turn and executable categories, ToolBench and tau-bench only; BFCL's live
// categories are the held-out set the retrieval test reports.
package toolsearch

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// Field is one part of a tool's text, weighted on its own.
type Field int

const (
	FieldName Field = iota
	FieldDescription
	FieldParamName
	FieldParamDescription
	FieldEnum
	FieldExample
	FieldGroup
	NumFields
)

var fieldNames = [NumFields]string{"name", "description", "param-name", "param-description", "enum", "example", "group"}

func (f Field) String() string { return fieldNames[f] }

// Doc is a tool as the index sees it: its name and its text per field.
// Numeric says it has a number or integer parameter; Required names its
// required top-level parameters; Kinds are the kinds of value its
// parameters take (URLs, dates, file names…).
type Doc struct {
	Name     string
	Text     [NumFields][]string
	Numeric  bool
	Required []string
	Kinds    Kind
	// NeedsNumber says a required parameter takes a number (or numbers).
	NeedsNumber bool
	// RequiredKinds are the kinds of value its required parameters take,
	// Labelled ones aside.
	RequiredKinds Kind
}

// DocOf collects a tool's searchable text. Parameters are read to a
// depth of three objects; cycles end there too.
func DocOf(t *ir.Tool) Doc {
	d := Doc{Name: t.Name}
	d.Text[FieldName] = append(d.Text[FieldName], t.Name)
	if t.DisplayTitle() != "" {
		d.Text[FieldName] = append(d.Text[FieldName], t.DisplayTitle())
	}
	d.Text[FieldDescription] = append(d.Text[FieldDescription], t.Description)
	if t.Group != "" {
		d.Text[FieldGroup] = append(d.Text[FieldGroup], t.Group)
	}
	d.params(t.Params, 0)
	if p := t.Params.Resolve(); p != nil {
		for _, prop := range p.Properties {
			if prop.Required && numeric(prop.Type) {
				d.NeedsNumber = true
			}
			if prop.Required {
				d.Required = append(d.Required, prop.Name)
				k := paramKinds(prop.Name, prop.Type.Resolve()) &^ Labelled
				if k&KindDate != 0 {
					k &^= KindYear // a date parameter needs a date, not a year alone
				}
				d.RequiredKinds |= k
			}
		}
	}
	for _, ex := range t.Examples {
		d.Text[FieldExample] = append(d.Text[FieldExample], ex.Description)
		d.values(FieldExample, ex.Arguments)
	}
	return d
}

// numeric says t takes a number or an array of numbers.
func numeric(t *ir.Type) bool {
	t = t.Resolve()
	for d := 0; t != nil && t.Kind == ir.KindArray && d < 3; d++ {
		t = t.Items.Resolve()
	}
	return t != nil && (t.Kind == ir.KindInteger || t.Kind == ir.KindNumber)
}

func (d *Doc) params(t *ir.Type, depth int) {
	if t == nil || depth > 3 {
		return
	}
	t = t.Resolve()
	if t == nil {
		return
	}
	switch t.Kind {
	case ir.KindInteger, ir.KindNumber:
		if depth > 0 {
			d.Numeric = true
		}
	}
	for _, e := range t.Enum {
		d.values(FieldEnum, e)
	}
	for _, e := range t.Examples {
		d.values(FieldExample, e)
	}
	d.values(FieldExample, t.Default)
	if depth > 0 && t.Description != "" {
		d.Text[FieldParamDescription] = append(d.Text[FieldParamDescription], t.Description)
	}
	for _, p := range t.Properties {
		d.Text[FieldParamName] = append(d.Text[FieldParamName], p.Name)
		d.Kinds |= paramKinds(p.Name, p.Type.Resolve())
		d.params(p.Type, depth+1)
	}
	d.params(t.Items, depth+1)
	for _, v := range t.Variants {
		d.params(v, depth+1)
	}
}

// values adds the strings inside a JSON value (object keys excluded).
func (d *Doc) values(f Field, v ir.Value) {
	if len(v) == 0 {
		return
	}
	var x any
	if json.Unmarshal(v, &x) != nil {
		return
	}
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case string:
			d.Text[f] = append(d.Text[f], x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(x[k])
			}
		}
	}
	walk(x)
}

// String is the doc's text, one field a line, for debugging.
func (d Doc) String() string {
	var b strings.Builder
	for f := Field(0); f < NumFields; f++ {
		b.WriteString(f.String() + ": " + strings.Join(d.Text[f], " | ") + "\n")
	}
	return b.String()
}
