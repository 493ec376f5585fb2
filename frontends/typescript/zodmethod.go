package typescript

import (
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// maxSafeInteger is Number.MAX_SAFE_INTEGER, the bound zod 4 gives
// integers.
const maxSafeInteger = "9007199254740991"

// zodMethod evaluates recv.NAME(args) for a zod schema recv.
func (e *evaluator) zodMethod(recv *value, name string, args []*value, off int) *value {
	z0 := recv.z
	v := z0.version
	r := e.r
	switch name {
	case "parse", "safeParse", "parseAsync", "safeParseAsync", "spa", "decode", "encode":
		// Validating data: the result is the data, known only at run
		// time (a request body), not a schema.
		return e.opaque(off, "the data ."+name+"() validates at run time")
	case "isOptional":
		// zod 3: this.safeParse(undefined).success, from the graph.
		if known, yes := acceptsUndefined(z0, 0); known {
			return e.r.val(value{kind: vBool, off: off, f: e.f, text: strconv.FormatBool(yes)})
		}
		return e.opaque(off, ".isOptional() of a schema whose check on undefined runs project code (a refinement, a preprocess, z.lazy) or that tscg does not model")
	case "_def.shape":
		// zod 3's X._def.shape(), the getter of an object's shape.
		return e.shapeObject(z0, off)
	case "optional":
		z := e.wrapper(z0, "ZodOptional")
		z.optional, z.defaulted = true, false
		return e.zodValue(z, off)
	case "nullable", "nullish":
		w := e.wrapper(z0, "ZodNullable")
		z := e.nullable(w)
		z.g = w.g // a union or reference made a union with null
		if name == "nullish" {
			// zod 3: this.nullable().optional().
			z = e.wrapper(z, "ZodOptional")
			z.optional = true
		}
		return e.zodValue(z, off)
	case "default", "prefault", "catch":
		z := e.wrapper(z0, map[bool]string{true: "ZodCatch", false: "ZodDefault"}[name == "catch"])
		z.optional, z.defaulted = true, true
		if name == "catch" {
			return e.zodValue(z, off)
		}
		if len(args) > 0 {
			j, ok := jsonValue(args[0])
			if !ok {
				r.diags.Errorf(args[0].f.pos(args[0].off), ".%s: expected a literal value, found %s", name, describeValue(args[0]))
			} else if v == 4 && name == "prefault" {
				z.t.Default = j
			} else {
				z.t.Default = j
			}
		}
		return e.zodValue(z, off)
	case "describe":
		z := r.clone(z0)
		switch {
		case len(args) > 0 && args[0].kind == vString:
			z.t.Description = args[0].text
		case len(args) > 0 && args[0].kind == vPartial:
			// A description with parts known only at run time keeps them
			// as placeholders naming their expressions, as a tool's does.
			for _, h := range args[0].elems {
				r.diags.Add(diag.Warnf(h.f.pos(h.off), ".describe: the description holds a value known only when the server runs (%s); tscg writes a placeholder <…> there", describeValue(h)))
			}
			z.t.Description = args[0].text
		default:
			e.errorf(off, ".describe needs a string literal")
		}
		described(z, z.t.Description)
		return e.zodValue(z, off)
	case "meta":
		return e.zodValue(e.meta(z0, args, off), off)
	case "array":
		z := r.newZod(v, ir.KindArray, e.f.pos(off))
		z.items = share(z0)
		regraph(z, z0, "ZodArray", nil)
		return e.zodValue(z, off)
	case "or":
		u := r.newZod(v, ir.KindUnion, e.f.pos(off))
		o := e.schemaArg(args, 0, v, ".or", off)
		u.variants = []*zschema{share(z0), o}
		u.optional = z0.optional || o.optional
		regraph(u, z0, "ZodUnion", u.variants)
		return e.zodValue(u, off)
	case "and":
		z := r.intersect(v, z0, e.schemaArg(args, 0, v, ".and", off), e.f.pos(off))
		regraph(z, z0, "ZodIntersection", nil)
		return e.zodValue(z, off)
	case "refine", "superRefine", "check", "transform", "pipe", "brand", "readonly", "overwrite",
		"trim", "toLowerCase", "toUpperCase", "normalize":
		return e.effect(z0, name, args, off)
	case "strict", "passthrough", "strip", "loose", "catchall", "extend", "merge", "safeExtend",
		"pick", "omit", "partial", "required", "keyof", "deepPartial":
		return e.objectMethod(recv, name, args, off)
	case "rest":
		z := e.concrete(z0)
		if z.prefix == nil {
			e.errorf(off, ".rest() is only read on z.tuple schemas")
			return e.zodValue(z0, off)
		}
		z.rest, z.t.MaxItems = e.schemaArg(args, 0, v, ".rest", off), nil
		return e.zodValue(z, off)
	case "element", "unwrap", "removeDefault", "innerType":
		return e.unwrap(z0, name, off)
	}
	if z, ok := e.check(z0, name, args, off); ok {
		return e.zodValue(z, off)
	}
	e.errorf(off, "zod method .%s() is not supported: tscg reads the zod subset tool schemas use (see the TypeScript frontend's docs)", name)
	return e.zodValue(z0, off)
}

// nullable makes z also accept null.
func (e *evaluator) nullable(z *zschema) *zschema {
	switch z.t.Kind {
	case ir.KindAny, ir.KindNull:
		return z
	case ir.KindRef, ir.KindUnion:
		// A union or reference gets null as one more variant.
		u := e.r.newZod(z.version, ir.KindUnion, z.t.Pos)
		u.variants = []*zschema{share(z), e.r.newZod(z.version, ir.KindNull, z.t.Pos)}
		u.optional, u.defaulted = z.optional, z.defaulted
		return u
	}
	z.t.Nullable = true
	return z
}

// effect handles refinements and transforms: JSON Schema cannot say what
// they do, so the schema is the input schema, with a warning.
func (e *evaluator) effect(z0 *zschema, name string, args []*value, off int) *value {
	switch name {
	case "readonly":
		if z0.version == 4 {
			z := e.r.clone(z0)
			z.t.ReadOnly = true
			return e.zodValue(z, off)
		}
		return e.zodValue(e.wrapper(z0, "ZodReadonly"), off)
	case "brand":
		return e.zodValue(e.wrapper(z0, "ZodBranded"), off)
	case "trim", "toLowerCase", "toUpperCase", "normalize", "overwrite":
		return e.zodValue(z0, off) // the input schema is unchanged, and nothing is lost
	case "pipe":
		e.warnf(off, ".pipe(): the schema describes the input of the first schema; what the pipe outputs cannot be expressed in JSON Schema")
		if z0.version == 3 && len(args) > 0 && args[0].kind == vZod {
			z := e.wrapper(z0, "ZodPipeline")
			z.g.options = []*zschema{share(args[0].z)}
			return e.zodValue(z, off)
		}
		return e.zodValue(z0, off)
	}
	e.warnf(off, ".%s() runs code that cannot be expressed in JSON Schema; the schema describes its input only", name)
	if z0.version == 3 && (name == "refine" || name == "superRefine" || name == "transform") {
		return e.zodValue(e.effects(z0, name), off)
	}
	return e.zodValue(z0, off)
}

// effects is zod 3's ZodEffects around z0: .transform() keeps the
// description, .refine() and .superRefine() do not (_refinement).
func (e *evaluator) effects(z0 *zschema, name string) *zschema {
	z := e.wrapper(z0, "ZodEffects")
	z.g.effect = "refinement"
	if name == "transform" || name == "preprocess" {
		z.g.effect = name
	}
	if name != "transform" {
		z.g.desc = ""
	}
	return z
}

// meta reads .meta({title, description, examples, …}) (zod 4).
func (e *evaluator) meta(z0 *zschema, args []*value, off int) *zschema {
	z := e.r.clone(z0)
	if len(args) == 0 || args[0].kind != vObject {
		e.errorf(off, ".meta needs an object literal")
		return z
	}
	for _, p := range args[0].props {
		switch p.key {
		case "title", "description":
			if p.v.kind != vString {
				e.r.diags.Errorf(p.v.f.pos(p.v.off), ".meta %s: expected a string literal, found %s", p.key, describeValue(p.v))
				continue
			}
			if p.key == "title" {
				z.t.Title = p.v.text
			} else {
				z.t.Description = p.v.text
			}
		case "examples":
			if p.v.kind != vArray {
				e.r.diags.Errorf(p.v.f.pos(p.v.off), ".meta examples: expected an array literal, found %s", describeValue(p.v))
				continue
			}
			z.t.Examples = nil
			for _, x := range p.v.elems {
				if j, ok := jsonValue(x); ok {
					z.t.Examples = append(z.t.Examples, j)
				} else {
					e.r.diags.Errorf(x.f.pos(x.off), ".meta example: expected a literal value, found %s", describeValue(x))
				}
			}
		case "deprecated":
			z.t.Deprecated = p.v.kind == vBool && p.v.text == "true"
		case "id":
			// zod moves schemas with an id to $defs; tscg's names come from constants.
		default:
			j, ok := jsonValue(p.v)
			if !ok {
				e.r.diags.Errorf(p.v.f.pos(p.v.off), ".meta %s: expected a literal value, found %s", p.key, describeValue(p.v))
				continue
			}
			z.t.Extra = append(append([]ir.Keyword(nil), z.t.Extra...), ir.Keyword{Name: p.key, Value: j})
		}
	}
	return z
}

func (e *evaluator) unwrap(z0 *zschema, name string, off int) *value {
	if g := z0.g; g != nil && g.inner != nil && (name == "unwrap" && (g.typeName == "ZodOptional" || g.typeName == "ZodNullable" || g.typeName == "ZodBranded") ||
		name == "removeDefault" && g.typeName == "ZodDefault" || name == "innerType" && g.typeName == "ZodEffects") {
		// zod 3 returns the wrapped object itself.
		return e.zodValue(g.inner, off)
	}
	z1 := e.concrete(z0)
	switch {
	case name == "element" && z1.items != nil:
		return e.zodValue(z1.items, off)
	case name != "element":
		z := e.r.clone(z0)
		z.optional, z.defaulted, z.t.Nullable, z.t.Default = false, false, false, nil
		return e.zodValue(z, off)
	}
	e.errorf(off, ".%s() is only read on arrays", name)
	return e.zodValue(z0, off)
}

// concrete returns a copy of z whose IR is the schema itself, not a
// reference to the constant holding it, so that checks can change it.
func (e *evaluator) concrete(z0 *zschema) *zschema {
	if c := z0.ref; c != nil && c.state == constDone && c.val.kind == vZod {
		z := e.r.clone(c.val.z)
		z.optional, z.defaulted = z0.optional, z0.defaulted
		if z0.t.Description != "" {
			z.t.Description = z0.t.Description
		}
		return z
	}
	return e.r.clone(z0)
}

// check applies the validation methods: length, range, format, pattern.
func (e *evaluator) check(z0 *zschema, name string, args []*value, off int) (*zschema, bool) {
	z := e.concrete(z0)
	t := z.t
	num := func() (*ir.Number, bool) {
		if len(args) == 0 {
			e.errorf(off, ".%s needs a number literal", name)
			return nil, false
		}
		if args[0].kind != vNumber {
			e.r.diags.Errorf(args[0].f.pos(args[0].off), ".%s needs a number literal, found %s", name, describeValue(args[0]))
			return nil, false
		}
		return ir.Num(args[0].text), true
	}
	count := func() (*int64, bool) {
		n, ok := num()
		if !ok {
			return nil, false
		}
		f, _ := numberValue(string(*n))
		return ir.Int64(int64(f)), true
	}
	isString, isArray := t.Kind == ir.KindString, t.Kind == ir.KindArray
	isNum := t.Kind == ir.KindNumber || t.Kind == ir.KindInteger
	switch {
	case (name == "min" || name == "max" || name == "length") && (isString || isArray):
		n, ok := count()
		if !ok {
			return z, true
		}
		lo, hi := &t.MinLength, &t.MaxLength
		if isArray {
			lo, hi = &t.MinItems, &t.MaxItems
		}
		if name != "max" {
			*lo = n
		}
		if name != "min" {
			*hi = n
		}
	case name == "nonempty" && (isString || isArray):
		if isArray {
			t.MinItems = ir.Int64(1)
		} else {
			t.MinLength = ir.Int64(1)
		}
	case isNum && (name == "min" || name == "gte"):
		n, _ := num()
		bound(&t.Minimum, n, 1, z.version)
	case isNum && (name == "max" || name == "lte"):
		n, _ := num()
		bound(&t.Maximum, n, -1, z.version)
	case isNum && name == "gt":
		n, _ := num()
		bound(&t.ExclusiveMinimum, n, 1, z.version)
	case isNum && name == "lt":
		n, _ := num()
		bound(&t.ExclusiveMaximum, n, -1, z.version)
	case isNum && name == "positive":
		bound(&t.ExclusiveMinimum, ir.Num("0"), 1, z.version)
	case isNum && name == "nonnegative":
		bound(&t.Minimum, ir.Num("0"), 1, z.version)
	case isNum && name == "negative":
		bound(&t.ExclusiveMaximum, ir.Num("0"), -1, z.version)
	case isNum && name == "nonpositive":
		bound(&t.Maximum, ir.Num("0"), -1, z.version)
	case isNum && (name == "multipleOf" || name == "step"):
		t.MultipleOf, _ = num()
	case isNum && (name == "int" || name == "safe"):
		t.Kind = ir.KindInteger
	case isNum && name == "finite":
	case isString:
		return z, e.stringCheck(z, name, args, off)
	default:
		return z0, false
	}
	if isNum && z.version == 4 {
		tighter(&t.Minimum, &t.ExclusiveMinimum, 1)
		tighter(&t.Maximum, &t.ExclusiveMaximum, -1)
	}
	e.intBounds(z)
	return z, true
}

// bound sets one bound keyword: zod-to-json-schema (zod 3) writes the
// last check's value, zod 4 the tightest (dir 1 for lower bounds, -1
// for upper).
func bound(dst **ir.Number, n *ir.Number, dir float64, version int) {
	if n == nil {
		return
	}
	if version == 4 && *dst != nil {
		a, _ := numberValue(string(**dst))
		b, _ := numberValue(string(*n))
		if dir*b <= dir*a {
			return
		}
	}
	*dst = n
}

// tighter keeps, of an inclusive and an exclusive bound on one side,
// the one that excludes more (zod 4's toJSONSchema; the exclusive one on
// a tie). zod-to-json-schema (zod 3) writes each check's keyword, so
// both stay. dir is 1 for lower bounds, -1 for upper.
func tighter(incl, excl **ir.Number, dir float64) {
	if *incl == nil || *excl == nil {
		return
	}
	a, _ := numberValue(string(**incl))
	b, _ := numberValue(string(**excl))
	if dir*b >= dir*a {
		*incl = nil
	} else {
		*excl = nil
	}
}

// intBounds keeps zod 4's safe-integer bounds where no check set one.
func (e *evaluator) intBounds(z *zschema) {
	t := z.t
	if z.version != 4 || t.Kind != ir.KindInteger {
		return
	}
	if t.Minimum == nil && t.ExclusiveMinimum == nil {
		t.Minimum = ir.Num("-" + maxSafeInteger)
	}
	if t.Maximum == nil && t.ExclusiveMaximum == nil {
		t.Maximum = ir.Num(maxSafeInteger)
	}
}

// zod4Patterns are the patterns zod 4's JSON Schema output gives formats
// (zod/v4/core/regexes.js); date-time and time are built by
// zodDateTimePattern and zodTimeSource from their options.
var zod4Patterns = map[string]string{
	"email": `^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`,
	"uuid":  `^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$`,
	"date":  "^" + zodDateSource + "$",
	// Lookaheads: the runtime matches it with its ECMAScript engine.
	"duration": `^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$`,
}

const (
	zodDateSource = `(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))`
	zodHHMM       = `(?:[01]\d|2[0-3]):[0-5]\d`
	zodOffset     = `([+-](?:[01]\d|2[0-3]):[0-5]\d)`
)

// zodTimeOptions are the options of zod's .datetime() and .time():
// precision (nil: any number of fraction digits, -1: minutes only),
// offset (±hh:mm allowed besides Z) and local (no zone at all).
type zodTimeOptions struct {
	precision     *int
	offset, local bool
}

// zodTimeSource is zod 4's timeSource: seconds are required when the
// time carries a zone (RFC 3339), optional otherwise.
func zodTimeSource(o zodTimeOptions, seconds bool) string {
	if p := o.precision; p != nil {
		switch *p {
		case -1:
			return zodHHMM
		case 0:
			return zodHHMM + `:[0-5]\d`
		default:
			return zodHHMM + `:[0-5]\d\.\d{` + strconv.Itoa(*p) + `}`
		}
	}
	if seconds {
		return zodHHMM + `:[0-5]\d(?:\.\d+)?`
	}
	return zodHHMM + `(?::[0-5]\d(?:\.\d+)?)?`
}

// zodDateTimePattern is zod 4's datetime regex for the options.
func zodDateTimePattern(o zodTimeOptions) string {
	zones := "Z"
	if o.offset {
		zones += "|" + zodOffset
	}
	t := zodTimeSource(o, true) + "(?:" + zones + ")"
	if o.local {
		t += "|" + zodTimeSource(o, false)
	}
	return "^" + zodDateSource + "T(?:" + t + ")$"
}

// timeOptions reads the options object of .datetime() or .time(); keys
// that only change zod's error messages are ignored.
func (e *evaluator) timeOptions(method string, args []*value, off int) zodTimeOptions {
	var o zodTimeOptions
	if len(args) == 0 || args[0].kind == vUndefined {
		return o
	}
	if args[0].kind != vObject {
		e.errorf(off, ".%s options must be an object literal", method)
		return o
	}
	for _, p := range args[0].props {
		switch p.key {
		case "offset", "local":
			if p.v.kind != vBool {
				e.r.diags.Errorf(e.f.pos(p.off), ".%s option %s must be true or false", method, p.key)
				continue
			}
			if p.key == "offset" {
				o.offset = p.v.text == "true"
			} else {
				o.local = p.v.text == "true"
			}
		case "precision":
			n, err := strconv.Atoi(p.v.text)
			if p.v.kind == vNull {
				continue
			}
			if p.v.kind != vNumber || err != nil || n < -1 {
				e.r.diags.Errorf(e.f.pos(p.off), ".%s option precision must be an integer of at least -1", method)
				continue
			}
			o.precision = &n
		case "message", "error", "abort":
		default:
			e.r.diags.Errorf(e.f.pos(p.off), ".%s option %q is not supported (offset, local and precision are)", method, p.key)
		}
	}
	if method == "time" && (o.offset || o.local) {
		e.errorf(off, ".time takes only precision; offset and local are .datetime options")
	}
	return o
}

func (e *evaluator) stringCheck(z *zschema, name string, args []*value, off int) bool {
	t := z.t
	format := ""
	switch name {
	case "email", "uuid", "date":
		format = name
	case "url":
		format = "uri"
	case "datetime":
		// zod-to-json-schema (zod 3) writes the format whatever the
		// options; zod 4 writes the pattern they give, and no format
		// for local times, which RFC 3339's date-time does not allow.
		o := e.timeOptions(name, args, off)
		if z.version == 4 {
			if !o.local {
				t.Format = "date-time"
			}
			e.addPattern(t, zodDateTimePattern(o))
			return true
		}
		format = "date-time"
	case "time":
		// zod 4 writes the pattern only; zod-to-json-schema the format.
		o := e.timeOptions(name, args, off)
		if z.version == 4 {
			e.addPattern(t, "^"+zodTimeSource(o, false)+"$")
			return true
		}
		format = "time"
	case "duration":
		format = "duration"
	case "regex":
		if len(args) == 0 || args[0].kind != vRegex {
			e.errorf(off, ".regex needs a regular expression literal")
			return true
		}
		if args[0].flags != "" {
			e.warnf(off, ".regex flags %q cannot be expressed in JSON Schema; the pattern is kept without them", args[0].flags)
		}
		e.addPattern(t, args[0].text)
		return true
	case "startsWith", "endsWith":
		if len(args) == 0 || args[0].kind != vString {
			e.errorf(off, ".%s needs a string literal", name)
			return true
		}
		s := regexpQuote(args[0].text, z.version)
		if name == "startsWith" {
			s = "^" + s
			if z.version == 4 {
				s += ".*"
			}
		} else {
			s += "$"
			if z.version == 4 {
				s = ".*" + s
			}
		}
		e.addPattern(t, s)
		return true
	default:
		return false
	}
	t.Format = format
	if z.version == 4 {
		if p, ok := zod4Patterns[format]; ok {
			e.addPattern(t, p)
		}
	}
	return true
}

// addPattern adds a pattern: the first is "pattern", more go to allOf.
func (e *evaluator) addPattern(t *ir.Type, p string) {
	if t.Pattern == "" {
		t.Pattern = p
		return
	}
	pt := e.r.newType(ir.KindAny, t.Pos)
	pt.Pattern = p
	t.AllOf = append(append([]*ir.Type(nil), t.AllOf...), pt)
}

// regexpQuote escapes s the way the converters escape startsWith and
// endsWith text: zod 4 the regexp metacharacters, zod-to-json-schema
// every character that is not a letter or digit.
func regexpQuote(s string, v int) string {
	var b strings.Builder
	for _, c := range s {
		alnum := c < 128 && (isLetter(byte(c)) || isDigit(byte(c)))
		if v == 3 && !alnum || v == 4 && strings.ContainsRune(`.*+?^${}()|[]\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
