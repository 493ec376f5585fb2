package runtime

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// reflector infers JSON Schemas from Go types with the rules of tscg's Go
// frontend, so runtime.Func and a compiled tool agree on the schema of
// the same struct. Types are inlined at each use; a type that contains
// itself goes to "$defs" and is referenced with "$ref".
type reflector struct {
	defs      map[string]any
	names     map[reflect.Type]string
	used      map[string]bool
	converted map[reflect.Type]bool // on the current path
	recursive map[reflect.Type]bool // referenced from inside itself
}

func newReflector() *reflector {
	return &reflector{defs: map[string]any{}, names: map[reflect.Type]string{}, used: map[string]bool{},
		converted: map[reflect.Type]bool{}, recursive: map[reflect.Type]bool{}}
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// schema converts t. A pointer is its element: by itself it makes a value
// neither optional nor nullable (`jsonschema:"nullable"` does).
func (r *reflector) schema(t reflect.Type) map[string]any {
	for range 32 {
		if t.Kind() != reflect.Pointer {
			break
		}
		t = t.Elem()
	}
	if t.Kind() == reflect.Pointer {
		return map[string]any{} // a pointer type that points to itself
	}
	if s := special(t); s != nil {
		return s
	}
	if t.Name() == "" || !composite(t.Kind()) {
		return r.body(t)
	}
	if name, ok := r.names[t]; ok && r.defs[name] != nil {
		return map[string]any{"$ref": "#/$defs/" + name}
	}
	if r.converted[t] {
		r.recursive[t] = true
		return map[string]any{"$ref": "#/$defs/" + r.defName(t)}
	}
	r.converted[t] = true
	s := r.body(t)
	delete(r.converted, t)
	if !r.recursive[t] {
		return s
	}
	r.defs[r.defName(t)] = s
	return map[string]any{"$ref": "#/$defs/" + r.defName(t)}
}

// composite kinds are those a named type can recurse through.
func composite(k reflect.Kind) bool {
	switch k {
	case reflect.Struct, reflect.Slice, reflect.Array, reflect.Map:
		return true
	}
	return false
}

// special maps the standard library types whose JSON encoding is not
// what their Go structure says, and named types with their own encoding,
// as the Go frontend does.
func special(t reflect.Type) map[string]any {
	if t.Name() == "" {
		return nil
	}
	switch t.PkgPath() + "." + t.Name() {
	case "time.Time":
		return map[string]any{"type": "string", "format": "date-time"}
	case "time.Duration":
		return map[string]any{"type": "integer"} // nanoseconds, as encoding/json writes it
	case "encoding/json.RawMessage":
		return map[string]any{}
	case "encoding/json.Number":
		return map[string]any{"type": "number"}
	case "net/url.URL":
		return map[string]any{"type": "string", "format": "uri"}
	}
	switch {
	case implements(t, marshalerType):
		return map[string]any{} // its own MarshalJSON: any value
	case implements(t, textMarshalerType):
		return map[string]any{"type": "string"}
	}
	return nil
}

func implements(t, iface reflect.Type) bool {
	return t.Implements(iface) || reflect.PointerTo(t).Implements(iface)
}

func (r *reflector) body(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return map[string]any{"type": "integer", "minimum": json.Number("0")}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice:
		if bytesAsBase64(t) {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		return map[string]any{"type": "array", "items": r.schema(t.Elem())}
	case reflect.Array:
		n := int64(t.Len())
		return map[string]any{"type": "array", "items": r.schema(t.Elem()), "minItems": n, "maxItems": n}
	case reflect.Map:
		return r.mapSchema(t)
	case reflect.Struct:
		return r.structSchema(t)
	}
	// any, other interfaces, and what JSON cannot encode (channels,
	// functions, complex numbers) accept anything: Func cannot fail.
	return map[string]any{}
}

// bytesAsBase64 reports whether encoding/json writes the slice t as a
// base64 string: a slice of a uint8 kind without its own marshalers.
func bytesAsBase64(t reflect.Type) bool {
	e := t.Elem()
	if e.Kind() != reflect.Uint8 {
		return false
	}
	p := reflect.PointerTo(e)
	return !p.Implements(marshalerType) && !p.Implements(textMarshalerType)
}

// mapSchema: keys are strings in JSON; encoding/json writes integer keys
// as decimal strings, so those are constrained to look like integers.
func (r *reflector) mapSchema(t reflect.Type) map[string]any {
	s := map[string]any{"type": "object"}
	if e := t.Elem(); e.Kind() != reflect.Interface || e.NumMethod() != 0 {
		s["additionalProperties"] = r.schema(e)
	}
	k := t.Key()
	switch {
	case k.Kind() == reflect.String, implements(k, textMarshalerType):
	case k.Kind() >= reflect.Int && k.Kind() <= reflect.Uintptr:
		s["propertyNames"] = map[string]any{"pattern": "^-?[0-9]+$"}
	}
	return s
}

// structSchema builds a closed object of the fields encoding/json
// encodes; a field is required unless its json tag has omitempty or
// omitzero, or its jsonschema tag says required.
func (r *reflector) structSchema(t reflect.Type) map[string]any {
	props := map[string]any{}
	required := []string{} // always present, as before: providers' strict modes want it
	for _, f := range jsonFields(t) {
		st := parseSchemaTag(f.sf.Tag.Get("jsonschema"))
		props[f.name] = r.property(f, st)
		if !f.json.Optional || st.Required {
			required = append(required, f.name)
		}
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

// property converts one field: its type, the ,string option, its
// description, its tags, then nullability.
func (r *reflector) property(f jsonField, st schemaTag) map[string]any {
	s := r.schema(f.sf.Type)
	if k := kindOf(s); f.json.String && (k == "integer" || k == "number" || k == "boolean") {
		s = map[string]any{"type": "string"}
	}
	if d := fieldDescription(f.sf.Tag, st); d != "" {
		s["description"] = d
	}
	s = applyFieldTag(s, st, f.sf.Tag.Get("jsonschema_extras"))
	if st.Nullable {
		s = nullable(s)
	}
	return s
}

// fieldDescription follows invopop's precedence: jsonschema_description,
// then the tag's description=, then a prose tag, then `description:"…"`.
// (The frontend then falls back to the doc comment, which reflection
// cannot see.)
func fieldDescription(tag reflect.StructTag, st schemaTag) string {
	if d := tag.Get("jsonschema_description"); d != "" {
		return d
	}
	for _, p := range st.Pairs {
		if p.Key == "description" {
			return p.Value
		}
	}
	if st.Description != "" {
		return st.Description
	}
	return tag.Get("description")
}

// defName names a recursive type in $defs: its Go name without package
// paths, type arguments joined with "_" (Page[pkg.Item] → Page_Item), as
// the Go frontend names it; distinct types of one name get a suffix.
func (r *reflector) defName(t reflect.Type) string {
	if name, ok := r.names[t]; ok {
		return name
	}
	base := defBase(t.Name())
	name := base
	for i := 2; r.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	r.used[name] = true
	r.names[t] = name
	return name
}

func defBase(name string) string {
	head, args, generic := strings.Cut(name, "[")
	if !generic {
		return name
	}
	args = strings.TrimSuffix(args, "]")
	// Drop package paths: keep what follows the last "." of each word.
	var b strings.Builder
	word := 0
	for i := 0; i <= len(args); i++ {
		if i == len(args) || strings.ContainsRune("[]*, ", rune(args[i])) {
			w := args[word:i]
			if j := strings.LastIndexByte(w, '.'); j >= 0 {
				w = w[j+1:]
			}
			b.WriteString(w)
			if i < len(args) {
				b.WriteByte(args[i])
			}
			word = i + 1
		}
	}
	r := strings.NewReplacer("[]", "List", "*", "", "[", "_", "]", "", ",", "_", " ", "")
	return head + "_" + r.Replace(b.String())
}
