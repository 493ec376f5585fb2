package python

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/lazyre"
	"github.com/tscg/tscg/internal/orderedjson"
)

// agnoListing is what agno (2.x: tools/decorator.py's @tool and
// Function.process_entrypoint in tools/function.py, strict=False) sends
// the model for an @tool function, Function.to_dict(): the decorator's
// description or the docstring's short and long descriptions joined by
// one newline (docstring_parser), and utils/json_schema.py's
// get_json_schema of the type hints: no titles, no defaults, open
// objects, a parameter's description its docstring entry ("(type) text"
// where the entry names a type), required those without a default. A
// type agno renders in a way tscg does not model (models, dataclasses,
// enums, a ReST or NumPy docstring) is an error: the tool then keeps
// tscg's reading, with a warning.
func (l *loader) agnoListing(s *source, f *funcDef, d *expr, t *ir.Tool) (*ir.Listing, error) {
	ls := &ir.Listing{Framework: listingAgno.String(), EmptyDescription: true}
	doc := ""
	if f.doc != nil {
		doc = cleandoc(f.doc.text)
	}
	desc, args, err := agnoDocstring(doc)
	if err != nil {
		return nil, err
	}
	ls.Description = desc
	if d.kind == exCall && d.kw("description") != nil {
		ls.Description = t.Description
	}
	published := map[string]bool{}
	if root, err := openSchema(t.Params); err == nil {
		if props := root.Obj("properties"); props != nil {
			for _, k := range props.Keys() {
				published[k] = true
			}
		}
	}
	props := orderedjson.NewObject()
	required := []any{}
	for _, p := range f.params {
		if !published[p.name] || p.kind == "var_positional" || p.kind == "var_keyword" {
			continue
		}
		schema := orderedjson.NewObject()
		if p.ann != nil {
			if schema, err = l.agnoTopArg(s, p.ann); err != nil {
				return nil, fmt.Errorf("parameter %s: %w", p.name, err)
			}
		}
		if a, ok := args[p.name]; ok && a != "" {
			schema.Set("description", a)
		}
		props.Set(p.name, schema)
		if p.def == nil {
			required = append(required, p.name)
		}
	}
	ls.InputSchema = orderedjson.Compact(orderedjson.NewObject().Set("type", "object").Set("properties", props).Set("required", required))
	return ls, nil
}

// agnoTopArg is get_json_schema's reading of one type hint: typing's
// Optional[X] (a Union of two, one None) is X; `X | None` is not.
func (l *loader) agnoTopArg(s *source, e *expr) (*jsonObj, error) {
	if e.kind == exSubscript {
		switch l.canonical(s, e.x) {
		case "Optional":
			if len(e.args) == 1 {
				return l.agnoArg(s, e.args[0], 0)
			}
		case "Union":
			if len(e.args) == 2 && (isNone(e.args[0]) || isNone(e.args[1])) {
				if isNone(e.args[0]) {
					return l.agnoArg(s, e.args[1], 0)
				}
				return l.agnoArg(s, e.args[0], 0)
			}
		}
	}
	return l.agnoArg(s, e, 0)
}

func isNone(e *expr) bool { return e.kind == exConst && e.value == "None" }

// agnoScalars is json_schema.py's get_json_type_for_py_type, by the
// type's __name__; any other name is "object".
var agnoScalars = map[string]string{"int": "integer", "float": "number", "complex": "number", "Decimal": "number",
	"str": "string", "bool": "boolean", "NoneType": "null", "list": "array", "tuple": "array", "set": "array",
	"frozenset": "array", "dict": "object"}

// agnoSequences are the origins get_json_schema_for_arg reads as arrays.
var agnoSequences = map[string]bool{"list": true, "List": true, "tuple": true, "Tuple": true, "set": true, "Set": true,
	"frozenset": true, "FrozenSet": true}

// agnoArg is json_schema.py's get_json_schema_for_arg.
func (l *loader) agnoArg(s *source, e *expr, depth int) (*jsonObj, error) {
	if depth > 20 {
		return nil, fmt.Errorf("type %s nests too deeply", l.text(s, e))
	}
	obj := func(kv ...any) *jsonObj {
		o := orderedjson.NewObject()
		for i := 0; i+1 < len(kv); i += 2 {
			o.Set(kv[i].(string), kv[i+1])
		}
		return o
	}
	switch e.kind {
	case exConst:
		if e.value == "None" {
			return obj("type", "null"), nil
		}
	case exOr:
		var any_ []any
		for _, a := range flattenOr(e) {
			x, err := l.agnoArg(s, a, depth+1)
			if err != nil {
				return nil, err
			}
			any_ = append(any_, x)
		}
		return obj("anyOf", any_), nil
	case exName, exAttr:
		tg, _ := l.lookup(s, e.dotted())
		if tg.cls != nil || tg.alias != nil {
			return nil, fmt.Errorf("agno's schema of %s (a class or alias of the project) is not modelled", l.text(s, e))
		}
		name := tg.builtin
		switch name {
		case "dict", "Dict":
			if name == "dict" {
				return obj("type", "object", "additionalProperties", true), nil
			}
			return obj("type", "object", "propertyNames", obj("type", "string"), "additionalProperties", obj("type", "string")), nil
		case "List", "Tuple", "Set", "FrozenSet":
			return obj("type", "array", "items", obj("type", "string")), nil
		case "Any":
			return obj("type", "object", "properties", orderedjson.NewObject(), "additionalProperties", false), nil
		}
		if ty, ok := agnoScalars[name]; ok {
			return obj("type", ty), nil
		}
		return nil, fmt.Errorf("agno's schema of %s is not modelled", l.text(s, e))
	case exSubscript:
		name := l.canonical(s, e.x)
		args := e.args
		switch {
		case name == "Literal":
			return l.agnoLiteral(s, e)
		case agnoSequences[name]:
			items := obj("type", "string")
			if len(args) > 0 {
				var err error
				if items, err = l.agnoArg(s, args[0], depth+1); err != nil {
					return nil, err
				}
			}
			return obj("type", "array", "items", items), nil
		case name == "dict" || name == "Dict":
			if len(args) != 2 {
				break
			}
			k, err := l.agnoArg(s, args[0], depth+1)
			if err != nil {
				return nil, err
			}
			v, err := l.agnoArg(s, args[1], depth+1)
			if err != nil {
				return nil, err
			}
			return obj("type", "object", "propertyNames", k, "additionalProperties", v), nil
		case name == "Optional" && len(args) == 1:
			x, err := l.agnoArg(s, args[0], depth+1)
			if err != nil {
				return nil, err
			}
			return obj("anyOf", []any{x, obj("type", "null")}), nil
		case name == "Union":
			var any_ []any
			for _, a := range args {
				x, err := l.agnoArg(s, a, depth+1)
				if err != nil {
					return nil, err
				}
				any_ = append(any_, x)
			}
			return obj("anyOf", any_), nil
		case name == "Annotated" && len(args) >= 1:
			return l.agnoArg(s, args[0], depth) // get_type_hints drops the metadata
		}
	}
	return nil, fmt.Errorf("agno's schema of %s is not modelled", l.text(s, e))
}

// flattenOr lists the members of a | b | c.
func flattenOr(e *expr) []*expr {
	if e.kind != exOr {
		return []*expr{e}
	}
	return append(flattenOr(e.args[0]), flattenOr(e.args[1])...)
}

// agnoLiteral is get_json_schema_for_arg's Literal: the values' common
// JSON type (bool before int) and the enum.
func (l *loader) agnoLiteral(s *source, e *expr) (*jsonObj, error) {
	var vals []any
	kinds := map[string]bool{}
	for _, a := range e.args {
		v, ok := l.goValue(s, a)
		if !ok {
			return nil, fmt.Errorf("Literal value %s is not a constant", l.text(s, a))
		}
		vals = append(vals, v)
		kinds[jsonTypeOf(v)] = true
	}
	o := orderedjson.NewObject()
	switch {
	case len(vals) == 0:
		return o.Set("type", "string"), nil
	case len(kinds) == 1 && (kinds["string"] || kinds["boolean"] || kinds["integer"]):
		for k := range kinds {
			o.Set("type", k)
		}
	case len(kinds) <= 2 && !kinds["string"] && !kinds["boolean"] && !kinds["null"] && !kinds["array"] && !kinds["object"]:
		o.Set("type", "number")
	}
	return o.Set("enum", vals), nil
}

// agnoSectionTitles is docstring_parser's GoogleParser.titles_re over its
// DEFAULT_SECTIONS.
var agnoSectionTitles = lazyre.New(`(?m)^(Arguments|Args|Parameters|Params|Raises|Exceptions|Except|Attributes|Example|Examples|Returns|Yields):[ \t\r\f\v]*$`)

// agnoParamSections are the sections whose entries are parameters.
var agnoParamSections = map[string]bool{"Arguments": true, "Args": true, "Parameters": true, "Params": true}

var (
	agnoTypedArg    = lazyre.New(`^\s*(.+?)\s*\(\s*(.*[^\s]+)\s*\)`)
	agnoUnknownMeta = lazyre.New(`\n\S`)
	agnoOtherStyle  = lazyre.New(`(?m)^(:\w|-{3,}\s*$|@param)`)
)

// agnoDocstring is docstring_parser.parse of a cleaned docstring as agno
// reads it: the description (short and long joined by one newline,
// get_entrypoint_docstring) and each Google Args entry as agno writes it
// into the parameter's description. Only the Google style and plain
// docstrings are modelled (parse picks the style with the most entries).
func agnoDocstring(doc string) (string, map[string]string, error) {
	args := map[string]string{}
	if doc == "" {
		return "", args, nil
	}
	if agnoOtherStyle.Get().MatchString(doc) {
		return "", nil, fmt.Errorf("agno reads the docstring with docstring_parser, whose ReST, NumPy and Epydoc styles tscg does not model")
	}
	descChunk, meta := doc, ""
	if m := agnoSectionTitles.Get().FindStringIndex(doc); m != nil {
		descChunk, meta = doc[:m[0]], doc[m[0]:]
	}
	short, long, _ := strings.Cut(descChunk, "\n")
	desc := short
	if long = strings.TrimSpace(long); long != "" {
		desc += "\n" + long
	}
	titles := agnoSectionTitles.Get().FindAllStringSubmatchIndex(meta, -1)
	for i, m := range titles {
		title := meta[m[2]:m[3]]
		end := len(meta)
		if i+1 < len(titles) {
			end = titles[i+1][0]
		}
		if !agnoParamSections[title] {
			continue
		}
		chunk := meta[m[1]:end]
		if u := agnoUnknownMeta.Get().FindStringIndex(chunk); u != nil {
			chunk = chunk[:u[0]]
		}
		chunk = strings.Trim(chunk, "\n")
		indent := chunk[:len(chunk)-len(strings.TrimLeft(chunk, " \t\r\f\v\n"))]
		entry := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(indent) + `\S`)
		starts := entry.FindAllStringIndex(chunk, -1)
		for j, st := range starts {
			e := len(chunk)
			if j+1 < len(starts) {
				e = starts[j+1][0]
			}
			name, typ, text, ok := agnoParam(strings.Trim(chunk[st[0]+len(indent):e], "\n"))
			if !ok {
				return "", nil, fmt.Errorf("docstring_parser raises on the Args entry %q (no colon)", strings.TrimSpace(chunk[st[0]:e]))
			}
			if typ != "" {
				text = "(" + typ + ") " + text
			}
			args[name] = text
		}
	}
	return desc, args, nil
}

// agnoParam is GoogleParser._build_meta of one Args entry: name, type
// and description.
func agnoParam(text string) (name, typ, desc string, ok bool) {
	before, desc, ok := strings.Cut(text, ":")
	if !ok {
		return "", "", "", false
	}
	if first, rest, multi := strings.Cut(before, "\n"); multi {
		before = first + cleandoc(rest)
	}
	if desc != "" {
		desc = strings.TrimPrefix(desc, " ")
		if first, rest, multi := strings.Cut(desc, "\n"); multi {
			desc = first + "\n" + cleandoc(rest)
		}
		desc = strings.Trim(desc, "\n")
	}
	name = before
	if m := agnoTypedArg.Get().FindStringSubmatch(before); m != nil {
		name, typ = m[1], m[2]
		if strings.HasSuffix(typ, ", optional") {
			typ = strings.TrimSuffix(typ, ", optional")
		} else {
			typ = strings.TrimSuffix(typ, "?")
		}
	}
	return name, typ, desc, true
}
