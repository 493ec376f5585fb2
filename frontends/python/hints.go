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
	"dict": func() *ir.Type { return &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalOpen} },
	"Dict": func() *ir.Type { return &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalOpen} },
	"list": seqHint, "List": seqHint, "Sequence": seqHint, "MutableSequence": seqHint, "Iterable": seqHint, "Collection": seqHint,
	"set": setHint, "Set": setHint, "frozenset": setHint, "FrozenSet": setHint, "AbstractSet": setHint, "MutableSet": setHint,
	"tuple": func() *ir.Type { return &ir.Type{Kind: ir.KindArray, Items: &ir.Type{Kind: ir.KindAny}} },
	"Tuple": func() *ir.Type { return &ir.Type{Kind: ir.KindArray, Items: &ir.Type{Kind: ir.KindAny}} },
}

// pydanticHints are pydantic 2's own types, with the schemas it gives
// them (checked against pydantic in testdata/pydantic).
var pydanticHints = map[string]func() *ir.Type{
	"AnyUrl": urlHint(0), "AnyHttpUrl": urlHint(0), "FileUrl": urlHint(0), "FtpUrl": urlHint(0), "WebsocketUrl": urlHint(2083),
	"AnyWebsocketUrl": urlHint(0), "HttpUrl": urlHint(2083), "PostgresDsn": urlHint(0), "RedisDsn": urlHint(0),
	"MongoDsn": urlHint(0), "KafkaDsn": urlHint(0), "AmqpDsn": urlHint(0), "MySQLDsn": urlHint(0), "MariaDBDsn": urlHint(0),
	"EmailStr":        formatHint("email"),
	"NameEmail":       formatHint("name-email"),
	"SecretStr":       func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "password", WriteOnly: true} },
	"SecretBytes":     func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: "password", WriteOnly: true} },
	"Base64Str":       formatHint("base64"),
	"Base64Bytes":     formatHint("base64"),
	"UUID1":           formatHint("uuid1"),
	"UUID3":           formatHint("uuid3"),
	"UUID4":           formatHint("uuid4"),
	"UUID5":           formatHint("uuid5"),
	"FilePath":        formatHint("file-path"),
	"DirectoryPath":   formatHint("directory-path"),
	"NewPath":         formatHint("path"),
	"IPv4Address":     formatHint("ipv4"),
	"IPv6Address":     formatHint("ipv6"),
	"IPv4Network":     formatHint("ipv4network"),
	"IPv6Network":     formatHint("ipv6network"),
	"IPv4Interface":   formatHint("ipv4interface"),
	"IPv6Interface":   formatHint("ipv6interface"),
	"IPvAnyAddress":   formatHint("ipvanyaddress"),
	"IPvAnyNetwork":   formatHint("ipvanynetwork"),
	"IPvAnyInterface": formatHint("ipvanyinterface"),
	"PastDate":        formatHint("date"), "FutureDate": formatHint("date"),
	"PastDatetime": formatHint("date-time"), "FutureDatetime": formatHint("date-time"),
	"AwareDatetime": formatHint("date-time"), "NaiveDatetime": formatHint("date-time"),
	"StrictInt": scalarHints["int"], "StrictFloat": scalarHints["float"], "StrictStr": scalarHints["str"],
	"StrictBool": scalarHints["bool"], "StrictBytes": scalarHints["bytes"],
	"PositiveInt":      boundHint(ir.KindInteger, "gt"),
	"NegativeInt":      boundHint(ir.KindInteger, "lt"),
	"NonNegativeInt":   boundHint(ir.KindInteger, "ge"),
	"NonPositiveInt":   boundHint(ir.KindInteger, "le"),
	"PositiveFloat":    boundHint(ir.KindNumber, "gt"),
	"NegativeFloat":    boundHint(ir.KindNumber, "lt"),
	"NonNegativeFloat": boundHint(ir.KindNumber, "ge"),
	"NonPositiveFloat": boundHint(ir.KindNumber, "le"),
	"FiniteFloat":      scalarHints["float"],
	"Json": func() *ir.Type {
		return &ir.Type{Kind: ir.KindString, ContentMediaType: "application/json", ContentSchema: &ir.Type{Kind: ir.KindAny}}
	},
}

func urlHint(max int64) func() *ir.Type {
	return func() *ir.Type {
		t := &ir.Type{Kind: ir.KindString, Format: "uri", MinLength: ir.Int64(1)}
		if max > 0 {
			t.MaxLength = ir.Int64(max)
		}
		return t
	}
}

func formatHint(f string) func() *ir.Type {
	return func() *ir.Type { return &ir.Type{Kind: ir.KindString, Format: f} }
}

func boundHint(k ir.Kind, slot string) func() *ir.Type {
	return func() *ir.Type {
		t := &ir.Type{Kind: k}
		*numSlot(t, slot) = ir.Num("0")
		return t
	}
}

// lookupHint finds a builtin, stdlib or pydantic type by name.
func lookupHint(name string) func() *ir.Type {
	if f := scalarHints[name]; f != nil {
		return f
	}
	return pydanticHints[name]
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
	case exCall:
		if t := l.conHint(s, e); t != nil {
			return t
		}
	}
	return l.badHint(s, e, "unsupported type annotation "+l.text(s, e))
}

func (l *loader) text(s *source, e *expr) string { return s.m.src[e.off:e.end] }

func (l *loader) badHint(s *source, e *expr, msg string) *ir.Type {
	l.diags.Add(diag.Diagnostic{Pos: s.pos(e.off), Severity: diag.Error, RuleID: ruleType, Message: msg})
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
		if tg.alias.rebound {
			l.warn(s.pos(e.off), diag.Warning, ruleType, "type alias %s of %s is bound more than once (at module level, in a block or through global; one binding is at %s); tscg reads the last module-level one, which may not be the one the function sees", e.dotted(), l.ownerName(), tg.src.pos(tg.alias.off))
		}
		l.depth++
		defer func() { l.depth-- }()
		return l.hint(tg.src, tg.alias.value)
	}
	if f := lookupHint(tg.builtin); f != nil {
		return f()
	}
	if l.rebound(s, e.dotted()) {
		return l.badHint(s, e, "type "+e.dotted()+" is bound only in a block (if, try, for …): tscg reads no control flow; bind it once at module level")
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
	case name == "Json" && len(args) == 1:
		return l.jsonHint(s, args[0])
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
		if e.kind == exUnary && e.x.kind == exName { // -LIMIT
			v, ok := l.constant(s, e.x)
			if n, isNum := v.(json.Number); ok && isNum && e.value != "~" {
				return json.Number(negate(string(n), e.value == "-")), true
			}
			return nil, false
		}
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
		if l.modelEnv != nil && e.x.dotted() == "" || l.env != nil && e.x.kind == exName && l.env.has(e.x.name) {
			if v, ok := l.goValue(s, e.x); ok {
				if inst, isInst := v.(instance); isInst {
					return l.propertyValue(inst, e.name)
				}
			}
		}
		if e.name == "value" && e.x.kind == exAttr { // Color.RED.value
			return l.enumMember(s, e.x)
		}
		if v, ok := l.enumMember(s, e); ok {
			return v, true
		}
		return l.constant(s, e) // models.LIMIT
	case exName:
		if l.env != nil {
			if v, ok := l.env.vars[e.name]; ok {
				if l.env.factory != nil {
					l.factoryValue(s, e, v)
				}
				return v, true
			}
		}
		return l.constant(s, e)
	case exFString:
		if l.env != nil && l.env.factory == nil { // in a call: a hole leaves the call unread
			text, holes := l.fstringText(s, e)
			return text, len(holes) == 0
		}
		return l.fstring(s, e), true
	case exCond, exBool, exNot, exCompare:
		return l.logicValue(s, e)
	case exBinary:
		return l.binaryValue(s, e)
	case exCall: // set(), list(), dict(), tuple(), frozenset(): empty
		if v, ok := l.callValue(s, e); ok {
			return v, true
		}
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

// constant resolves a name bound once at module level to a literal (or to
// an expression of literals and other such names), wherever a literal is
// allowed: defaults, Field arguments, decorator arguments.
func (l *loader) constant(s *source, e *expr) (any, bool) {
	r := l.deref(s, e)
	if r.opaque() || r.e == e || l.depth > 50 {
		return nil, false
	}
	l.depth++
	saved := l.env // a constant's expression sees module names, not a call's parameters
	l.env = nil
	defer func() { l.depth--; l.env = saved }()
	return l.goValue(r.src, r.e)
}

// binaryValue evaluates a + b of strings, numbers or lists of literals
// and constants (PREFIX + "name", BASE - 1).
func (l *loader) binaryValue(s *source, e *expr) (any, bool) {
	a, ok1 := l.goValue(s, e.args[0])
	b, ok2 := l.goValue(s, e.args[1])
	if !ok1 || !ok2 {
		return nil, false
	}
	switch x := a.(type) {
	case string:
		if y, ok := b.(string); ok && e.value == "+" {
			return x + y, true
		}
	case []any:
		if y, ok := b.([]any); ok && e.value == "+" {
			return append(append([]any{}, x...), y...), true
		}
	case json.Number:
		if y, ok := b.(json.Number); ok && e.value == "*" {
			return numberProduct(string(x), string(y))
		}
		if y, ok := b.(json.Number); ok {
			return numberArith(string(x), string(y), e.value == "-")
		}
	}
	return nil, false
}

// numberArith adds or subtracts two JSON number texts exactly; integers
// stay integers.
func numberArith(a, b string, minus bool) (any, bool) {
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	if !ok1 || !ok2 {
		return nil, false
	}
	if minus {
		y.Neg(y)
	}
	r := new(big.Rat).Add(x, y)
	if r.IsInt() && !strings.ContainsAny(a+b, ".eE") {
		return json.Number(r.Num().String()), true
	}
	f, _ := r.Float64()
	out := new(big.Float).SetFloat64(f).Text('g', -1)
	if !strings.ContainsAny(out, ".e") {
		out += ".0"
	}
	return json.Number(out), true
}

// numberProduct multiplies two integer JSON number texts exactly (a
// float operand is not folded: Python's float product rounds).
func numberProduct(a, b string) (any, bool) {
	x, ok1 := new(big.Int).SetString(a, 10)
	y, ok2 := new(big.Int).SetString(b, 10)
	if !ok1 || !ok2 {
		return nil, false
	}
	return json.Number(new(big.Int).Mul(x, y).String()), true
}

func negate(n string, minus bool) string {
	switch {
	case !minus:
		return n
	case strings.HasPrefix(n, "-"):
		return n[1:]
	}
	return "-" + n
}

// number is numberText for Field arguments, which may also name module
// constants (ge=MIN_LIMIT).
func (l *loader) number(s *source, e *expr) (string, bool) {
	if n, ok := numberText(e); ok {
		return n, true
	}
	if e.kind == exName || e.kind == exAttr || e.kind == exBinary || e.kind == exUnary {
		if v, ok := l.goValue(s, e); ok {
			if n, isNum := v.(json.Number); isNum {
				return string(n), true
			}
		}
	}
	return "", false
}

// str is a string argument: a literal or a module constant.
func (l *loader) str(s *source, e *expr) (string, bool) {
	if e == nil {
		return "", false
	}
	if e.kind == exStr {
		return e.value, true
	}
	switch e.kind {
	case exName, exBinary, exAttr, exCall, exCond, exBool:
		if v, ok := l.goValue(s, e); ok {
			str, isStr := v.(string)
			return str, isStr
		}
	}
	return "", false
}

// conBase is the type each pydantic con*() function constrains.
var conBase = map[string]string{"conint": "int", "confloat": "float", "constr": "str", "conbytes": "bytes",
	"condecimal": "Decimal", "condate": "date", "conlist": "list", "conset": "set", "confrozenset": "frozenset"}

// conHint converts conint(ge=1), constr(max_length=9), conlist(int,
// min_length=1) and the like: the base type with the Field keywords.
func (l *loader) conHint(s *source, e *expr) *ir.Type {
	name := l.canonical(s, e.x)
	base, ok := conBase[name]
	if !ok {
		return nil
	}
	t := scalarHints[base]()
	if t.Kind == ir.KindArray {
		item := e.kw("item_type")
		if len(e.args) > 0 {
			item = e.args[0]
		}
		if item == nil {
			return l.badHint(s, e, name+"() needs the item type")
		}
		t.Items = l.hint(s, item)
	}
	kws := &expr{kind: exCall, off: e.off, end: e.end}
	for _, k := range e.kws {
		switch k.name {
		case "item_type", "strict", "strip_whitespace", "to_upper", "to_lower", "unique_items", "allow_inf_nan":
		case "max_digits", "decimal_places":
		default:
			kws.kws = append(kws.kws, k)
		}
	}
	l.constraints(s, kws, t)
	return t
}

// jsonHint converts Json[T]: a string holding JSON of T, as pydantic
// publishes it (contentMediaType application/json, contentSchema T).
func (l *loader) jsonHint(s *source, arg *expr) *ir.Type {
	t := pydanticHints["Json"]()
	t.ContentSchema = l.hint(s, arg)
	return t
}
