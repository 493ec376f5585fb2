package python

import (
	"encoding/json"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// Class kinds the frontend turns into schemas.
const (
	kindModel     = "model"     // pydantic BaseModel
	kindDataclass = "dataclass" // @dataclass
	kindTypedDict = "typeddict"
	kindEnum      = "enum"
	kindTuple     = "namedtuple" // typing.NamedTuple: an array, one item per field
)

// classKind says how a class becomes a schema, following base classes
// declared in the tools folder; "" for other classes.
func (l *loader) classKind(s *source, c *classDef, depth int) string {
	for _, d := range c.decorators {
		fn := d
		if d.kind == exCall {
			fn = d.x
		}
		if l.canonical(s, fn) == "dataclass" {
			return kindDataclass
		}
	}
	for _, b := range c.bases {
		if k := l.baseKind(s, b, depth); k != "" {
			return k
		}
	}
	return ""
}

func (l *loader) baseKind(s *source, b *expr, depth int) string {
	if b.kind == exSubscript { // Generic[T], TypedDict subclasses with params
		b = b.x
	}
	switch l.canonical(s, b) {
	case "BaseModel", "RootModel":
		return kindModel
	case "TypedDict":
		return kindTypedDict
	case "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag":
		return kindEnum
	case "NamedTuple":
		return kindTuple
	}
	if t, ok := l.lookup(s, b.dotted()); ok && t.cls != nil && depth < 20 {
		return l.classKind(t.src, t.cls, depth+1)
	}
	return ""
}

// classRef returns a reference to the class's named type, converting the
// class on first use (the Named exists before its body, for recursion).
func (l *loader) classRef(s *source, c *classDef) *ir.Type {
	key := s.abs + "#" + c.name + "@" + strconv.Itoa(c.off)
	n := l.named[key]
	if n == nil {
		n = &ir.Named{Name: c.name, Exported: !strings.HasPrefix(c.name, "_"), Pos: s.pos(c.off)}
		l.named[key] = n
		l.order[n] = n.Pos
		n.Type = l.classBody(s, c)
	}
	return &ir.Type{Kind: ir.KindRef, Ref: n}
}

func (l *loader) classBody(s *source, c *classDef) *ir.Type {
	var t *ir.Type
	kind := l.classKind(s, c, 0)
	if root := rootModelOf(l, s, c); root != nil && kind == kindModel { // RootModel[T]: T's schema
		t = l.hint(s, root)
		t.Pos = s.pos(c.off)
		if c.doc != nil {
			t.Description = cleandoc(c.doc.text)
		}
		return t
	}
	switch kind {
	case kindEnum:
		t = l.enumType(s, c)
	case kindTuple:
		t = l.tupleType(s, c)
	case "":
		l.diags.Add(diag.Diagnostic{Pos: s.pos(c.off), Severity: diag.Error, RuleID: ruleType,
			Message: "class " + c.name + " cannot be used as a tool type: make it a pydantic BaseModel, a dataclass, a TypedDict or an Enum"})
		t = &ir.Type{Kind: ir.KindAny}
	default:
		t = l.objectType(s, c)
	}
	t.Pos = s.pos(c.off)
	if c.doc != nil {
		t.Description = l.classDoc(cleandoc(c.doc.text), t)
	}
	return t
}

// objectType builds the object of a model, dataclass or TypedDict, with
// fields inherited from base classes of the same folder first.
func (l *loader) objectType(s *source, c *classDef) *ir.Type {
	obj := &ir.Type{Kind: ir.KindObject}
	l.scopes = append(l.scopes, c)
	defer func() { l.scopes = l.scopes[:len(l.scopes)-1] }()
	kind := l.classKind(s, c, 0)
	total := true
	if v := kwValue(c.kws, "total"); v != nil && v.kind == exConst && v.value == "False" {
		total = false
	}
	for _, b := range c.bases {
		if t, ok := l.lookup(s, b.dotted()); ok && t.cls != nil && t.cls != c {
			base := l.classRef(t.src, t.cls).Resolve()
			if base == nil { // a base still being converted: an inheritance cycle
				continue
			}
			for _, p := range base.Properties {
				obj.SetProp(p)
			}
			obj.Additional = base.Additional // pydantic merges a base's config
		}
	}
	if kind == kindModel {
		l.modelExtra(s, c, obj)
	}
	for _, f := range c.fields {
		if f.ann == nil || strings.HasPrefix(f.name, "_") && kind == kindModel {
			continue
		}
		if p := l.fieldProp(s, f, kind, total); p != nil {
			if f.doc != nil && p.Type.Description == "" {
				p.Type.Description = cleandoc(f.doc.text)
			}
			obj.SetProp(p)
		}
	}
	return obj
}

// modelConfig returns the value a pydantic model's own configuration
// gives key: a class keyword (class M(BaseModel, extra="forbid")), or an
// entry of model_config = ConfigDict(...) or a dict literal.
func (l *loader) modelConfig(s *source, c *classDef, key string) *expr {
	if v := kwValue(c.kws, key); v != nil {
		return v
	}
	for _, f := range c.fields {
		if f.name != "model_config" || f.value == nil {
			continue
		}
		switch v := f.value; {
		case v.kind == exCall && l.canonical(s, v.x) == "ConfigDict":
			return kwValue(v.kws, key)
		case v.kind == exDict:
			for i := 0; i+1 < len(v.args); i += 2 {
				if v.args[i].kind == exStr && v.args[i].value == key {
					return v.args[i+1]
				}
			}
		}
	}
	return nil
}

// modelExtra applies extra= of a model's configuration as pydantic
// publishes it: "forbid" closes the object, "allow" opens it; "ignore"
// (pydantic's default: unknown keys are dropped) leaves tscg's policy,
// which closes it unless the output is configured otherwise.
func (l *loader) modelExtra(s *source, c *classDef, obj *ir.Type) {
	e := l.modelConfig(s, c, "extra")
	if e == nil {
		return
	}
	v, ok := l.value(s, e)
	var mode string
	if ok && json.Unmarshal(v, &mode) == nil {
		switch mode {
		case "forbid":
			obj.Additional = ir.AdditionalClosed
			return
		case "allow":
			obj.Additional = ir.AdditionalOpen
			return
		case "ignore":
			obj.Additional = ir.AdditionalDefault
			return
		}
	}
	l.warn(s.pos(e.off), diag.Error, ruleValue, "extra=%s of %s is not \"forbid\", \"allow\" or \"ignore\"", l.text(s, e), c.name)
}

func kwValue(kws []keyword, name string) *expr {
	for _, k := range kws {
		if k.name == name {
			return k.value
		}
	}
	return nil
}

// fieldProp converts one annotated class field.
func (l *loader) fieldProp(s *source, f *field, kind string, total bool) *ir.Property {
	ann := f.ann
	required := true
	if ann.kind == exSubscript && len(ann.args) == 1 {
		switch l.canonical(s, ann.x) {
		case "ClassVar":
			return nil
		case "Required":
			ann, total = ann.args[0], true
		case "NotRequired":
			ann, required = ann.args[0], false
		}
	}
	owner := l.owner
	l.owner = "field " + f.name + " of " + l.classOwner()
	defer func() { l.owner = owner }()
	t := l.hint(s, ann)
	p := &ir.Property{Name: f.name, Type: t, Required: required && (kind != kindTypedDict || total), Pos: s.pos(f.off)}
	if fs, call := l.annotatedField(s, ann); call != nil && kind != kindTypedDict {
		l.fieldDefaults(fs, call, t, p)
	}
	if kind == kindTypedDict || f.value == nil {
		return p
	}
	l.readDefault(s, f.value, p, l.owner)
	return p
}

// classOwner names the class whose body is being read.
func (l *loader) classOwner() string {
	if len(l.scopes) == 0 {
		return "a class"
	}
	return l.scopes[len(l.scopes)-1].name
}

// applyField applies Field(...) / field(...) arguments: the default,
// default_factory, alias and constraints.
func (l *loader) applyField(s *source, call *expr, t *ir.Type, p *ir.Property) {
	if p != nil {
		l.fieldDefaults(s, call, t, p)
	}
	l.constraints(s, call, t)
}

// fieldDefaults applies the default (first positional or default=; `...`
// means required), default_factory (optional, and like pydantic no
// default in the schema) and the alias the model sees (validation_alias,
// else alias).
func (l *loader) fieldDefaults(s *source, call *expr, t *ir.Type, p *ir.Property) {
	dflt := call.kw("default")
	if len(call.args) > 0 {
		dflt = call.args[0]
	}
	switch {
	case dflt != nil && !(dflt.kind == exConst && dflt.value == "..."):
		p.Required = false
		if val, ok := l.value(s, dflt); ok {
			t.Default = val
		} else {
			owner := l.owner
			if owner == "" {
				owner = p.Name
			}
			l.lostDefault(s, dflt, l.deref(s, dflt), owner)
		}
	case call.kw("default_factory") != nil:
		p.Required = false
	}
	for _, kw := range []string{"validation_alias", "alias"} {
		if a := call.kw(kw); a != nil {
			if name, ok := l.str(s, a); ok {
				p.Name = name
				return
			}
			if kw == "alias" {
				l.nonLiteral(s, keyword{name: kw, value: a})
			}
		}
	}
}

// constraints applies Field's description and validation keywords.
// Validation keywords of an Optional[X] land on X, as pydantic puts them.
func (l *loader) constraints(s *source, call *expr, t *ir.Type) {
	inner := nonNull(t)
	for _, k := range call.kws {
		v := k.value
		switch k.name {
		case "description", "title", "pattern":
			str, ok := l.str(s, v)
			if !ok {
				l.nonLiteral(s, k)
				continue
			}
			switch k.name {
			case "description":
				t.Description = str
			case "title":
				t.Title = str
			default:
				inner.Pattern = str
			}
		case "ge", "le", "gt", "lt", "multiple_of":
			n, ok := l.number(s, v)
			if !ok {
				l.nonLiteral(s, k)
				continue
			}
			*numSlot(inner, k.name) = ir.Num(n)
		case "min_length", "max_length":
			l.length(s, k, inner)
		case "examples":
			r := l.deref(s, v) // examples=EXAMPLES too
			if val, ok := l.value(s, v); ok && !r.opaque() && r.e.kind == exList {
				t.Examples = splitArray(val, r.e, l, r.src)
			} else {
				l.nonLiteral(s, k)
			}
		case "deprecated":
			t.Deprecated = v.kind == exConst && v.value == "True" || v.kind == exStr
		case "json_schema_extra":
			l.schemaExtra(s, k, t)
		case "default", "default_factory", "alias", "validation_alias", "serialization_alias", "strict", "frozen",
			"exclude", "repr", "init", "init_var", "kw_only", "discriminator", "union_mode", "coerce_numbers_to_str",
			"allow_inf_nan", "max_digits", "decimal_places", "fail_fast", "validate_default", "compare", "hash", "metadata":
		case "":
			l.warn(s.pos(v.off), diag.Warning, ruleDefault, "**%s in Field(...) is not read; spell the keywords out so the schema carries them", l.text(s, v))
		default:
			l.warn(s.pos(v.off), diag.Warning, ruleDefault, "Field keyword %s is not carried into the schema", k.name)
		}
	}
	l.checkBounds(s, call, inner)
}

func (l *loader) nonLiteral(s *source, k keyword) {
	l.warn(s.pos(k.value.off), diag.Error, ruleValue, "%s=%s is not a literal or a module constant bound to one; the schema cannot carry it", k.name, l.text(s, k.value))
}

// length applies min_length / max_length, which must be integers >= 0.
func (l *loader) length(s *source, k keyword, t *ir.Type) {
	n, ok := l.number(s, k.value)
	if !ok {
		l.nonLiteral(s, k)
		return
	}
	i, err := strconv.ParseInt(n, 10, 64)
	if err != nil || i < 0 {
		l.warn(s.pos(k.value.off), diag.Error, ruleValue, "%s must be a non-negative integer, not %s", k.name, n)
		return
	}
	lengthSlot(t, k.name == "min_length", i)
}

// schemaExtra copies a literal json_schema_extra dict into the schema.
func (l *loader) schemaExtra(s *source, k keyword, t *ir.Type) {
	v, ok := l.goValue(s, k.value)
	m, isMap := v.(map[string]any)
	if !ok || !isMap {
		l.nonLiteral(s, k)
		return
	}
	for _, key := range slices.Sorted(maps.Keys(m)) {
		t.Extra = append(t.Extra, ir.Keyword{Name: key, Value: ir.MarshalValue(m[key])})
	}
}

// checkBounds reports a lower bound above the upper one: no value could
// pass, which is a mistake in the source.
func (l *loader) checkBounds(s *source, call *expr, t *ir.Type) {
	bad := ""
	switch {
	case t.Minimum != nil && t.Maximum != nil && cmpNum(*t.Minimum, *t.Maximum) > 0:
		bad = "ge " + string(*t.Minimum) + " is above le " + string(*t.Maximum)
	case t.ExclusiveMinimum != nil && t.ExclusiveMaximum != nil && cmpNum(*t.ExclusiveMinimum, *t.ExclusiveMaximum) >= 0:
		bad = "gt " + string(*t.ExclusiveMinimum) + " is not below lt " + string(*t.ExclusiveMaximum)
	case t.MinLength != nil && t.MaxLength != nil && *t.MinLength > *t.MaxLength,
		t.MinItems != nil && t.MaxItems != nil && *t.MinItems > *t.MaxItems:
		bad = "min_length is above max_length"
	}
	if bad != "" {
		l.warn(s.pos(call.off), diag.Error, ruleValue, "%s: no value is valid", bad)
	}
}

func cmpNum(a, b ir.Number) int {
	x, ok1 := new(big.Rat).SetString(string(a))
	y, ok2 := new(big.Rat).SetString(string(b))
	if !ok1 || !ok2 {
		return 0
	}
	return x.Cmp(y)
}

// nonNull returns the one non-null variant of an Optional, else t.
func nonNull(t *ir.Type) *ir.Type {
	if t.Kind != ir.KindUnion {
		return t
	}
	var other *ir.Type
	for _, v := range t.Variants {
		switch {
		case v.Kind == ir.KindNull:
		case other != nil:
			return t
		default:
			other = v
		}
	}
	if other == nil {
		return t
	}
	return other
}

func numSlot(t *ir.Type, name string) **ir.Number {
	switch name {
	case "ge":
		return &t.Minimum
	case "le":
		return &t.Maximum
	case "gt":
		return &t.ExclusiveMinimum
	case "lt":
		return &t.ExclusiveMaximum
	}
	return &t.MultipleOf
}

// lengthSlot puts a length bound where it applies: strings, arrays or
// objects (pydantic's min_length works on all three).
func lengthSlot(t *ir.Type, isMin bool, n int64) {
	switch r := t.Resolve(); {
	case r != nil && r.Kind == ir.KindArray:
		if isMin {
			t.MinItems = ir.Int64(n)
		} else {
			t.MaxItems = ir.Int64(n)
		}
	case r != nil && r.Kind == ir.KindObject:
		if isMin {
			t.MinProperties = ir.Int64(n)
		} else {
			t.MaxProperties = ir.Int64(n)
		}
	default:
		if isMin {
			t.MinLength = ir.Int64(n)
		} else {
			t.MaxLength = ir.Int64(n)
		}
	}
}

func splitArray(_ ir.Value, list *expr, l *loader, s *source) []ir.Value {
	var out []ir.Value
	for _, e := range list.args {
		if v, ok := l.value(s, e); ok {
			out = append(out, v)
		}
	}
	return out
}

// enumType builds an Enum class's values; auto() numbers from 1.
func (l *loader) enumType(s *source, c *classDef) *ir.Type {
	t := &ir.Type{Kind: ir.KindString}
	kinds := map[ir.Kind]bool{}
	next := 1
	for _, f := range c.fields {
		if f.ann != nil || f.value == nil || strings.HasPrefix(f.name, "_") {
			continue
		}
		v := f.value
		if v.kind == exCall && l.canonical(s, v.x) == "auto" {
			t.Enum = append(t.Enum, ir.MarshalValue(next))
			kinds[ir.KindInteger] = true
			next++
			continue
		}
		// A member referring to another member would recurse; it is
		// left out like any other non-literal.
		var val []byte
		ok := v.kind != exAttr
		if ok {
			val, ok = l.value(s, v)
		}
		if !ok {
			l.diags.Add(diag.Diagnostic{Pos: s.pos(f.off), Severity: diag.Warning, RuleID: ruleType,
				Message: "enum member " + c.name + "." + f.name + " has a value that is not a literal; it is left out of the schema"})
			continue
		}
		t.Enum = append(t.Enum, val)
		kinds[valueKind(v)] = true
		if v.kind == exNum {
			if n, err := strconv.Atoi(v.value); err == nil {
				next = n + 1
			}
		}
	}
	if len(kinds) == 1 {
		for k := range kinds {
			t.Kind = k
		}
	} else if len(kinds) > 1 {
		t.Kind, t.Untyped = ir.KindAny, true
	}
	return t
}

// tupleType converts a NamedTuple: pydantic's prefixItems, the fields
// with defaults optional at the end.
func (l *loader) tupleType(s *source, c *classDef) *ir.Type {
	t := &ir.Type{Kind: ir.KindArray}
	required := 0
	for _, f := range c.fields {
		if f.ann == nil {
			continue
		}
		p := l.fieldProp(s, f, kindDataclass, true)
		if p.Required {
			required++
		}
		t.PrefixItems = append(t.PrefixItems, p.Type)
	}
	t.MinItems, t.MaxItems = ir.Int64(int64(required)), ir.Int64(int64(len(t.PrefixItems)))
	return t
}

// classDoc reads a class docstring's Google "Attributes:" section into
// the descriptions of the fields it names (unless a field has its own),
// and returns the docstring without it.
func (l *loader) classDoc(doc string, t *ir.Type) string {
	lines := strings.Split(doc, "\n")
	start := -1
	for i, ln := range lines {
		if strings.TrimSpace(ln) == "Attributes:" && indentOf(ln) == 0 {
			start = i
			break
		}
	}
	if start < 0 || t.Kind != ir.KindObject {
		return doc
	}
	end := start + 1
	for end < len(lines) && (strings.TrimSpace(lines[end]) == "" || indentOf(lines[end]) > 0) {
		end++
	}
	d := &docInfo{}
	body := append([]string{"Args:"}, lines[start+1:end]...)
	parseGoogle(d, body, 0)
	for _, pd := range d.params {
		if p := t.Prop(pd.name); p != nil && p.Type.Description == "" {
			p.Type.Description = joinWrapped(pd.desc)
		}
	}
	rest := append(append([]string{}, lines[:start]...), lines[end:]...)
	return withoutParamSections(rest, len(rest))
}

// rootModelOf returns T of a class declared `class X(RootModel[T])`, or nil.
func rootModelOf(l *loader, s *source, c *classDef) *expr {
	for _, b := range c.bases {
		if b.kind == exSubscript && len(b.args) == 1 && l.canonical(s, b.x) == "RootModel" {
			return b.args[0]
		}
	}
	return nil
}
