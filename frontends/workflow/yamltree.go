package workflow

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/tscg/tscg/compiler/diag"
)

// Value is a YAML value with the position of every node, so checks can
// point at the exact key or scalar they are about.
type Value struct {
	Pos diag.Pos
	// Quoted is set for a quoted string scalar (its text starts one
	// column after Pos).
	Quoted bool
	// Exactly one of Scalar (string, json.Number, bool or nil), Map and
	// List describes the value; IsMap and IsList tell empty ones apart.
	Scalar any
	Map    []Field
	List   []*Value
	IsMap  bool
	IsList bool
}

// Field is one key of a mapping, in source order.
type Field struct {
	Key    string
	KeyPos diag.Pos
	Value  *Value
}

// Get returns the value under key, or nil.
func (v *Value) Get(key string) *Value {
	if f := v.field(key); f != nil {
		return f.Value
	}
	return nil
}

func (v *Value) field(key string) *Field {
	if v == nil {
		return nil
	}
	for i := range v.Map {
		if v.Map[i].Key == key {
			return &v.Map[i]
		}
	}
	return nil
}

// String returns a string scalar's text and whether it is one.
func (v *Value) String() (string, bool) {
	if v == nil {
		return "", false
	}
	s, ok := v.Scalar.(string)
	return s, ok && !v.IsMap && !v.IsList
}

// JSON returns the value as generic JSON (maps, slices, json.Number).
func (v *Value) JSON() any {
	switch {
	case v == nil:
		return nil
	case v.IsMap:
		m := make(map[string]any, len(v.Map))
		for _, f := range v.Map {
			m[f.Key] = f.Value.JSON()
		}
		return m
	case v.IsList:
		l := make([]any, len(v.List))
		for i, e := range v.List {
			l[i] = e.JSON()
		}
		return l
	}
	return v.Scalar
}

// treeBuilder converts goccy's AST into Values.
type treeBuilder struct {
	file  string
	depth int
}

func (b *treeBuilder) pos(n ast.Node) diag.Pos {
	if n == nil || n.GetToken() == nil {
		return diag.Pos{File: b.file, Line: 1, Col: 1}
	}
	p := n.GetToken().Position
	return diag.Pos{File: b.file, Line: p.Line, Col: p.Column}
}

func (b *treeBuilder) build(n ast.Node) (*Value, error) {
	if b.depth++; b.depth > 200 {
		return nil, fmt.Errorf("%s: nested too deeply", b.pos(n))
	}
	defer func() { b.depth-- }()
	switch n := n.(type) {
	case nil:
		return &Value{Pos: diag.Pos{File: b.file, Line: 1, Col: 1}}, nil
	case *ast.DocumentNode:
		return b.build(n.Body)
	case *ast.AnchorNode:
		return b.build(n.Value)
	case *ast.TagNode:
		if _, isMap := n.Value.(ast.MapNode); isMap {
			return b.build(n.Value)
		}
	case *ast.AliasNode:
		return nil, fmt.Errorf("%s: YAML aliases are not supported in workflows", b.pos(n))
	case *ast.MappingNode:
		return b.mapping(n, n.Values)
	case *ast.MappingValueNode:
		return b.mapping(n, []*ast.MappingValueNode{n})
	case *ast.SequenceNode:
		v := &Value{Pos: b.pos(n), IsList: true}
		for _, e := range n.Values {
			ev, err := b.build(e)
			if err != nil {
				return nil, err
			}
			v.List = append(v.List, ev)
		}
		return v, nil
	}
	return b.scalar(n)
}

func (b *treeBuilder) mapping(n ast.Node, mvs []*ast.MappingValueNode) (*Value, error) {
	v := &Value{Pos: b.pos(n), IsMap: true}
	seen := map[string]bool{}
	for _, mv := range mvs {
		kv, err := b.scalar(mv.Key)
		if err != nil {
			return nil, err
		}
		if kv.Scalar == nil && mv.Key != nil && mv.Key.Type() == ast.MergeKeyType {
			return nil, fmt.Errorf("%s: YAML merge keys are not supported in workflows", b.pos(mv.Key))
		}
		key := render(kv.Scalar)
		if seen[key] {
			return nil, fmt.Errorf("%s: duplicate key %q", kv.Pos, key)
		}
		seen[key] = true
		val, err := b.build(mv.Value)
		if err != nil {
			return nil, err
		}
		v.Map = append(v.Map, Field{Key: key, KeyPos: kv.Pos, Value: val})
	}
	return v, nil
}

func (b *treeBuilder) scalar(n ast.Node) (*Value, error) {
	v := &Value{Pos: b.pos(n)}
	if n == nil {
		return v, nil
	}
	if tk := n.GetToken(); tk != nil {
		v.Quoted = tk.Type == token.DoubleQuoteType || tk.Type == token.SingleQuoteType
	}
	var x any
	if err := yaml.NodeToValue(n, &x); err != nil {
		return nil, fmt.Errorf("%s: %v", v.Pos, err)
	}
	switch t := x.(type) {
	case nil, string, bool:
		v.Scalar = t
	case uint64:
		v.Scalar = json.Number(strconv.FormatUint(t, 10))
	case int64:
		v.Scalar = json.Number(strconv.FormatInt(t, 10))
	case int:
		v.Scalar = json.Number(strconv.Itoa(t))
	case float64:
		if math.IsInf(t, 0) || math.IsNaN(t) {
			return nil, fmt.Errorf("%s: %v is not a JSON number", v.Pos, t)
		}
		v.Scalar = json.Number(strconv.FormatFloat(t, 'g', -1, 64))
	default:
		return nil, fmt.Errorf("%s: unsupported YAML value %T", v.Pos, x)
	}
	return v, nil
}

func render(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	}
	return fmt.Sprint(v)
}
