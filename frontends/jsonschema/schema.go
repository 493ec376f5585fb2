package jsonschema

import (
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// converter turns the schema nodes under one root (a tool's parameters,
// a tool's result, a schema file) into IR types.
type converter struct {
	opts  Options
	diags *diag.List
	reg   *registry
	root  *node
	// rootName names the root when a "$ref": "#" makes it a named type.
	rootName string
	exported bool
	// legacyRefs is set for draft-07 and older documents, where keywords
	// next to "$ref" are ignored.
	legacyRefs bool
	named      map[*node]*ir.Named
	rootText   string // cache of rootCanon
}

func newConverter(root *node, rootName string, exported bool, opts Options, reg *registry, diags *diag.List) *converter {
	c := &converter{opts: opts, diags: diags, reg: reg, root: root, rootName: rootName,
		exported: exported, named: map[*node]*ir.Named{}}
	if s, ok := root.getString("$schema"); ok {
		c.legacyRefs = legacyDraft(s)
	}
	return c
}

// legacyDraft reports whether a "$schema" URI names draft-07 or older.
func legacyDraft(uri string) bool {
	for _, d := range []string{"draft-07", "draft-06", "draft-05", "draft-04", "draft-03"} {
		if strings.Contains(uri, d) {
			return true
		}
	}
	return false
}

// convertRoot converts the root, first registering its $defs in
// declaration order so that every definition becomes a named type, used
// or not, and Catalog.Types follows the source.
func (c *converter) convertRoot() *ir.Type {
	if c.root.kind == nObject {
		for _, key := range []string{"$defs", "definitions"} {
			defs := c.root.get(key)
			if defs == nil || defs.kind != nObject {
				continue
			}
			for _, m := range defs.members {
				c.namedFor(m.val, m.key, "/"+key+"/"+escapePointer(m.key))
			}
		}
	}
	return c.convert(c.root)
}

func (c *converter) warnf(pos ir.Pos, format string, args ...any) {
	c.diags.Add(diag.Warnf(pos, format, args...))
}

// convert maps one schema (an object or a boolean) to a type.
func (c *converter) convert(n *node) *ir.Type {
	switch n.kind {
	case nBool:
		if n.b {
			return &ir.Type{Kind: ir.KindAny, Pos: n.pos(), Untyped: true}
		}
		return &ir.Type{Kind: ir.KindNever, Pos: n.pos()}
	case nObject:
		return c.object(n)
	}
	c.warnf(n.pos(), "a schema must be an object or a boolean, not %s; treated as accepting anything", n.kind)
	return &ir.Type{Kind: ir.KindAny, Pos: n.pos(), Untyped: true}
}

// object converts an object schema: keywords the IR models fill its
// fields, the rest is kept verbatim in Extra, in source order.
func (c *converter) object(n *node) *ir.Type {
	t := &ir.Type{Pos: n.pos()}
	s := &scan{}
	for _, m := range n.members {
		if n.get(m.key) != m.val {
			continue // an earlier duplicate key; the last one counts
		}
		if !c.keyword(t, s, n, m) {
			t.Extra = append(t.Extra, ir.Keyword{Name: strings.Clone(m.key), Value: m.val.raw()})
		}
	}
	c.fixExclusive(t, s)
	c.assemble(t, s)
	return t
}

// scan holds the keywords whose meaning depends on others; assemble
// combines them once the whole object has been read.
type scan struct {
	typ                   *node
	typeOK                bool     // "type" is a string or an array of strings
	ref                   *ir.Type // the resolved "$ref", a KindRef
	anyOf, oneOf, allOf   []*node
	items, prefixItems    *node
	additionalItems       *node
	properties            *node
	required              []string
	additionalProperties  *node
	exclMin, exclMax      *node // draft-04 boolean forms
	string, number, array bool  // keyword families present
	object                bool
}

// family reports whether any type-specific keyword was present.
func (s *scan) family() bool { return s.string || s.number || s.array || s.object }

// keyword handles one member of a schema object and reports whether the
// IR took it; false sends it to Extra.
func (c *converter) keyword(t *ir.Type, s *scan, n *node, m member) bool {
	v := m.val
	switch m.key {
	case "type":
		return c.typeKeyword(s, m)
	case "$ref":
		if v.kind != nString {
			return c.malformed(m, "a string")
		}
		s.ref = c.resolveRef(v)
		return s.ref != nil // unresolved references stay verbatim
	case "$schema":
		return n == c.root // kept only where it is not the document's dialect
	case "$defs", "definitions":
		return n == c.root && v.kind == nObject // registered by convertRoot
	case "anyOf", "oneOf", "allOf":
		return c.schemaList(s, m)
	}
	if ok, handled := c.annotation(t, m); handled {
		return ok
	}
	if ok, handled := c.validation(t, s, m); handled {
		return ok
	}
	return c.structure(t, s, m)
}

// malformed warns about a keyword whose value has the wrong JSON type and
// keeps it verbatim.
func (c *converter) malformed(m member, want string) bool {
	c.warnf(m.keyPos(), "keyword %q should be %s, not %s; kept verbatim", m.key, want, m.val.kind)
	return false
}

func (c *converter) schemaList(s *scan, m member) bool {
	if m.val.kind != nArray || len(m.val.elems) == 0 {
		return c.malformed(m, "a non-empty array of schemas")
	}
	switch m.key {
	case "anyOf":
		s.anyOf = m.val.elems
	case "oneOf":
		s.oneOf = m.val.elems
	default:
		s.allOf = m.val.elems
	}
	return true
}

// annotation handles keywords that describe rather than constrain.
func (c *converter) annotation(t *ir.Type, m member) (ok, handled bool) {
	v := m.val
	str := func(dst *string) (bool, bool) {
		if v.kind != nString {
			return c.malformed(m, "a string"), true
		}
		*dst = strings.Clone(v.str)
		return true, true
	}
	flag := func(dst *bool) (bool, bool) {
		if v.kind != nBool {
			return c.malformed(m, "a boolean"), true
		}
		*dst = v.b
		return true, true
	}
	switch m.key {
	case "title":
		return str(&t.Title)
	case "description":
		return str(&t.Description)
	case "default":
		t.Default = v.raw()
		return true, true
	case "examples":
		if v.kind != nArray {
			return c.malformed(m, "an array"), true
		}
		t.Examples = make([]ir.Value, len(v.elems))
		for i, e := range v.elems {
			t.Examples[i] = e.raw()
		}
		return true, true
	case "deprecated":
		return flag(&t.Deprecated)
	case "readOnly":
		return flag(&t.ReadOnly)
	case "writeOnly":
		return flag(&t.WriteOnly)
	}
	return false, false
}

// validation handles enum, const and the string and number constraints.
func (c *converter) validation(t *ir.Type, s *scan, m member) (ok, handled bool) {
	v := m.val
	switch m.key {
	case "enum":
		if v.kind != nArray {
			return c.malformed(m, "an array"), true
		}
		t.Enum = make([]ir.Value, len(v.elems))
		for i, e := range v.elems {
			t.Enum[i] = e.raw()
		}
		return true, true
	case "const":
		t.Const = v.raw()
		return true, true
	case "minLength", "maxLength":
		s.string = true
		return c.count(m, map[string]**int64{"minLength": &t.MinLength, "maxLength": &t.MaxLength}[m.key]), true
	case "pattern", "format":
		if v.kind != nString {
			return c.malformed(m, "a string"), true
		}
		s.string = true
		if m.key == "pattern" {
			t.Pattern = strings.Clone(v.str)
		} else {
			t.Format = strings.Clone(v.str)
		}
		return true, true
	case "minimum", "maximum", "multipleOf", "exclusiveMinimum", "exclusiveMaximum":
		return c.numberKeyword(t, s, m), true
	}
	return false, false
}

func (c *converter) numberKeyword(t *ir.Type, s *scan, m member) bool {
	v := m.val
	if v.kind == nBool && (m.key == "exclusiveMinimum" || m.key == "exclusiveMaximum") {
		if m.key == "exclusiveMinimum" {
			s.exclMin = v
		} else {
			s.exclMax = v
		}
		return true // resolved against minimum/maximum in fixExclusive
	}
	if v.kind != nNumber {
		return c.malformed(m, "a number")
	}
	s.number = true
	dst := map[string]**ir.Number{"minimum": &t.Minimum, "maximum": &t.Maximum, "multipleOf": &t.MultipleOf,
		"exclusiveMinimum": &t.ExclusiveMinimum, "exclusiveMaximum": &t.ExclusiveMaximum}[m.key]
	*dst = ir.Num(strings.Clone(v.str))
	return true
}

// fixExclusive applies draft-04's boolean exclusiveMinimum/Maximum, which
// turn minimum/maximum into exclusive bounds.
func (c *converter) fixExclusive(t *ir.Type, s *scan) {
	if s.exclMin != nil && s.exclMin.b && t.Minimum != nil && t.ExclusiveMinimum == nil {
		t.ExclusiveMinimum, t.Minimum = t.Minimum, nil
	}
	if s.exclMax != nil && s.exclMax.b && t.Maximum != nil && t.ExclusiveMaximum == nil {
		t.ExclusiveMaximum, t.Maximum = t.Maximum, nil
	}
}

// count reads a non-negative integer keyword ("2" and "2.0" alike).
func (c *converter) count(m member, dst **int64) bool {
	if n, ok := nonNegInt(m.val); ok {
		*dst = ir.Int64(n)
		return true
	}
	return c.malformed(m, "a non-negative integer")
}

// structure handles the array and object keywords.
func (c *converter) structure(t *ir.Type, s *scan, m member) bool {
	v := m.val
	switch m.key {
	case "items":
		s.array, s.items = true, v
	case "prefixItems":
		if v.kind != nArray || len(v.elems) == 0 {
			return c.malformed(m, "a non-empty array of schemas")
		}
		s.array, s.prefixItems = true, v
	case "additionalItems":
		s.additionalItems = v // kept only next to an array-form "items"
	case "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties":
		return c.sizes(t, s, m)
	case "properties":
		if v.kind != nObject {
			return c.malformed(m, "an object")
		}
		s.object, s.properties = true, v
	case "required":
		return c.requiredList(s, m)
	case "additionalProperties":
		s.object, s.additionalProperties = true, v
	default:
		return false
	}
	return true
}

func (c *converter) requiredList(s *scan, m member) bool {
	if m.val.kind != nArray {
		return c.malformed(m, "an array of strings")
	}
	names := make([]string, 0, len(m.val.elems))
	for _, e := range m.val.elems {
		if e.kind != nString {
			return c.malformed(m, "an array of strings")
		}
		names = append(names, e.str)
	}
	s.object, s.required = true, names
	return true
}

// sizes reads minItems, maxItems, uniqueItems, minProperties and
// maxProperties.
func (c *converter) sizes(t *ir.Type, s *scan, m member) bool {
	if m.key == "uniqueItems" {
		if m.val.kind != nBool {
			return c.malformed(m, "a boolean")
		}
		s.array, t.UniqueItems = true, m.val.b
		return true
	}
	dst := map[string]**int64{"minItems": &t.MinItems, "maxItems": &t.MaxItems,
		"minProperties": &t.MinProperties, "maxProperties": &t.MaxProperties}[m.key]
	if !c.count(m, dst) {
		return false
	}
	if strings.HasSuffix(m.key, "Items") {
		s.array = true
	} else {
		s.object = true
	}
	return true
}
