package jsonval

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// vocab is the set of 2019-09/2020-12 vocabularies a custom meta-schema
// enables; zero means all of them.
type vocab uint8

const (
	vocabApplicator vocab = 1 << iota
	vocabValidation
	vocabUnevaluated
	vocabFormatAssertion
	vocabKnown // some vocabulary was declared
)

func vocabOf(meta any) vocab {
	m, _ := meta.(map[string]any)
	vs, ok := m["$vocabulary"].(map[string]any)
	if !ok {
		return 0
	}
	v := vocabKnown
	for u := range vs {
		switch u[strings.LastIndex(u, "/")+1:] {
		case "applicator":
			v |= vocabApplicator
		case "validation":
			v |= vocabValidation
		case "unevaluated":
			v |= vocabUnevaluated
		case "format-assertion":
			v |= vocabFormatAssertion
		}
	}
	return v
}

func (v vocab) has(b vocab) bool { return v == 0 || v&b != 0 }

// compile compiles the schema at n, once per location.
func (c *Compiler) compile(n *node) (*Schema, error) {
	loc := n.loc()
	if s, ok := c.compiled[loc]; ok {
		return s, nil
	}
	s := &Schema{Location: loc, Draft: n.draft, res: n.res}
	c.compiled[loc] = s
	switch v := n.val.(type) {
	case bool:
		s.Bool = &v
		return s, nil
	case map[string]any:
		if n.ptr == "" && v["$recursiveAnchor"] == true && n.draft == Draft2019 {
			s.recursive, n.res.recursive = true, s
		}
		k := &kw{c: c, n: n, m: v, s: s}
		if err := k.all(); err != nil {
			delete(c.compiled, loc)
			return nil, err
		}
		return s, nil
	}
	return nil, fmt.Errorf("%s: a schema is an object or a boolean, not %s", loc, typeOf(n.val))
}

// kw compiles the keywords of one schema object; the first error sticks.
type kw struct {
	c   *Compiler
	n   *node
	m   map[string]any
	s   *Schema
	err error
}

func (k *kw) fail(format string, args ...any) {
	if k.err == nil {
		k.err = fmt.Errorf("%s: "+format, append([]any{k.s.Location}, args...)...)
	}
}

func (k *kw) all() error {
	s, m := k.s, k.m
	if r, ok := m["$ref"]; ok {
		s.Ref = k.ref("$ref", r)
		if k.n.draft == Draft7 {
			return k.err // draft-07: "$ref" overrides its siblings
		}
	}
	if d, ok := m["default"]; ok {
		s.Default = &d
	}
	s.Title, _ = m["title"].(string)
	s.Description, _ = m["description"].(string)
	k.references()
	if k.n.vocab.has(vocabApplicator) {
		k.applicators()
		k.objectApplicators()
		k.arrayApplicators()
	}
	if k.n.draft != Draft7 && k.n.vocab.has(vocabUnevaluated) {
		s.UnevaluatedProperties = k.sub("unevaluatedProperties")
		s.UnevaluatedItems = k.sub("unevaluatedItems")
		s.needsEval = s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil
	}
	if k.n.vocab.has(vocabValidation) {
		k.validation()
	}
	k.formatKeyword()
	return k.err
}

func (k *kw) references() {
	switch k.n.draft {
	case Draft2020:
		if r, ok := k.m["$dynamicRef"]; ok {
			k.s.DynamicRef = k.ref("$dynamicRef", r)
			k.dynamicName(r)
		}
	case Draft2019:
		if r, ok := k.m["$recursiveRef"]; ok {
			k.s.RecursiveRef = k.ref("$recursiveRef", r)
		}
	}
}

// dynamicName notes the anchor of a "$dynamicRef" whose static target is a
// "$dynamicAnchor" of that name: only such a reference is dynamic.
func (k *kw) dynamicName(r any) {
	ref, _ := r.(string)
	i := strings.IndexByte(ref, '#')
	if i < 0 || strings.HasPrefix(ref[i+1:], "/") || ref[i+1:] == "" {
		return
	}
	name := ref[i+1:]
	if t, _ := k.c.resolve(k.n, ref); t != nil {
		if m, ok := t.val.(map[string]any); ok && m["$dynamicAnchor"] == name {
			k.s.dynamicName = name
		}
	}
}

func (k *kw) ref(key string, r any) *Schema {
	ref, ok := r.(string)
	if !ok {
		k.fail("%s must be a string", key)
		return nil
	}
	t, err := k.c.resolve(k.n, ref)
	if err != nil {
		k.fail("%v", err)
		return nil
	}
	s, err := k.c.compile(t)
	if err != nil {
		k.fail("%v", err)
	}
	return s
}

// sub compiles the subschema under the given tokens, or returns nil when
// the keyword is absent.
func (k *kw) sub(toks ...string) *Schema {
	var v any = k.m
	for _, t := range toks {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[t]; !ok {
				return nil
			}
		case []any:
			i, _ := strconv.Atoi(t)
			v = x[i]
		}
	}
	if k.err != nil {
		return nil
	}
	n, ok := k.c.nodes[mapID(v)]
	if !ok {
		n = &node{val: v, base: k.n.base, ptr: k.n.ptr + pointerOf(toks), draft: k.n.draft, vocab: k.n.vocab, res: k.n.res}
		if err := k.c.scan(n); err != nil {
			k.fail("%v", err)
			return nil
		}
	}
	s, err := k.c.compile(n)
	if err != nil {
		k.fail("%v", err)
	}
	return s
}

func (k *kw) subs(key string) []*Schema {
	v, ok := k.m[key]
	if !ok {
		return nil
	}
	arr, ok := v.([]any)
	if !ok {
		k.fail("%s must be an array of schemas", key)
		return nil
	}
	out := make([]*Schema, len(arr))
	for i := range arr {
		out[i] = k.sub(key, strconv.Itoa(i))
	}
	return out
}

func (k *kw) subMap(key string) map[string]*Schema {
	obj, ok := k.m[key].(map[string]any)
	if !ok {
		if _, present := k.m[key]; present {
			k.fail("%s must be an object", key)
		}
		return nil
	}
	out := make(map[string]*Schema, len(obj))
	for name, v := range obj {
		if key == "dependencies" && isArray(v) {
			continue
		}
		out[name] = k.sub(key, name)
	}
	return out
}

func (k *kw) applicators() {
	s := k.s
	s.AllOf, s.AnyOf, s.OneOf = k.subs("allOf"), k.subs("anyOf"), k.subs("oneOf")
	s.Not = k.sub("not")
	s.If = k.sub("if")
	if s.If != nil {
		s.Then, s.Else = k.sub("then"), k.sub("else")
	}
}

func (k *kw) objectApplicators() {
	s := k.s
	s.Properties = k.subMap("properties")
	s.AdditionalProperties = k.sub("additionalProperties")
	s.PropertyNames = k.sub("propertyNames")
	if pp, ok := k.m["patternProperties"].(map[string]any); ok {
		for _, p := range sortedKeys(pp) {
			s.PatternProperties = append(s.PatternProperties, PatternSchema{Pattern: k.pattern(p), Schema: k.sub("patternProperties", p)})
		}
	}
	if k.n.draft == Draft7 {
		k.dependencies()
		return
	}
	s.DependentSchemas = k.subMap("dependentSchemas")
	if _, ok := k.m["dependencies"]; ok && s.DependentSchemas == nil && k.m["dependentRequired"] == nil {
		k.dependencies() // draft-07's keyword, still read in later drafts, as santhosh and the suite's optional tests do
	}
}

// dependencies reads draft-07's "dependencies": a list of names is
// DependentRequired, a schema DependentSchemas.
func (k *kw) dependencies() {
	k.s.DependentSchemas = k.subMap("dependencies")
	if deps, ok := k.m["dependencies"].(map[string]any); ok {
		k.s.dependencies = true
		k.s.DependentRequired = k.requiredLists(deps)
	}
}

func (k *kw) arrayApplicators() {
	s := k.s
	s.Contains = k.sub("contains")
	if k.n.draft == Draft2020 {
		s.PrefixItems = k.subs("prefixItems")
		s.Items = k.sub("items")
		return
	}
	if isArray(k.m["items"]) {
		s.PrefixItems = k.subs("items")
		s.Items = k.sub("additionalItems")
		s.itemsArray = true
		return
	}
	s.Items = k.sub("items")
}

func (k *kw) requiredLists(deps map[string]any) map[string][]string {
	out := map[string][]string{}
	for name, v := range deps {
		if arr, ok := v.([]any); ok {
			out[name] = k.strings(arr, "dependencies")
		}
	}
	return out
}

func (k *kw) strings(arr []any, key string) []string {
	out := make([]string, 0, len(arr))
	for _, e := range arr {
		str, ok := e.(string)
		if !ok {
			k.fail("%s must list strings", key)
		}
		out = append(out, str)
	}
	return out
}

func (k *kw) validation() {
	s, m := k.s, k.m
	k.types()
	if v, ok := m["const"]; ok {
		s.Const = &v
	}
	if v, ok := m["enum"]; ok {
		arr, isArr := v.([]any)
		if !isArr {
			k.fail("enum must be an array")
		}
		s.Enum = append([]any{}, arr...)
	}
	s.Minimum, s.Maximum, s.MultipleOf = k.number("minimum"), k.number("maximum"), k.number("multipleOf")
	if s.MultipleOf != nil && s.MultipleOf.Sign() <= 0 {
		k.fail("multipleOf must be greater than 0")
	}
	s.ExclusiveMinimum, s.ExclusiveMaximum = k.number("exclusiveMinimum"), k.number("exclusiveMaximum")
	if k.n.draft == Draft7 {
		k.draft4Bounds()
	}
	s.bounds = shortBounds(s)
	s.MinLength, s.MaxLength = k.count("minLength"), k.count("maxLength")
	s.MinItems, s.MaxItems = k.count("minItems"), k.count("maxItems")
	s.MinProperties, s.MaxProperties = k.count("minProperties"), k.count("maxProperties")
	if k.n.draft != Draft7 {
		s.MinContains, s.MaxContains = k.count("minContains"), k.count("maxContains")
	}
	s.UniqueItems, _ = m["uniqueItems"].(bool)
	if p, ok := m["pattern"].(string); ok {
		s.Pattern = k.pattern(p)
	}
	if r, ok := m["required"].([]any); ok {
		s.Required = k.strings(r, "required")
	}
	if dr, ok := m["dependentRequired"].(map[string]any); ok && k.n.draft != Draft7 {
		s.DependentRequired, s.dependencies = map[string][]string{}, false
		for name, v := range dr {
			arr, _ := v.([]any)
			s.DependentRequired[name] = k.strings(arr, "dependentRequired")
		}
	}
}

// draft4Bounds reads draft-04's boolean exclusiveMinimum and
// exclusiveMaximum, which make minimum and maximum exclusive. Draft-04
// and -06 documents are read as draft-07, where a boolean there is no
// number: this is its only meaning.
func (k *kw) draft4Bounds() {
	s := k.s
	if k.m["exclusiveMinimum"] == true && s.Minimum != nil {
		s.ExclusiveMinimum, s.Minimum = s.Minimum, nil
	}
	if k.m["exclusiveMaximum"] == true && s.Maximum != nil {
		s.ExclusiveMaximum, s.Maximum = s.Maximum, nil
	}
}

func (k *kw) types() {
	switch t := k.m["type"].(type) {
	case nil:
	case string:
		k.s.Types = k.typeNamed(t)
	case []any:
		for _, e := range t {
			name, _ := e.(string)
			k.s.Types |= k.typeNamed(name)
		}
	default:
		k.fail("type must be a string or an array of strings")
	}
}

func (k *kw) typeNamed(name string) Types {
	t := typeOfName(name)
	if t == 0 {
		k.fail("unknown type %q", name)
	}
	return t
}

func (k *kw) number(key string) *big.Rat {
	v, ok := k.m[key]
	if !ok {
		return nil
	}
	r, ok := toRat(v)
	if !ok {
		if _, isBool := v.(bool); !isBool || k.n.draft != Draft7 {
			k.fail("%s must be a number", key)
		}
		return nil // draft-04's boolean exclusiveMinimum: see draft4Bounds
	}
	return r
}

func (k *kw) count(key string) *int {
	v, ok := k.m[key]
	if !ok {
		return nil
	}
	r, ok := toRat(v)
	if !ok || !r.IsInt() || r.Sign() < 0 {
		k.fail("%s must be a non-negative integer", key)
		return nil
	}
	n := int(^uint(0) >> 1)
	if r.Num().IsInt64() && r.Num().Int64() < int64(n) {
		n = int(r.Num().Int64())
	}
	return &n
}

func (k *kw) pattern(p string) Regexp {
	var re Regexp
	var err error
	if k.c.Regexp != nil {
		re, err = k.c.Regexp(p)
	} else {
		re, err = regexp.Compile(p)
	}
	if err != nil {
		k.fail("pattern %q: %v", p, err)
		return nil
	}
	return re
}

func (k *kw) formatKeyword() {
	f, ok := k.m["format"].(string)
	if !ok {
		return
	}
	k.s.Format = f
	// Draft-07 left asserting formats to implementations; santhosh v6
	// asserts them, so the runtime always has: so do we.
	if k.c.AssertFormat || k.n.draft == Draft7 || (k.n.vocab&vocabFormatAssertion != 0) {
		k.s.format = formatCheck(f)
	}
}

// showNumber prints a number as written when it was decoded as one.
func showNumber(v any) string {
	if n, ok := v.(json.Number); ok {
		return string(n)
	}
	return fmt.Sprint(v)
}

func shortBounds(s *Schema) floatBounds {
	var b floatBounds
	var ok [4]bool
	b.min, ok[0] = ratBound(s.Minimum)
	b.max, ok[1] = ratBound(s.Maximum)
	b.exMin, ok[2] = ratBound(s.ExclusiveMinimum)
	b.exMax, ok[3] = ratBound(s.ExclusiveMaximum)
	b.short = ok == [4]bool{true, true, true, true}
	return b
}
