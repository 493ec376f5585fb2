package python

import (
	"encoding/json"
	"math/big"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// scalarHints maps builtin and stdlib type names to schemas (pydantic 2's
// JSON Schema choices for the same types).
var scalarHints = map[string]func() *ir.Type{
	"int":       func() *ir.Type { return &ir.Type{Kind: ir.KindInteger} },
	"float":     func() *ir.Type { return &ir.Type{Kind: ir.KindNumber} },
	"str":       func() *ir.Type { return &ir.Type{Kind: ir.KindString} },
	"bool":      func() *ir.Type { return &ir.Type{Kind: ir.KindBoolean} },
	"None":      func() *ir.Type { return &ir.Type{Kind: ir.KindNull} },
	"NoneType":  func() *ir.Type { return &ir.Type{Kind: ir.KindNull} },
	"bytes":     func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "binary"} },
	"Any":       func() *ir.Type { return &ir.Type{Kind: ir.KindAny} },
	"object":    func() *ir.Type { return &ir.Type{Kind: ir.KindAny} },
	"datetime":  func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "date-time"} },
	"date":      func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "date"} },
	"time":      func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "time"} },
	"timedelta": func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "duration"} },
	"UUID":      func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "uuid"} },
	"Path":      func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "path"} },
	"PurePath":  func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "path"} },
	"Decimal": func() *ir.Type {
		return &ir.Type{Kind: ir.KindUnion, Variants: []*ir.Type{{Kind: ir.KindNumber},
			{Kind: ir.KindString, Pattern: `^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$`}}}
	},
	"list": seqHint, "List": seqHint, "Sequence": seqHint, "MutableSequence": seqHint, "Iterable": seqHint, "Collection": seqHint,
	"set": setHint, "Set": setHint, "frozenset": setHint, "FrozenSet": setHint, "AbstractSet": setHint, "MutableSet": setHint,
	"tuple": func() *ir.Type { return &ir.Type{Kind: ir.KindArray, Items: &ir.Type{Kind: ir.KindAny}} },
	"Tuple": func() *ir.Type { return &ir.Type{Kind: ir.KindArray, Items: &ir.Type{Kind: ir.KindAny}} },
	"dict":  func() *ir.Type { return &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalOpen} },
	"Dict":  func() *ir.Type { return &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalOpen} },
}

func seqHint() *ir.Type { return &ir.Type{Kind: ir.KindArray, Items: &ir.Type{Kind: ir.KindAny}} }
func setHint() *ir.Type {
	return &ir.Type{Kind: ir.KindArray, Items: &ir.Type{Kind: ir.KindAny}, UniqueItems: true}
}

var mappingNames = map[string]bool{"dict": true, "Dict": true, "Mapping": true, "MutableMapping": true, "OrderedDict": true, "defaultdict": true}

// hint converts a type annotation. Unknown names are errors at the name.
func (l *loader) hint(s *source, e *expr) *ir.Type {
	if e == nil {
		return &ir.Type{Kind: ir.KindAny}
	}
	t := l.hintExpr(s, e)
	if t.Pos.IsZero() {
		t.Pos = s.pos(e.off)
	}
	return t
}

func (l *loader) hintExpr(s *source, e *expr) *ir.Type {
	switch e.kind {
	case exConst:
		if e.value == "None" {
			return &ir.Type{Kind: ir.KindNull}
		}
	case exStr: // a forward reference
		return l.forwardRef(s, e)
	case exOr:
		return union(l.hint(s, e.args[0]), l.hint(s, e.args[1]))
	case exName, exAttr:
		return l.namedHint(s, e)
	case exSubscript:
		return l.genericHint(s, e)
	}
	return l.badHint(s, e, "unsupported type annotation "+l.text(s, e))
}

func (l *loader) text(s *source, e *expr) string { return s.m.src[e.off:e.end] }

func (l *loader) badHint(s *source, e *expr, msg string) *ir.Type {
	l.diags.Add(diag.Diagnostic{Pos: s.pos(e.off), Severity: diag.Error, RuleID: "python-type", Message: msg})
	return &ir.Type{Kind: ir.KindAny}
}

// forwardRef parses the string's contents as an annotation; positions
// inside it point at the string.
func (l *loader) forwardRef(s *source, e *expr) *ir.Type {
	lines, err := tokenize(e.value)
	if err != nil || len(lines) != 1 {
		return l.badHint(s, e, "cannot parse the forward reference "+l.text(s, e))
	}
	sub := &source{path: s.path, abs: s.abs, name: s.name, m: &module{src: e.value, classes: s.m.classes, assigns: s.m.assigns, imports: s.m.imports, lineStarts: []int{0}}}
	before := len(l.diags)
	t := l.hintExpr(sub, parseExpr(lines[0].toks))
	t.Pos = s.pos(e.off)
	for i := before; i < len(l.diags); i++ {
		if l.diags[i].Pos.File == s.path {
			l.diags[i].Pos = t.Pos // offsets inside the string mean nothing in the file
		}
	}
	return t
}

func (l *loader) namedHint(s *source, e *expr) *ir.Type {
	tg, _ := l.lookup(s, e.dotted())
	switch {
	case tg.cls != nil:
		return l.classRef(tg.src, tg.cls)
	case tg.alias != nil:
		if l.depth > 50 {
			return l.badHint(s, e, "type alias "+tg.alias.name+" refers to itself")
		}
		l.depth++
		defer func() { l.depth-- }()
		return l.hint(tg.src, tg.alias.value)
	}
	if f := scalarHints[tg.builtin]; f != nil {
		return f()
	}
	return l.badHint(s, e, "unknown type "+e.dotted()+": use a builtin, typing or pydantic type, or a class declared in the tools folder")
}

// genericHint converts X[...] forms.
func (l *loader) genericHint(s *source, e *expr) *ir.Type {
	name := l.canonical(s, e.x)
	args := e.args
	switch {
	case name == "Optional" && len(args) == 1:
		return union(l.hint(s, args[0]), &ir.Type{Kind: ir.KindNull})
	case name == "Union":
		var t *ir.Type
		for _, a := range args {
			t = union(t, l.hint(s, a))
		}
		return t
	case name == "Literal":
		return l.literal(s, e)
	case name == "Annotated" && len(args) >= 1:
		t := l.hint(s, args[0])
		for _, meta := range args[1:] {
			l.annotate(s, meta, t)
		}
		return t
	case name == "Required" || name == "NotRequired" || name == "ReadOnly" || name == "Final":
		return l.hint(s, args[0])
	case mappingNames[name] && len(args) == 2:
		return &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalTyped, AdditionalType: l.hint(s, args[1])}
	case name == "tuple" || name == "Tuple":
		return l.tupleHint(s, args)
	}
	if f := scalarHints[name]; f != nil && len(args) == 1 {
		t := f()
		if t.Kind == ir.KindArray {
			t.Items = l.hint(s, args[0])
			return t
		}
	}
	return l.badHint(s, e, "unsupported type annotation "+l.text(s, e))
}

func (l *loader) tupleHint(s *source, args []*expr) *ir.Type {
	t := &ir.Type{Kind: ir.KindArray}
	if len(args) == 2 && args[1].kind == exConst && args[1].value == "..." {
		t.Items = l.hint(s, args[0])
		return t
	}
	if len(args) == 1 && args[0].kind == exTuple && len(args[0].args) == 0 { // tuple[()]
		t.MaxItems = ir.Int64(0)
		return t
	}
	for _, a := range args {
		t.PrefixItems = append(t.PrefixItems, l.hint(s, a))
	}
	t.MinItems, t.MaxItems = ir.Int64(int64(len(args))), ir.Int64(int64(len(args)))
	return t
}

// literal converts Literal[...]: one value is a const, several of one JSON
// type an enum, mixed types a union.
func (l *loader) literal(s *source, e *expr) *ir.Type {
	byKind := map[ir.Kind]*ir.Type{}
	var order []ir.Kind
	for _, a := range e.args {
		v, ok := l.value(s, a)
		if !ok || a.kind == exList || a.kind == exDict {
			return l.badHint(s, a, "Literal values must be strings, numbers, booleans, None or enum members")
		}
		k := valueKind(a)
		if byKind[k] == nil {
			byKind[k] = &ir.Type{Kind: k}
			order = append(order, k)
		}
		byKind[k].Enum = append(byKind[k].Enum, v)
	}
	if len(order) > 1 { // one enum over several JSON types, as pydantic does
		t := &ir.Type{Kind: ir.KindAny, Untyped: true}
		for _, a := range e.args {
			v, _ := l.value(s, a)
			t.Enum = append(t.Enum, v)
		}
		return t
	}
	var t *ir.Type
	for _, k := range order {
		lt := byKind[k]
		if len(lt.Enum) == 1 {
			lt.Const, lt.Enum = lt.Enum[0], nil
		}
		t = union(t, lt)
	}
	if t == nil {
		return l.badHint(s, e, "empty Literal")
	}
	return t
}

// annotate applies one Annotated metadata item: a string is the
// description, Field(...) gives constraints.
func (l *loader) annotate(s *source, meta *expr, t *ir.Type) {
	switch {
	case meta.kind == exStr:
		t.Description = meta.value
	case meta.kind == exCall && l.canonical(s, meta.x) == "Field":
		l.applyField(s, meta, t, nil)
	case meta.kind == exCall && len(meta.args) == 1:
		// annotated_types: Ge(1), Le(5), MinLen(2), MaxLen(9) …
		name := map[string]string{"Ge": "ge", "Le": "le", "Gt": "gt", "Lt": "lt", "MultipleOf": "multiple_of", "MinLen": "min_length", "MaxLen": "max_length"}[l.canonical(s, meta.x)]
		if name != "" {
			l.constraints(s, &expr{kind: exCall, kws: []keyword{{name: name, value: meta.args[0]}}}, t)
		}
	}
}

// union joins two types into one flat union (nil is the empty union).
func union(a, b *ir.Type) *ir.Type {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	var vs []*ir.Type
	for _, t := range []*ir.Type{a, b} {
		if t.Kind == ir.KindUnion && t.Description == "" {
			vs = append(vs, t.Variants...)
		} else {
			vs = append(vs, t)
		}
	}
	return &ir.Type{Kind: ir.KindUnion, Variants: vs}
}

func valueKind(e *expr) ir.Kind {
	switch e.kind {
	case exStr, exBytes:
		return ir.KindString
	case exNum:
		if isIntLiteral(e.value) {
			return ir.KindInteger
		}
		return ir.KindNumber
	case exUnary:
		return valueKind(e.x)
	case exConst:
		if e.value == "None" {
			return ir.KindNull
		}
		return ir.KindBoolean
	case exList, exTuple, exSet:
		return ir.KindArray
	case exDict:
		return ir.KindObject
	}
	return ir.KindAny
}

func isIntLiteral(s string) bool {
	s = strings.ReplaceAll(s, "_", "")
	if len(s) > 1 && s[0] == '0' && strings.ContainsAny(s[1:2], "xXoObB") {
		return true
	}
	return !strings.ContainsAny(s, ".eEjJ")
}

// numberText returns the JSON text of a numeric literal (with sign).
func numberText(e *expr) (string, bool) {
	sign := ""
	if e.kind == exUnary && (e.value == "-" || e.value == "+") {
		if e.value == "-" {
			sign = "-"
		}
		e = e.x
	}
	if e.kind != exNum {
		return "", false
	}
	s := strings.ToLower(strings.ReplaceAll(e.value, "_", ""))
	if strings.HasSuffix(s, "j") {
		return "", false
	}
	if isIntLiteral(s) {
		n, ok := new(big.Int).SetString(s, 0)
		if !ok {
			return "", false
		}
		return sign + n.String(), true
	}
	f, ok := new(big.Float).SetString(s)
	if !ok {
		return "", false
	}
	out := f.Text('g', -1)
	if !strings.ContainsAny(out, ".e") {
		out += ".0"
	}
	return sign + out, true
}

// value converts a literal default to JSON: strings, numbers, booleans,
// None, containers of those, and enum members.
func (l *loader) value(s *source, e *expr) (ir.Value, bool) {
	v, ok := l.goValue(s, e)
	if !ok {
		return nil, false
	}
	return ir.MarshalValue(v), true
}

func (l *loader) goValue(s *source, e *expr) (any, bool) {
	switch e.kind {
	case exStr, exBytes:
		return e.value, true
	case exNum, exUnary:
		n, ok := numberText(e)
		return json.Number(n), ok
	case exConst:
		switch e.value {
		case "None":
			return nil, true
		case "True", "False":
			return e.value == "True", true
		}
	case exList, exTuple, exSet:
		out := []any{}
		for _, a := range e.args {
			v, ok := l.goValue(s, a)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	case exDict:
		return l.dictValue(s, e)
	case exAttr:
		return l.enumMember(s, e)
	case exCall: // set(), list(), dict(), tuple(), frozenset(): empty
		if len(e.args) == 0 && len(e.kws) == 0 {
			switch l.canonical(s, e.x) {
			case "set", "list", "tuple", "frozenset":
				return []any{}, true
			case "dict":
				return map[string]any{}, true
			}
		}
	}
	return nil, false
}

func (l *loader) dictValue(s *source, e *expr) (any, bool) {
	out := map[string]any{}
	for i := 0; i+1 < len(e.args); i += 2 {
		if e.args[i].kind != exStr {
			return nil, false
		}
		v, ok := l.goValue(s, e.args[i+1])
		if !ok {
			return nil, false
		}
		out[e.args[i].value] = v
	}
	return out, true
}

// enumMember resolves Color.RED to the member's value.
func (l *loader) enumMember(s *source, e *expr) (any, bool) {
	tg, ok := l.lookup(s, e.x.dotted())
	if !ok || tg.cls == nil || l.classKind(tg.src, tg.cls, 0) != kindEnum {
		return nil, false
	}
	members := l.enumType(tg.src, tg.cls)
	i := 0
	for _, f := range tg.cls.fields {
		if f.ann != nil || f.value == nil || strings.HasPrefix(f.name, "_") {
			continue
		}
		if i >= len(members.Enum) {
			break
		}
		if f.name == e.name {
			var v any
			err := json.Unmarshal(members.Enum[i], &v)
			return v, err == nil
		}
		i++
	}
	return nil, false
}
