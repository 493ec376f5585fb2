package golang

import (
	"go/ast"
	"maps"
	"slices"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

// The MCP listing's fields that are no part of a tool's schema or
// description (icons, _meta, execution) are read here for both SDKs. A
// value tscg cannot read statically costs the listing that field, not the
// tool: its diagnostic is a warning.

// sdkListing reads a go-sdk mcp.Tool literal's Icons and Meta (both
// omitempty: an empty slice or map is not published).
func (c *conv) sdkListing(r *literalReader, t *ir.Tool, fields map[string]ast.Expr) {
	if e, ok := fields["Icons"]; ok {
		if v, ok := c.evalIcons(r.p, e); ok {
			t.Icons = v
		} else {
			t.Icons = c.listingValue(r, e, "icons", false)
		}
	}
	if e, ok := fields["Meta"]; ok {
		t.Meta = c.listingValue(r, e, "_meta", false)
	}
}

// mcpGoListing reads an mcp-go mcp.Tool literal's Icons, Meta, Execution
// and DeferLoading. mcp-go's Tool.MarshalJSON writes icons and execution
// when non-nil, _meta when the pointer is set, even empty, and
// defer_loading when true.
func (c *conv) mcpGoListing(r *literalReader, t *ir.Tool, fields map[string]ast.Expr) {
	if e, ok := fields["Icons"]; ok {
		t.Icons = c.listingValue(r, e, "icons", true)
	}
	if e, ok := fields["Meta"]; ok {
		t.Meta = c.mcpGoMeta(r, e)
	}
	if e, ok := fields["Execution"]; ok {
		t.Execution = c.listingValue(r, e, "execution", true)
	}
	if e, ok := fields["DeferLoading"]; ok {
		if v, ok := r.boolean(e, "DeferLoading"); ok {
			t.DeferLoading = v
		}
	}
}

// mcpGoIcons reads WithToolIcons(icons…): the icons as given, even none.
func (c *conv) mcpGoIcons(r *literalReader, call *ast.CallExpr) ir.Value {
	if call.Ellipsis.IsValid() && len(call.Args) == 1 {
		return c.listingValue(r, call.Args[0], "icons", true)
	}
	if len(call.Args) == 0 {
		return nil // icons... of nothing leaves Tool.Icons nil
	}
	list := make([]any, 0, len(call.Args))
	for _, a := range call.Args {
		v, ok := c.soft(r, a, "icons")
		if !ok {
			return nil
		}
		list = append(list, v)
	}
	return orderedjson.Compact(list)
}

// mcpGoTaskSupport reads WithTaskSupport(s), which sets execution's
// taskSupport (omitted when empty).
func (c *conv) mcpGoTaskSupport(r *literalReader, t *ir.Tool, e ast.Expr) {
	v, ok := c.soft(r, e, "execution")
	if !ok {
		return
	}
	x := orderedjson.NewObject()
	if s, _ := v.(string); s != "" {
		x.Set("taskSupport", s)
	}
	t.Execution = orderedjson.Compact(x)
}

// mcpGoMeta reads an mcp-go *mcp.Meta: &mcp.Meta{ProgressToken: …,
// AdditionalFields: …} or mcp.NewMetaFromMap(m). Its MarshalJSON writes
// one object, progressToken among the additional fields, keys sorted.
func (c *conv) mcpGoMeta(r *literalReader, e ast.Expr) ir.Value {
	x := r.follow(e)
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = r.follow(u.X)
	}
	if id, ok := x.(*ast.Ident); ok && id.Name == "nil" {
		return nil
	}
	vals := map[string]any{}
	merge := func(e ast.Expr) bool {
		v, ok := c.soft(r, e, "_meta")
		if m, isObj := v.(*orderedjson.Object); ok && isObj {
			for _, k := range m.Keys() {
				vals[k], _ = m.Get(k)
			}
		}
		return ok
	}
	switch x := x.(type) {
	case *ast.CallExpr:
		fn, _ := callee(r.p.TypesInfo, x)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != mcpGo || fn.Name() != "NewMetaFromMap" || len(x.Args) != 1 || !merge(x.Args[0]) {
			if fn == nil || fn.Name() != "NewMetaFromMap" {
				c.warnf(e.Pos(), "%s: cannot read _meta %s statically (tscg reads &mcp.Meta{…} and mcp.NewMetaFromMap(map[string]any{…})); the listing leaves it out", r.what, exprString(e))
			}
			return nil
		}
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				c.warnf(el.Pos(), "%s: write the field names of mcp.Meta (Field: value); the listing leaves _meta out", r.what)
				return nil
			}
			switch kv.Key.(*ast.Ident).Name {
			case "AdditionalFields":
				if !merge(kv.Value) {
					return nil
				}
			case "ProgressToken":
				v, ok := c.soft(r, kv.Value, "_meta")
				if !ok {
					return nil
				}
				if v != nil {
					vals["progressToken"] = v
				}
			}
		}
	default:
		c.warnf(e.Pos(), "%s: cannot read _meta %s statically; the listing leaves it out", r.what, exprString(e))
		return nil
	}
	out := orderedjson.NewObject()
	for _, k := range slices.Sorted(maps.Keys(vals)) {
		out.Set(k, vals[k])
	}
	return orderedjson.Compact(out)
}

// listingValue evaluates e as encoding/json writes it; empty drops the
// field unless keepEmpty (a nil value always drops it).
func (c *conv) listingValue(r *literalReader, e ast.Expr, what string, keepEmpty bool) ir.Value {
	v, ok := c.soft(r, e, what)
	if !ok || v == nil {
		return nil
	}
	if !keepEmpty && isEmptyValue(v) {
		return nil
	}
	return orderedjson.Compact(v)
}

// soft evaluates e with r.value, turning what it cannot read into
// warnings: the tool is still listed, without that field.
func (c *conv) soft(r *literalReader, e ast.Expr, what string) (any, bool) {
	n, failed := len(c.diags), c.failed
	v, ok := r.value(e)
	if ok {
		return v, true
	}
	for i := n; i < len(c.diags); i++ {
		if c.diags[i].Severity == diag.Error {
			c.diags[i].Severity = diag.Warning
			c.diags[i].Message += "; the listing leaves the tool's " + what + " out"
		}
	}
	c.failed = failed
	return nil, false
}

// isEmptyValue reports an empty list or object (omitempty's empty).
func isEmptyValue(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) == 0
	case *orderedjson.Object:
		return len(x.Keys()) == 0
	}
	return false
}
