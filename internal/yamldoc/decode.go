package yamldoc

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/goccy/go-yaml/ast"
)

// Decode decodes n strictly into the value v points to and returns every
// problem, each at its node. where names n's place in the file for the
// messages ("lint", "serve.tools.fetch"); "" is the top level.
//
// A struct field is read from the key its `yaml:"name"` tag gives
// (untagged fields and `yaml:"-"` are never read); any other key is an
// error listing the struct's keys. A field's `valid` tag adds checks,
// separated by commas: nonempty (a string or list), min=N and max=N (a
// number, or a list's length), enum=a|b|c (a scalar), required (the key
// must be present), scalar (a string field also takes a number or bool,
// as written: draft: 7 is "7"). Supported kinds: structs, pointers,
// map[string]T, slices, strings, bools, integers, floats and
// time.Duration (written as "30s").
func Decode(n ast.Node, v any, where string) Errors {
	d := &decoder{}
	d.value(n, reflect.ValueOf(v).Elem(), where)
	return d.errs
}

type decoder struct{ errs Errors }

func (d *decoder) errorf(n ast.Node, where, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if where != "" {
		msg = where + ": " + msg
	}
	l, c := Pos(n)
	d.errs = append(d.errs, &Error{Line: l, Col: c, Msg: msg})
}

var durationType = reflect.TypeFor[time.Duration]()

func (d *decoder) value(n ast.Node, v reflect.Value, where string) {
	n = unwrap(n)
	if _, null := n.(*ast.NullNode); null || n == nil {
		return // absent: the zero value (defaults are the caller's)
	}
	if v.Type() == durationType {
		d.duration(n, v, where)
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		d.value(n, v.Elem(), where)
	case reflect.Struct:
		d.structure(n, v, where)
	case reflect.Map:
		d.mapping(n, v, where)
	case reflect.Slice:
		d.sequence(n, v, where)
	case reflect.String:
		if _, ok := n.(*ast.StringNode); !ok && n.Type() != ast.LiteralType {
			d.errorf(n, where, "want a string, got %s", describe(n))
			return
		}
		v.SetString(scalarText(n))
	case reflect.Bool:
		b, ok := n.(*ast.BoolNode)
		if !ok {
			d.errorf(n, where, "want true or false, got %s", describe(n))
			return
		}
		v.SetBool(b.Value)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		d.integer(n, v, where)
	case reflect.Float32, reflect.Float64:
		switch x := n.(type) {
		case *ast.IntegerNode:
			f, _ := strconv.ParseFloat(fmt.Sprint(x.Value), 64)
			v.SetFloat(f)
		case *ast.FloatNode:
			v.SetFloat(x.Value)
		default:
			d.errorf(n, where, "want a number, got %s", describe(n))
		}
	default:
		panic(fmt.Sprintf("yamldoc: cannot decode into %s", v.Type())) // a programming error
	}
}

func (d *decoder) integer(n ast.Node, v reflect.Value, where string) {
	x, ok := n.(*ast.IntegerNode)
	if !ok {
		d.errorf(n, where, "want an integer, got %s", describe(n))
		return
	}
	var i int64
	switch n := x.Value.(type) {
	case int64:
		i = n
	case uint64:
		i = int64(n)
		if n > math.MaxInt64 {
			i = -1 // reported as out of range below
			ok = false
		}
	}
	if !ok || v.OverflowInt(i) {
		d.errorf(n, where, "integer %s out of range", scalarText(n))
		return
	}
	v.SetInt(i)
}

func (d *decoder) duration(n ast.Node, v reflect.Value, where string) {
	if _, ok := n.(*ast.StringNode); !ok {
		d.errorf(n, where, "want a duration such as 30s or 1m30s, got %s", describe(n))
		return
	}
	t, err := time.ParseDuration(scalarText(n))
	if err != nil {
		d.errorf(n, where, "want a duration such as 30s or 1m30s, got %q", scalarText(n))
		return
	}
	v.SetInt(int64(t))
}

func (d *decoder) structure(n ast.Node, v reflect.Value, where string) {
	entries, ok := Mapping(n)
	if !ok {
		d.errorf(n, where, "want a mapping, got %s", describe(n))
		return
	}
	ti := infoOf(v.Type())
	fields := ti.fields
	seen := map[string]bool{}
	for _, e := range entries {
		f, ok := fields[e.Key]
		if !ok {
			d.errorf(e.KeyAt, "", "unknown key %q%s (valid keys: %s)", e.Key, in(where), strings.Join(ti.keys, ", "))
			continue
		}
		if seen[e.Key] {
			d.errorf(e.KeyAt, "", "duplicate key %q%s", e.Key, in(where))
			continue
		}
		seen[e.Key] = true
		fv := v.FieldByIndex(f.index)
		if sc, ok := unwrap(e.Value).(ast.ScalarNode); ok && fv.Kind() == reflect.String && slices.Contains(f.rules, "scalar") && sc.Type() != ast.NullType {
			fv.SetString(scalarText(sc)) // draft: 7 and draft: "7" alike
			d.check(valueOrKey(e), fv, f.rules, join(where, e.Key))
		} else {
			before := len(d.errs)
			d.value(e.Value, fv, join(where, e.Key))
			if len(d.errs) == before { // only values of the right shape
				d.check(valueOrKey(e), fv, f.rules, join(where, e.Key))
			}
		}
	}
	for _, name := range ti.keys {
		if !seen[name] && slices.Contains(fields[name].rules, "required") {
			d.errorf(n, where, "%q is required", name)
		}
	}
}

func valueOrKey(e Entry) ast.Node {
	if e.Value != nil {
		return e.Value
	}
	return e.KeyAt
}

func in(where string) string {
	if where == "" {
		return ""
	}
	return " in " + where + ":"
}

func join(where, key string) string {
	if where == "" {
		return key
	}
	return where + "." + key
}

func (d *decoder) mapping(n ast.Node, v reflect.Value, where string) {
	entries, ok := Mapping(n)
	if !ok {
		d.errorf(n, where, "want a mapping, got %s", describe(n))
		return
	}
	if v.IsNil() {
		v.Set(reflect.MakeMap(v.Type()))
	}
	for _, e := range entries {
		key := reflect.ValueOf(e.Key).Convert(v.Type().Key())
		if v.MapIndex(key).IsValid() {
			d.errorf(e.KeyAt, "", "duplicate key %q%s", e.Key, in(where))
			continue
		}
		ev := reflect.New(v.Type().Elem()).Elem()
		d.value(e.Value, ev, join(where, e.Key))
		v.SetMapIndex(key, ev)
	}
}

func (d *decoder) sequence(n ast.Node, v reflect.Value, where string) {
	s, ok := n.(*ast.SequenceNode)
	if !ok {
		d.errorf(n, where, "want a list, got %s", describe(n))
		return
	}
	out := reflect.MakeSlice(v.Type(), len(s.Values), len(s.Values))
	for i, it := range s.Values {
		d.value(it, out.Index(i), fmt.Sprintf("%s[%d]", where, i))
	}
	v.Set(out)
}

// check applies a field's valid rules to its decoded value.
func (d *decoder) check(n ast.Node, v reflect.Value, rules []string, where string) {
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	for _, r := range rules {
		name, arg, _ := strings.Cut(r, "=")
		switch name {
		case "nonempty":
			if (v.Kind() == reflect.String || v.Kind() == reflect.Slice) && v.Len() == 0 {
				d.errorf(n, where, "must not be empty")
			}
			if v.Kind() == reflect.Slice {
				for i := range v.Len() {
					if it := v.Index(i); it.Kind() == reflect.String && it.Len() == 0 {
						d.errorf(Lookup(n, strconv.Itoa(i)), fmt.Sprintf("%s[%d]", where, i), "must not be empty")
					}
				}
			}
		case "min", "max":
			lim, _ := strconv.ParseFloat(arg, 64)
			x, ok := number(v)
			if ok && (name == "min" && x < lim || name == "max" && x > lim) {
				d.errorf(n, where, "must be %s %s, not %s", map[string]string{"min": "at least", "max": "at most"}[name], arg, fmtNumber(x))
			}
		case "enum":
			opts := strings.Split(arg, "|")
			if s := scalarText(n); !slices.Contains(opts, s) {
				d.errorf(n, where, "%q is not one of %s", s, strings.Join(opts, ", "))
			}
		}
	}
}

func number(v reflect.Value) (float64, bool) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int()), true
	case reflect.Float32, reflect.Float64:
		return v.Float(), true
	case reflect.Slice, reflect.Map:
		return float64(v.Len()), true
	}
	return 0, false
}

func fmtNumber(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

type field struct {
	index []int
	rules []string
}

// typeInfo is what decoding needs of a struct type, computed once.
type typeInfo struct {
	fields map[string]field
	keys   []string // sorted
}

var typeInfos sync.Map // reflect.Type → *typeInfo

func infoOf(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	ti := &typeInfo{fields: fieldsOf(t)}
	for k := range ti.fields {
		ti.keys = append(ti.keys, k)
	}
	slices.Sort(ti.keys)
	typeInfos.Store(t, ti)
	return ti
}

func fieldsOf(t reflect.Type) map[string]field {
	out := map[string]field{}
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if !f.IsExported() || name == "" || name == "-" {
			continue
		}
		var rules []string
		if tag := f.Tag.Get("valid"); tag != "" {
			rules = strings.Split(tag, ",")
		}
		out[name] = field{index: f.Index, rules: rules}
	}
	return out
}

// Keys lists the keys a struct type reads, sorted.
func Keys(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return slices.Clone(infoOf(t).keys)
}

// describe names what a node holds, for "want X, got Y".
func describe(n ast.Node) string {
	switch n.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.StringNode, *ast.LiteralNode:
		return fmt.Sprintf("%q", scalarText(n))
	}
	return scalarText(n)
}
