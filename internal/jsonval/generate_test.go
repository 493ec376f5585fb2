package jsonval

import (
	"encoding/json"
	"strings"
)

// generateInstances makes up to limit values for s: one built to match
// it, then variations of it that break one thing each (a required
// property left out, a property of the wrong type, an extra property,
// bounds crossed) and plain values of every type.
func generateInstances(s *Schema, limit int) []any {
	g := &generator{seen: map[*Schema]int{}}
	valid := g.value(s, 0)
	out := []any{valid, nil, true, json.Number("0"), json.Number("-1.5"), "", "text", []any{}, map[string]any{}}
	if obj, ok := valid.(map[string]any); ok {
		out = append(out, objectVariants(s, obj)...)
	}
	full := g.full(s, 0)
	if full != nil {
		out = append(out, full)
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

func wrongValues() []any {
	return []any{nil, false, json.Number("7"), json.Number("2.5"), json.Number("1e400"), "s", strings.Repeat("x", 300), []any{json.Number("1")}, map[string]any{"k": "v"}}
}

// formatSamples are strings of the common formats, right and wrong, for
// properties that have a format.
func formatSamples() []any {
	return []any{"2024-02-30", "2024-01-01", "12:00:00Z", "2024-01-01T12:00:00+02:00", "2024-01-01 12:00",
		"P1D", "PT", "a@b.co", "a@@b", "example.com", "-bad-.com", "192.168.0.1", "256.1.1.1", "::1", "fe80::1%eth0",
		"https://example.com/a?b#c", "/relative/path", "http://[::1", "urn:isbn:0451450523", "550e8400-e29b-41d4-a716-446655440000",
		"/a/b~1c", "a~2", "^[a-z]+$", "(", "0/a", "https://example.com/{id}", "https://example.com/{id"}
}

func objectVariants(s *Schema, obj map[string]any) []any {
	var out []any
	for _, k := range sortedKeys(obj) {
		if ps := s.Properties[k]; ps != nil && ps.Format != "" {
			for _, f := range formatSamples() {
				changed := clone(obj)
				changed[k] = f
				out = append(out, changed)
			}
		}
		without := clone(obj)
		delete(without, k)
		out = append(out, without)
		for _, w := range wrongValues() {
			changed := clone(obj)
			changed[k] = w
			out = append(out, changed)
		}
	}
	extra := clone(obj)
	extra["zz_unknown"] = json.Number("1")
	return append(out, extra)
}

func clone(m map[string]any) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

type generator struct {
	seen map[*Schema]int
	all  bool // fill every property, not only the required ones
}

// full is a value with every property filled.
func (g *generator) full(s *Schema, depth int) any {
	g.all = true
	defer func() { g.all = false }()
	return g.value(s, depth)
}

func (g *generator) value(s *Schema, depth int) any {
	if s == nil || depth > 6 || g.seen[s] > 2 {
		return nil
	}
	g.seen[s]++
	defer func() { g.seen[s]-- }()
	switch {
	case s.Bool != nil:
		return "anything"
	case s.Const != nil:
		return *s.Const
	case len(s.Enum) > 0:
		return s.Enum[len(s.Enum)-1]
	case s.Ref != nil && s.Types == 0:
		return g.value(s.Ref, depth+1)
	case len(s.AnyOf) > 0 && s.Types == 0:
		return g.value(s.AnyOf[0], depth+1)
	case len(s.OneOf) > 0 && s.Types == 0:
		return g.value(s.OneOf[0], depth+1)
	case len(s.AllOf) > 0 && s.Types == 0:
		return g.value(s.AllOf[0], depth+1)
	}
	return g.typed(s, depth)
}

func (g *generator) typed(s *Schema, depth int) any {
	t := s.Types
	switch {
	case t&TypeObject != 0 || (t == 0 && s.Properties != nil):
		return g.object(s, depth)
	case t&TypeArray != 0:
		return []any{g.value(s.Items, depth+1)}
	case t&TypeString != 0 && s.Format != "":
		return "https://example.com/{id"
	case t&TypeString != 0:
		n := 3
		if s.MinLength != nil {
			n = *s.MinLength
		}
		return strings.Repeat("a", n)
	case t&TypeInteger != 0:
		if s.Minimum != nil {
			return json.Number(s.Minimum.FloatString(0))
		}
		return json.Number("1")
	case t&TypeNumber != 0:
		return json.Number("1.5")
	case t&TypeBoolean != 0:
		return true
	}
	return nil
}

func (g *generator) object(s *Schema, depth int) any {
	obj := map[string]any{}
	for _, name := range sortedKeys(s.Properties) {
		if g.all {
			obj[name] = g.value(s.Properties[name], depth+1)
		}
	}
	for _, name := range s.Required {
		obj[name] = g.value(s.Properties[name], depth+1)
	}
	return obj
}
