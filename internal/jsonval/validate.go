package jsonval

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Validate checks v (a value as Unmarshal decodes it; float64 and Go
// integers are read as numbers too). It returns nil or an *Error, a
// KindSchema group holding every failure. A Schema may validate from many
// goroutines at once.
//
// A first pass only decides: it stops at a schema's first failing
// keyword and builds no error. Only an invalid value is validated again
// to build the tree, so a valid one allocates next to nothing.
func (s *Schema) Validate(v any) error {
	vd := validators.Get().(*validator)
	defer validators.Put(vd)
	vd.reset(true)
	if errs, _ := vd.validate(s, v, false); len(errs) == 0 && vd.cycle == nil {
		return nil
	}
	vd.reset(false)
	errs, _ := vd.validate(s, v, false)
	if vd.cycle != nil {
		// Under "not" a cycle's failure would turn into a pass: whatever
		// the rest says, the value was not decided.
		errs = []*Error{vd.cycle}
	}
	return &Error{Kind: KindSchema, InstanceLocation: []string{}, SchemaLocation: s.Location, Causes: errs}
}

// decided is what a quick validation returns for any failure.
var decided = []*Error{{Kind: KindSchema}}

// validator is the state of one validation: where it is in the instance
// and in the keywords, the dynamic scope, and the references being
// followed (to stop cycles that make no progress).
type validator struct {
	quick bool   // decide only: build no errors, stop at the first failure
	cycle *Error // the first cycle without progress met
	inst  []string
	kw    []string
	scope []*resource
	refs  []refFrame
	// names tells apart the property names validated at one location:
	// there the value changes and the location does not.
	names, nextNames int
}

// validators keeps validators and their stacks between validations. A
// struct literal: nothing is allocated at init.
var validators = sync.Pool{New: func() any { return &validator{} }}

func (vd *validator) reset(quick bool) {
	vd.quick, vd.cycle, vd.names, vd.nextNames = quick, nil, 0, 0
	vd.inst, vd.kw, vd.scope, vd.refs = vd.inst[:0], vd.kw[:0], vd.scope[:0], vd.refs[:0]
}

type refFrame struct {
	s     *Schema
	depth int
	names int // the validator's names then
}

// evaluated is what in-place subschemas evaluated, for
// unevaluatedProperties and unevaluatedItems.
type evaluated struct {
	props    map[string]bool
	allProps bool
	items    int // items before this index
	allItems bool
	itemSet  map[int]bool // items "contains" matched
}

// merge adds o's members to e; either may be nil (nothing tracked).
func (e *evaluated) merge(o *evaluated) {
	if e == nil || o == nil {
		return
	}
	e.allProps = e.allProps || o.allProps
	e.allItems = e.allItems || o.allItems
	e.items = max(e.items, o.items)
	for p := range o.props {
		e.prop(p)
	}
	for i := range o.itemSet {
		e.item(i)
	}
}

func (e *evaluated) prop(name string) {
	if e.props == nil {
		e.props = map[string]bool{}
	}
	e.props[name] = true
}

func (e *evaluated) item(i int) {
	if e.itemSet == nil {
		e.itemSet = map[int]bool{}
	}
	e.itemSet[i] = true
}

// fail makes a leaf error for keyword key of s at the current location.
func (vd *validator) fail(s *Schema, k Kind, key string, want, got any) *Error {
	if vd.quick {
		return &Error{Kind: k} // callers fill it in: never the shared decided[0]
	}
	return &Error{Kind: k, InstanceLocation: slices.Clone(vd.inst), KeywordLocation: vd.keywordPath(key),
		SchemaLocation: s.Location, Want: want, Got: got}
}

func (vd *validator) keywordPath(key string) string {
	var b strings.Builder
	for _, k := range vd.kw {
		b.WriteByte('/')
		b.WriteString(k)
	}
	if key != "" {
		b.WriteByte('/')
		b.WriteString(key)
	}
	return b.String()
}

// group is one error standing for errs, the failures of s.
func (vd *validator) group(s *Schema, errs []*Error) *Error {
	if len(errs) == 1 || vd.quick {
		return errs[0]
	}
	return &Error{Kind: KindSchema, InstanceLocation: slices.Clone(vd.inst), KeywordLocation: vd.keywordPath(""),
		SchemaLocation: s.Location, Causes: errs}
}

// sub validates v against s under the keyword tokens toks.
func (vd *validator) sub(s *Schema, v any, track bool, toks ...string) ([]*Error, *evaluated) {
	n := len(vd.kw)
	vd.kw = append(vd.kw, toks...)
	errs, ev := vd.validate(s, v, track)
	vd.kw = vd.kw[:n]
	return errs, ev
}

// at validates the member or item tok of the current value.
func (vd *validator) at(s *Schema, v any, tok string, toks ...string) []*Error {
	vd.inst = append(vd.inst, tok)
	errs, _ := vd.sub(s, v, false, toks...)
	vd.inst = vd.inst[:len(vd.inst)-1]
	return errs
}

func (vd *validator) validate(s *Schema, v any, track bool) ([]*Error, *evaluated) {
	if s.Bool != nil {
		if *s.Bool {
			return nil, nil
		}
		return []*Error{vd.fail(s, KindFalse, "", nil, nil)}, nil
	}
	if len(vd.scope) == 0 || vd.scope[len(vd.scope)-1] != s.res {
		vd.scope = append(vd.scope, s.res)
		defer func() { vd.scope = vd.scope[:len(vd.scope)-1] }()
	}
	need := track || s.needsEval
	var ev *evaluated
	if need {
		ev = &evaluated{}
	}
	if errs := vd.gate(s, v); len(errs) > 0 {
		return errs, nil
	}
	var errs []*Error
	for stage := range 4 {
		var se []*Error
		switch stage {
		case 0:
			se = vd.references(s, v, need, ev)
		case 1:
			se = vd.assertions(s, v)
		case 2:
			se = vd.applicators(s, v, need, ev)
		case 3:
			se = vd.members(s, v, ev)
		}
		if len(se) > 0 && vd.quick {
			return decided, nil
		}
		errs = append(errs, se...)
	}
	if s.needsEval && len(errs) == 0 {
		errs = vd.unevaluated(s, v, ev)
	} else if s.needsEval && !vd.quick {
		errs = append(errs, vd.unevaluated(s, v, ev)...)
	}
	if len(errs) > 0 {
		return errs, nil
	}
	return nil, ev
}

func (vd *validator) references(s *Schema, v any, need bool, ev *evaluated) []*Error {
	var errs []*Error
	if s.Ref != nil {
		errs = append(errs, vd.follow(s, s.Ref, v, KindRef, "$ref", need, ev)...)
	}
	if s.DynamicRef != nil {
		errs = append(errs, vd.follow(s, vd.dynamicTarget(s), v, KindDynamicRef, "$dynamicRef", need, ev)...)
	}
	if s.RecursiveRef != nil {
		errs = append(errs, vd.follow(s, vd.recursiveTarget(s), v, KindRef, "$recursiveRef", need, ev)...)
	}
	return errs
}

// dynamicTarget is where a "$dynamicRef" leads now: the outermost
// resource in the dynamic scope with a "$dynamicAnchor" of its name.
func (vd *validator) dynamicTarget(s *Schema) *Schema {
	if s.dynamicName == "" {
		return s.DynamicRef
	}
	for _, r := range vd.scope {
		if t, ok := r.dynamicAnchors[s.dynamicName]; ok {
			return t
		}
	}
	return s.DynamicRef
}

func (vd *validator) recursiveTarget(s *Schema) *Schema {
	if !s.RecursiveRef.recursive {
		return s.RecursiveRef
	}
	for _, r := range vd.scope {
		if r.recursive != nil {
			return r.recursive
		}
	}
	return s.RecursiveRef
}

// follow validates v against a reference's target. Reaching a target
// already being validated at the same instance location is a cycle that
// makes no progress: it fails instead of recursing forever.
func (vd *validator) follow(s, t *Schema, v any, k Kind, key string, need bool, ev *evaluated) []*Error {
	depth := len(vd.inst)
	for _, f := range vd.refs {
		if f.s == t && f.depth == depth && f.names == vd.names {
			e := vd.fail(s, KindCycle, key, t.Location, nil)
			if vd.cycle == nil {
				vd.cycle = e
			}
			return []*Error{e}
		}
	}
	vd.refs = append(vd.refs, refFrame{t, depth, vd.names})
	errs, tev := vd.sub(t, v, need, key)
	vd.refs = vd.refs[:len(vd.refs)-1]
	if len(errs) > 0 {
		e := vd.fail(s, k, key, nil, nil)
		e.Causes = errs
		return []*Error{e}
	}
	ev.merge(tev)
	return nil
}

func (vd *validator) applicators(s *Schema, v any, need bool, ev *evaluated) []*Error {
	var errs []*Error
	if s.AllOf != nil {
		var causes []*Error
		for i, a := range s.AllOf {
			ce, cev := vd.sub(a, v, need, "allOf", strconv.Itoa(i))
			causes = append(causes, ce...)
			ev.merge(cev)
		}
		if len(causes) > 0 {
			e := vd.fail(s, KindAllOf, "allOf", nil, nil)
			e.Causes = causes
			errs = append(errs, e)
		}
	}
	if s.AnyOf != nil {
		errs = append(errs, vd.anyOf(s, v, need, ev)...)
	}
	if s.OneOf != nil {
		errs = append(errs, vd.oneOf(s, v, need, ev)...)
	}
	if s.Not != nil {
		if ne, _ := vd.sub(s.Not, v, false, "not"); len(ne) == 0 {
			errs = append(errs, vd.fail(s, KindNot, "not", nil, nil))
		}
	}
	if s.If != nil {
		errs = append(errs, vd.conditional(s, v, need, ev)...)
	}
	return errs
}

// alternatives validates v against each of alts (the schemas under
// keyword key) and returns the failures of those that failed, one cause
// each, and the indices and annotations of those that passed. With first
// set it stops at the first that passes.
func (vd *validator) alternatives(alts []*Schema, key string, v any, need, first bool) (causes []*Error, matched []int, evs []*evaluated) {
	for i, a := range alts {
		ce, cev := vd.sub(a, v, need, key, strconv.Itoa(i))
		if len(ce) == 0 {
			matched, evs = append(matched, i), append(evs, cev)
			if first {
				return nil, matched, evs
			}
			continue
		}
		vd.kw = append(vd.kw, key, strconv.Itoa(i))
		causes = append(causes, vd.group(a, ce))
		vd.kw = vd.kw[:len(vd.kw)-2]
	}
	return causes, matched, evs
}

func (vd *validator) anyOf(s *Schema, v any, need bool, ev *evaluated) []*Error {
	causes, matched, evs := vd.alternatives(s.AnyOf, "anyOf", v, need, ev == nil)
	if len(matched) > 0 {
		for _, e := range evs {
			ev.merge(e)
		}
		return nil
	}
	e := vd.fail(s, KindAnyOf, "anyOf", nil, nil)
	e.Causes = causes
	return []*Error{e}
}

func (vd *validator) oneOf(s *Schema, v any, need bool, ev *evaluated) []*Error {
	causes, matched, evs := vd.alternatives(s.OneOf, "oneOf", v, need, false)
	if len(matched) == 1 {
		ev.merge(evs[0])
		return nil
	}
	e := vd.fail(s, KindOneOf, "oneOf", nil, nil)
	if len(matched) > 1 {
		e.Indices = matched
	} else {
		e.Causes = causes
	}
	return []*Error{e}
}

func (vd *validator) conditional(s *Schema, v any, need bool, ev *evaluated) []*Error {
	ie, iev := vd.sub(s.If, v, need, "if")
	branch, key := s.Then, "then"
	if len(ie) > 0 {
		branch, key = s.Else, "else"
	} else {
		ev.merge(iev)
	}
	if branch == nil {
		return nil
	}
	be, bev := vd.sub(branch, v, need, key)
	ev.merge(bev)
	return be
}

func (vd *validator) members(s *Schema, v any, ev *evaluated) []*Error {
	switch x := v.(type) {
	case map[string]any:
		return vd.object(s, x, ev)
	case []any:
		return vd.array(s, x, ev)
	}
	return nil
}
