package typescript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

// applyDoc sets the description and constraint tags of a JSDoc comment on
// t. A same-line trailing `//` comment is the description when there is
// no JSDoc comment at all (the style of the TSCG article's examples).
func (r *resolver) applyDoc(t *ir.Type, raw rawDoc, trailing string, c ctx) {
	if raw.text == "" {
		if trailing != "" {
			t.Description = trailing
		}
		return
	}
	var buf [4]tag // on the stack: the tags do not outlive this call
	desc, tags := parseDocTags(raw, buf[:0])
	if desc != "" {
		t.Description = desc
	}
	for _, tg := range tags {
		r.applyTag(t, tg, c)
	}
}

// applyMemberDoc applies a member's JSDoc, or its trailing comment.
func (r *resolver) applyMemberDoc(t *ir.Type, m *member, c ctx) {
	if m.trailing {
		r.applyDoc(t, rawDoc{}, m.doc.text, c)
		return
	}
	r.applyDoc(t, m.doc, "", c)
}

// jsonOrString parses a tag value as JSON, falling back to a string.
func jsonOrString(s string) ir.Value {
	if v, err := ir.CompactValue([]byte(s)); err == nil && s != "" {
		return v
	}
	return ir.MarshalValue(s)
}

func (r *resolver) applyTag(t *ir.Type, tg tag, c ctx) {
	switch tg.name {
	case "default":
		t.Default = jsonOrString(tg.text)
	case "example":
		t.Examples = append(t.Examples, jsonOrString(tg.text))
	case "examples":
		r.applyExamples(t, tg.text)
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		r.applyNumber(t, tg, c)
	case "minLength", "maxLength", "minItems", "maxItems":
		r.applyCount(t, tg, c)
	case "pattern":
		t.Pattern = tg.text
	case "format":
		t.Format = tg.text
	case "title":
		t.Title = tg.text
	case "description":
		// The tag replaces the comment's free text, as in
		// ts-json-schema-generator.
		if tg.text != "" {
			t.Description = tg.text
		}
	case "uniqueItems":
		t.UniqueItems = tg.text != "false"
	case "deprecated":
		t.Deprecated = true
	case "asType", "type":
		r.applyAsType(t, tg, c)
	}
}

func (r *resolver) applyExamples(t *ir.Type, text string) {
	v := jsonOrString(text)
	var list []json.RawMessage
	if json.Unmarshal(v, &list) == nil {
		for _, e := range list {
			cv, _ := ir.CompactValue(e)
			t.Examples = append(t.Examples, cv)
		}
		return
	}
	t.Examples = append(t.Examples, v)
}

func (r *resolver) applyNumber(t *ir.Type, tg tag, c ctx) {
	// A JSON number literal only: json.Unmarshal into a json.Number would
	// also take null and "5", which would land verbatim in the schema.
	if !orderedjson.IsNumber(tg.text) {
		r.errorf(c, tg.off, "@%s needs a number, got %q", tg.name, tg.text)
		return
	}
	num := ir.Num(tg.text)
	switch tg.name {
	case "minimum":
		t.Minimum = num
	case "maximum":
		t.Maximum = num
	case "exclusiveMinimum":
		t.ExclusiveMinimum = num
	case "exclusiveMaximum":
		t.ExclusiveMaximum = num
	case "multipleOf":
		if f, _ := num.Float64(); f <= 0 {
			r.errorf(c, tg.off, "@multipleOf must be greater than 0, got %s", tg.text)
			return
		}
		t.MultipleOf = num
	}
}

func (r *resolver) applyCount(t *ir.Type, tg tag, c ctx) {
	n, err := strconv.ParseInt(tg.text, 10, 64)
	if err != nil || n < 0 {
		r.errorf(c, tg.off, "@%s needs a non-negative integer, got %q", tg.name, tg.text)
		return
	}
	switch tg.name {
	case "minLength":
		t.MinLength = ir.Int64(n)
	case "maxLength":
		t.MaxLength = ir.Int64(n)
	case "minItems":
		t.MinItems = ir.Int64(n)
	case "maxItems":
		t.MaxItems = ir.Int64(n)
	}
}

// applyAsType handles `@asType integer` (and `@type integer`); other
// @type values are JSDoc type annotations and are ignored.
func (r *resolver) applyAsType(t *ir.Type, tg tag, c ctx) {
	v := strings.Trim(tg.text, "{} ")
	if v != "integer" {
		if tg.name == "asType" {
			r.errorf(c, tg.off, "@asType %s is not supported (only integer)", tg.text)
		}
		return
	}
	switch {
	case t.Kind == ir.KindNumber || t.Kind == ir.KindInteger:
		t.Kind = ir.KindInteger
	case t.Kind == ir.KindArray && t.Items != nil && t.Items.Kind == ir.KindNumber:
		t.Items.Kind = ir.KindInteger
	default:
		r.errorf(c, tg.off, "@%s integer needs a number type, not %s", tg.name, t.Kind)
	}
}
