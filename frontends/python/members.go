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
		src, x := s, a
		if r := l.deref(s, a); !r.opaque() {
			src, x = r.src, r.e
		}
		if x.kind != exCall {
			v, ok := l.goValue(src, x)
			if _, isMap := v.(map[string]any); !ok || !isMap {
				return nil, false
			}
			out = append(out, v)
			continue
		}
		if len(x.args) > 0 {
			return nil, false
		}
		icon := map[string]any{}
		for _, k := range x.kws {
			v, ok := l.goValue(src, k.value)
			if !ok {
				return nil, false
			}
			if v != nil { // the SDK dumps with exclude_none
				icon[k.name] = v
			}
		}
		out = append(out, icon)
	}
	return out, true
}
