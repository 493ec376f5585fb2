package python

import (
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// listingMembers reads a tool decorator's icons= and meta=: the MCP SDK's
// FastMCP publishes them in tools/list as the tool's icons (each Icon's
// fields, None left out, as the SDK dumps its models) and _meta. Other
// frameworks' rules for them are not modelled: the arguments are left out
// with a warning.
func (l *loader) listingMembers(s *source, d *expr, t *ir.Tool, r listingRule) {
	for _, k := range d.kws {
		if k.name != "icons" && k.name != "meta" || k.value.kind == exConst && k.value.value == "None" {
			continue
		}
		if r != listingMCPSDK {
			l.warn(s.pos(k.value.off), diag.Warning, ruleValue, "tool %s: %s= is not read for %s tools; left out of the listing", t.Name, k.name, r)
			continue
		}
		var v any
		ok := false
		if k.name == "icons" {
			v, ok = l.icons(s, k.value)
		} else {
			v, ok = l.goValue(s, k.value)
			_, isMap := v.(map[string]any)
			ok = ok && isMap
		}
		if !ok {
			l.warn(s.pos(k.value.off), diag.Warning, ruleValue, "tool %s: %s= cannot be read statically (want %s); left out of the listing", t.Name, k.name,
				map[string]string{"icons": "a list of Icon(...) or dicts", "meta": "a dict"}[k.name])
			continue
		}
		if k.name == "icons" {
			t.Icons = ir.MarshalValue(v)
		} else {
			t.Meta = ir.MarshalValue(v)
		}
	}
}

// icons reads a list of Icon(src=…, mimeType=…, sizes=…) calls or dicts,
// each possibly a module constant.
func (l *loader) icons(s *source, e *expr) (any, bool) {
	if r := l.deref(s, e); !r.opaque() {
		s, e = r.src, r.e
	}
	if e.kind != exList && e.kind != exTuple {
		return nil, false
	}
	out := []any{}
	for _, a := range e.args {
		v, ok := l.modelValue(s, a)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// modelValue reads an MCP SDK model as the SDK sends it: a call
// Model(field=…) gives its fields, None left out (the SDK dumps with
// exclude_none); a dict literal is taken as it is. Either may be a module
// constant.
func (l *loader) modelValue(s *source, e *expr) (map[string]any, bool) {
	if r := l.deref(s, e); !r.opaque() {
		s, e = r.src, r.e
	}
	if e.kind != exCall {
		v, ok := l.goValue(s, e)
		m, isMap := v.(map[string]any)
		return m, ok && isMap
	}
	if len(e.args) > 0 {
		return nil, false
	}
	m := map[string]any{}
	for _, k := range e.kws {
		v, ok := l.goValue(s, k.value)
		if !ok {
			return nil, false
		}
		if v != nil {
			m[k.name] = v
		}
	}
	return m, true
}

// listedMembers reads a low-level Tool(...)'s icons=, _meta= and
// execution=, which the SDK sends as they are (models dumped without
// None).
func (l *loader) listedMembers(s *source, call *expr, t *ir.Tool) {
	for _, k := range call.kws {
		if k.value.kind == exConst && k.value.value == "None" {
			continue
		}
		var v any
		ok := false
		switch k.name {
		case "icons":
			v, ok = l.icons(s, k.value)
		case "_meta", "meta", "execution":
			v, ok = l.modelValue(s, k.value)
		default:
			continue
		}
		if !ok {
			l.warn(s.pos(k.value.off), diag.Warning, ruleValue, "Tool %s: %s= cannot be read statically; left out of the listing", t.Name, k.name)
			continue
		}
		switch k.name {
		case "icons":
			t.Icons = ir.MarshalValue(v)
		case "execution":
			t.Execution = ir.MarshalValue(v)
		default:
			t.Meta = ir.MarshalValue(v)
		}
	}
}
