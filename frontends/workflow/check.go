package workflow

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/iograph"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/suggest"
	rtwf "github.com/tscg/tscg/runtime/workflow"
)

// checker resolves a workflow against a catalog.
type checker struct {
	w      *Workflow
	cat    *ir.Catalog
	params *ir.Type
	ds     diag.List
	deps   map[string][]string // step → steps it waits for
	used   map[string]bool     // steps whose result something reads
	items  map[string]*ir.Type // for_each step → element type
}

// Checked is a workflow that passed Check: the tool it becomes.
type Checked struct {
	Workflow *Workflow
	Params   *ir.Type
	Result   *ir.Type // nil when there is no output mapping
}

// Check resolves w against the tools it may call. The result is nil when
// there are errors.
func Check(w *Workflow, cat *ir.Catalog) (*Checked, diag.List) {
	c := &checker{w: w, cat: cat, params: paramsType(w), deps: map[string][]string{},
		used: map[string]bool{}, items: map[string]*ir.Type{}}
	for _, s := range w.Steps {
		c.step(s)
	}
	result := c.output()
	c.cycles()
	c.unused()
	if c.ds.HasErrors() {
		return nil, c.ds.Sorted()
	}
	return &Checked{Workflow: w, Params: c.params, Result: result}, c.ds.Sorted()
}

func paramsType(w *Workflow) *ir.Type {
	t := &ir.Type{Kind: ir.KindObject, Pos: w.NamePos}
	for _, in := range w.Inputs {
		t.Properties = append(t.Properties, &ir.Property{Name: in.Name, Type: in.Type, Required: in.Required, Pos: in.Pos})
	}
	return t
}

func (c *checker) errorf(pos diag.Pos, id, format string, args ...any) {
	c.ds.Add(rule(pos, id, format, args...))
}

// step checks one step: its tool, needs, for_each, when and arguments.
func (c *checker) step(s *Step) {
	tool := c.cat.Tool(s.Tool)
	if tool == nil {
		c.errorf(s.ToolPos, RuleUnknownTool, "step %q calls unknown tool %q%s", s.Name, s.Tool, suggest.DidYouMean(s.Tool, c.toolNames()))
	}
	for _, n := range s.Needs {
		name, _ := n.String()
		if c.w.step(name) == nil {
			c.errorf(n.Pos, RuleUnresolved, "step %q needs unknown step %q%s", s.Name, name, suggest.DidYouMean(name, c.w.stepNames()))
			continue
		}
		c.addDep(s.Name, name)
	}
	if s.ForEach != nil {
		t := c.value(s, s.ForEach, nil, false, "for_each")
		if elem, ok := elementType(t); ok {
			c.items[s.Name] = elem
		} else {
			c.errorf(s.ForEach.Pos, RuleTypeMismatch, "step %q: for_each needs an array, found %s", s.Name, describeType(t))
		}
	}
	if s.When != nil {
		c.value(s, s.When, nil, false, "when")
	}
	if tool == nil {
		if s.Args != nil {
			c.value(s, s.Args, nil, true, "args")
		}
		return
	}
	args := s.Args
	if args == nil {
		args = &Value{Pos: s.Pos, IsMap: true}
	}
	c.value(s, args, tool.Params, true, "")
}

func (c *checker) toolNames() []string {
	out := make([]string, 0, len(c.cat.Tools))
	for _, t := range c.cat.Tools {
		out = append(out, t.Name)
	}
	return out
}

func (c *checker) addDep(from, to string) {
	for _, d := range c.deps[from] {
		if d == to {
			return
		}
	}
	c.deps[from] = append(c.deps[from], to)
	c.used[to] = true
}

// value checks a bound value against the type it feeds (nil: anything)
// and returns the value's own type. where names the value in messages
// ("" for a step's arguments object, "args.x.y" for nested ones).
func (c *checker) value(s *Step, v *Value, target *ir.Type, loop bool, where string) *ir.Type {
	switch {
	case v.IsMap:
		return c.object(s, v, target, loop, where)
	case v.IsList:
		return c.list(s, v, target, loop, where)
	}
	from := c.scalar(s, v, loop)
	if from != nil && target != nil {
		if why := iograph.Assignable(from, target); why != "" {
			c.errorf(v.Pos, RuleTypeMismatch, "%s: %s", c.subject(s, where), why)
		}
	}
	return from
}

func (c *checker) subject(s *Step, where string) string {
	switch {
	case s == nil:
		return "output" + strings.TrimPrefix(where, "output")
	case where == "":
		return fmt.Sprintf("step %q", s.Name)
	case where == "for_each" || where == "when":
		return fmt.Sprintf("step %q: %s", s.Name, where)
	}
	return fmt.Sprintf("step %q: argument %q of tool %s", s.Name, where, s.Tool)
}

// object checks a mapping field by field: unknown fields of a closed
// object and required fields left unbound are reported.
func (c *checker) object(s *Step, v *Value, target *ir.Type, loop bool, where string) *ir.Type {
	out := &ir.Type{Kind: ir.KindObject, Pos: v.Pos, Additional: ir.AdditionalClosed}
	obj := target.Resolve()
	if obj != nil && obj.Kind != ir.KindObject && obj.Kind != ir.KindAny && obj.Kind != ir.KindUnion {
		c.errorf(v.Pos, RuleTypeMismatch, "%s: object is not assignable to %s", c.subject(s, where), obj.Kind)
		obj = nil
	}
	if obj != nil && obj.Kind != ir.KindObject {
		obj = nil
	}
	for _, f := range v.Map {
		var ft *ir.Type
		sub := join(where, f.Key)
		if obj != nil {
			if p := obj.Prop(f.Key); p != nil {
				ft = p.Type
			} else if obj.Additional == ir.AdditionalTyped {
				ft = obj.AdditionalType
			} else if obj.Additional != ir.AdditionalOpen && s != nil {
				c.errorf(f.KeyPos, RuleUnknownArg, "step %q: tool %s has no parameter %q%s", s.Name, s.Tool, sub, suggest.DidYouMean(f.Key, propNames(obj)))
			}
		}
		out.Properties = append(out.Properties, &ir.Property{Name: f.Key, Type: c.value(s, f.Value, ft, loop, sub), Required: true, Pos: f.KeyPos})
	}
	if obj != nil && s != nil {
		for _, p := range obj.Properties {
			if p.Required && v.field(p.Name) == nil && len(p.Type.Resolve().Default) == 0 {
				c.errorf(v.Pos, RuleMissingArg, "step %q: missing required argument %q of tool %s", s.Name, join(where, p.Name), s.Tool)
			}
		}
	}
	return out
}

func (c *checker) list(s *Step, v *Value, target *ir.Type, loop bool, where string) *ir.Type {
	arr := target.Resolve()
	var elem *ir.Type
	if arr != nil {
		var ok bool
		if elem, ok = elementType(arr); !ok && arr.Kind != ir.KindAny && arr.Kind != ir.KindUnion {
			c.errorf(v.Pos, RuleTypeMismatch, "%s: array is not assignable to %s", c.subject(s, where), arr.Kind)
		}
	}
	out := &ir.Type{Kind: ir.KindArray, Pos: v.Pos}
	for i, e := range v.List {
		t := c.value(s, e, elem, loop, fmt.Sprintf("%s[%d]", where, i))
		if i == 0 && t != nil {
			items := *t
			items.Enum = nil // a list literal's element type is its kind, not its first value
			out.Items = &items
		}
	}
	return out
}

func join(where, key string) string {
	if where == "" {
		return key
	}
	return where + "." + key
}

func propNames(t *ir.Type) []string {
	var out []string
	for _, p := range t.Properties {
		out = append(out, p.Name)
	}
	return out
}

// scalar types a scalar: a lone ${ref} has the referenced type, a string
// with references is a string, a literal is its own single-value type.
func (c *checker) scalar(s *Step, v *Value, loop bool) *ir.Type {
	str, ok := v.String()
	if !ok {
		return literal(v)
	}
	tm, err := rtwf.ParseTemplate(str)
	if err != nil {
		pe := err.(*rtwf.PathError)
		c.errorf(c.refPos(v, pe.Offset), RuleUnresolved, "invalid reference: %s", pe.Msg)
		return nil
	}
	if p := tm.Single(); p != nil {
		return c.ref(s, *p, c.refPos(v, tm.Parts[0].Offset), loop)
	}
	for _, part := range tm.Parts {
		if part.Ref != nil {
			c.ref(s, *part.Ref, c.refPos(v, part.Offset), loop)
		}
	}
	if len(tm.Refs()) == 0 {
		return literal(v)
	}
	return &ir.Type{Kind: ir.KindString, Pos: v.Pos}
}

// refPos is the position of a byte offset inside a scalar (exact for
// one-line scalars).
func (c *checker) refPos(v *Value, off int) diag.Pos {
	p := v.Pos
	if p.Line > 0 {
		p.Col += off
		if v.Quoted {
			p.Col++
		}
	}
	return p
}

func literal(v *Value) *ir.Type {
	t := &ir.Type{Pos: v.Pos, Enum: []ir.Value{ir.MarshalValue(v.Scalar)}}
	switch x := v.Scalar.(type) {
	case nil:
		t.Kind = ir.KindNull
	case bool:
		t.Kind = ir.KindBoolean
	case string:
		t.Kind = ir.KindString
	case json.Number:
		t.Kind = ir.KindNumber
		if !strings.ContainsAny(x.String(), ".eE") {
			t.Kind = ir.KindInteger
		}
	}
	return t
}

// ref resolves a reference to its type, recording step dependencies.
// It returns nil (after reporting) when the reference does not resolve.
func (c *checker) ref(s *Step, p rtwf.Path, pos diag.Pos, loop bool) *ir.Type {
	var t *ir.Type
	segs := p.Segs
	switch p.Root {
	case rtwf.RootInputs:
		t = c.params
	case rtwf.RootSteps:
		name := p.Step()
		target := c.w.step(name)
		if target == nil {
			c.errorf(pos, RuleUnresolved, "${%s}: no step %q%s", p, name, suggest.DidYouMean(name, c.w.stepNames()))
			return nil
		}
		if s != nil {
			c.addDep(s.Name, name)
		} else {
			c.used[name] = true
		}
		t, segs = c.stepResult(target), segs[2:]
	case rtwf.RootItem, rtwf.RootIndex:
		if !loop || s == nil || s.ForEach == nil {
			c.errorf(pos, RuleUnresolved, "${%s}: only the arguments of a for_each step have an %s", p, p.Root)
			return nil
		}
		if p.Root == rtwf.RootIndex {
			return &ir.Type{Kind: ir.KindInteger}
		}
		t = c.items[s.Name]
		if t == nil {
			t = &ir.Type{Kind: ir.KindAny}
		}
	}
	t, why := navigate(t, segs)
	if why != "" {
		c.errorf(pos, RuleUnresolved, "${%s}: %s", p, why)
		return nil
	}
	return t
}

// stepResult is the type of steps.NAME.result: the tool's result type,
// an array of it for a for_each step.
func (c *checker) stepResult(s *Step) *ir.Type {
	var t *ir.Type
	if tool := c.cat.Tool(s.Tool); tool != nil {
		t = tool.Result
	}
	if t == nil {
		t = &ir.Type{Kind: ir.KindAny}
	}
	if s.ForEach != nil {
		return &ir.Type{Kind: ir.KindArray, Items: t}
	}
	return t
}

// navigate follows path segments through a type.
func navigate(t *ir.Type, segs []rtwf.Seg) (*ir.Type, string) {
	for i, seg := range segs {
		r := unwrapNullable(t.Resolve())
		if r == nil || r.Kind == ir.KindAny || r.Kind == ir.KindUnion {
			return &ir.Type{Kind: ir.KindAny}, "" // cannot tell statically
		}
		switch seg.Kind {
		case rtwf.SegField:
			if r.Kind != ir.KindObject {
				return nil, fmt.Sprintf("a %s has no field %q", r.Kind, seg.Field)
			}
			switch p := r.Prop(seg.Field); {
			case p != nil:
				t = p.Type
			case r.Additional == ir.AdditionalTyped:
				t = r.AdditionalType
			case r.Additional == ir.AdditionalOpen:
				t = &ir.Type{Kind: ir.KindAny}
			default:
				return nil, fmt.Sprintf("no field %q (fields: %s)", seg.Field, strings.Join(propNames(r), ", "))
			}
		case rtwf.SegIndex, rtwf.SegWildcard:
			elem, ok := elementType(r)
			if !ok {
				return nil, fmt.Sprintf("cannot index a %s", r.Kind)
			}
			if seg.Kind == rtwf.SegIndex && seg.Index < len(r.PrefixItems) {
				elem = r.PrefixItems[seg.Index]
			}
			if seg.Kind == rtwf.SegWildcard {
				rest, why := navigate(elem, segs[i+1:])
				if why != "" {
					return nil, why
				}
				return &ir.Type{Kind: ir.KindArray, Items: rest}, ""
			}
			t = elem
		}
	}
	return t, ""
}

// unwrapNullable looks through "T | null".
func unwrapNullable(t *ir.Type) *ir.Type {
	if t == nil || t.Kind != ir.KindUnion {
		return t
	}
	var only *ir.Type
	for _, v := range t.Variants {
		if r := v.Resolve(); r != nil && r.Kind != ir.KindNull {
			if only != nil {
				return t
			}
			only = r
		}
	}
	if only == nil {
		return t
	}
	return only
}

// elementType is the item type of an array type (any for an untyped
// array); ok is false for non-arrays.
func elementType(t *ir.Type) (*ir.Type, bool) {
	r := unwrapNullable(t.Resolve())
	if r == nil || r.Kind == ir.KindAny {
		return &ir.Type{Kind: ir.KindAny}, true
	}
	if r.Kind != ir.KindArray {
		return nil, false
	}
	if r.Items != nil {
		return r.Items, true
	}
	return &ir.Type{Kind: ir.KindAny}, true
}

func describeType(t *ir.Type) string {
	if r := t.Resolve(); r != nil {
		if k := r.Kind.String(); strings.ContainsRune("aeiou", rune(k[0])) {
			return "an " + k
		}
		return "a " + r.Kind.String()
	}
	return "an unresolved value"
}

// output types the output mapping; it becomes the tool's result type.
func (c *checker) output() *ir.Type {
	if c.w.Output == nil {
		for _, s := range c.w.Steps {
			c.used[s.Name] = true
		}
		return nil
	}
	return c.value(nil, c.w.Output, nil, false, "output")
}

// cycles reports each dependency cycle once, at its first step.
func (c *checker) cycles() {
	names := c.w.stepNames()
	deps := map[string][]string{}
	for k, v := range c.deps {
		deps[k] = append([]string(nil), v...)
		sort.Strings(deps[k])
	}
	for {
		_, cycle := rtwf.TopoSort(names, deps)
		if cycle == nil {
			return
		}
		s := c.w.step(cycle[0])
		c.errorf(s.Pos, RuleCycle, "steps form a cycle: %s", strings.Join(cycle, " → "))
		deps[cycle[len(cycle)-2]] = remove(deps[cycle[len(cycle)-2]], cycle[len(cycle)-1]) // break it and look for more
	}
}

func remove(list []string, x string) []string {
	var out []string
	for _, e := range list {
		if e != x {
			out = append(out, e)
		}
	}
	return out
}

// unused warns about steps nothing reads, unless their tool has side
// effects (then the call itself is the point).
func (c *checker) unused() {
	for _, s := range c.w.Steps {
		if c.used[s.Name] {
			continue
		}
		if tool := c.cat.Tool(s.Tool); tool != nil && sideEffects(tool) {
			continue
		}
		c.errorf(s.Pos, RuleUnusedStep, "step %q: its result is used by no step and not in the output", s.Name)
	}
}

func sideEffects(t *ir.Tool) bool {
	a := t.Annotations
	return (a.Destructive != nil && *a.Destructive) || (a.ReadOnly != nil && !*a.ReadOnly)
}
