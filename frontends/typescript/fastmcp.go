package typescript

import (
	"path/filepath"

	"github.com/tscg/tscg/compiler/ir"
)

// The TypeScript fastmcp framework: server.addTool({ name, description,
// parameters, annotations, execute }). Its tools/list converts
// parameters with xsschema's toJsonSchema (zod 4: z.toJSONSchema for
// input; zod 3: zod-to-json-schema) and then strictJsonSchema, which
// closes the root object and every object reached through properties;
// a tool without parameters lists {"type": "object", "properties": {},
// "additionalProperties": false}. It lists no title and no execution.

// usesFastMCP reports whether f imports fastmcp or its project depends
// on it.
func usesFastMCP(f *file) bool {
	for _, b := range f.imports {
		if b.spec == "fastmcp" {
			return true
		}
	}
	spec, _ := dependencyVersion(filepath.Dir(f.abs), "fastmcp")
	return spec != ""
}

// fastMCPTool reads server.addTool({…}).
func (r *resolver) fastMCPTool(f *file, s *callSite) *ir.Tool {
	args := r.callArgs(f, s)
	if len(args) == 0 || args[0].kind != vObject {
		return nil
	}
	cfg := args[0]
	t := &ir.Tool{ExactTitles: true}
	nv := cfg.prop("name")
	if nv == nil {
		r.diags.Errorf(cfg.f.pos(cfg.off), "addTool(…): the tool has no name")
		return nil
	}
	if !r.toolName(t, nv, s) {
		return nil
	}
	r.toolConfig(t, cfg, "parameters", fwFastMCP)
	t.Title = "" // fastmcp lists no title
	if p := cfg.prop("parameters"); p == nil || p.kind == vUndefined {
		t.Params = r.emptyParams(cfg.f, cfg.off)
		t.Params.PropertiesKept = true
	}
	strictObjects(t.Params)
	return t
}

// strictObjects closes an object and the objects its properties hold,
// as xsschema's strictJsonSchema does (not through items or unions).
func strictObjects(t *ir.Type) {
	if t == nil || t.Kind != ir.KindObject || t.Ref != nil {
		return
	}
	// A map (z.record) closed this way still has no properties key.
	t.PropertiesOmitted = len(t.Properties) == 0 && !t.PropertiesKept && (t.Additional == ir.AdditionalOpen || t.Additional == ir.AdditionalTyped)
	t.Additional, t.AdditionalType, t.OpenWritten = ir.AdditionalClosed, nil, false
	for _, p := range t.Properties {
		if !p.Type.Nullable { // "type": ["object", "null"] is not "object"
			strictObjects(p.Type)
		}
	}
}
