package golang

import (
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// mcpGoModule is the module mcp-go's mcp package is in.
const mcpGoModule = "github.com/mark3labs/mcp-go"

// mcpGoPointerHints is the first mcp-go release whose ToolAnnotation hints
// are *bool. Before it they were bool with omitempty, so tools/list
// published a hint only when it was true: NewTool's defaults came out as
// destructiveHint and openWorldHint alone, and a hint set to false not at
// all (issue 28: v0.25 servers).
const mcpGoPointerHints = "v0.27.0"

// mcpGoHints makes t's hints what the project's mcp-go publishes: with a
// release before v0.27.0, a false hint is left out.
func (c *conv) mcpGoHints(p *packages.Package, t *ir.Tool) {
	if t == nil || !c.mcpGoBoolHints(p) {
		return
	}
	a := &t.Annotations
	for _, h := range []**bool{&a.ReadOnly, &a.Destructive, &a.Idempotent, &a.OpenWorld} {
		if *h != nil && !**h {
			*h = nil
		}
	}
}

// mcpGoBoolHints reports whether the module holding p requires (or
// replaces it with) an mcp-go release before v0.27.0. A module whose
// go.mod cannot be read, or that replaces mcp-go with a directory, is
// taken to use the current API.
func (c *conv) mcpGoBoolHints(p *packages.Package) bool {
	v := c.mcpGoVersion(p)
	return v != "" && semver.Compare(v, mcpGoPointerHints) < 0
}

// mcpGoGoogleSchemas is the first mcp-go release whose
// WithInputSchema[T] and WithOutputSchema[T] reflect T with
// google/jsonschema-go (jsonschema.For), as the go-sdk does; before it,
// invopop/jsonschema's Reflector.
const mcpGoGoogleSchemas = "v0.46.0"

// mcpGoReflectsGoogle reports whether the module holding p uses an mcp-go
// that reflects typed schemas with google/jsonschema-go (the current API
// when the version is unknown).
func (c *conv) mcpGoReflectsGoogle(p *packages.Package) bool {
	v := c.mcpGoVersion(p)
	return v == "" || semver.Compare(v, mcpGoGoogleSchemas) >= 0
}

// From v0.39.0 to v0.43.x, mcp-go's ToolInputSchema was a type defined
// on ToolArgumentsSchema without its MarshalJSON: encoding/json wrote it
// by its tags, which leave out an empty properties map (a tool without
// parameters lists {"type": "object"}).
const mcpGoEmptyPropsFrom, mcpGoEmptyPropsTo = "v0.39.0", "v0.44.0"

// mcpGoOmitsEmptyProperties reports whether the module holding p uses an
// mcp-go release that leaves an empty properties map out of a NewTool's
// input schema.
func (c *conv) mcpGoOmitsEmptyProperties(p *packages.Package) bool {
	v := c.mcpGoVersion(p)
	return v != "" && semver.Compare(v, mcpGoEmptyPropsFrom) >= 0 && semver.Compare(v, mcpGoEmptyPropsTo) < 0
}

// mcpGoVersion is the mcp-go version the module holding p selects, or ""
// when unknown.
func (c *conv) mcpGoVersion(p *packages.Package) string {
	if len(p.GoFiles) == 0 {
		return ""
	}
	root, ok := moduleRoot(filepath.Dir(p.GoFiles[0]))
	if !ok {
		return ""
	}
	if v, seen := c.mcpGoVersions[root]; seen {
		return v
	}
	v := requiredVersion(filepath.Join(root, "go.mod"), mcpGoModule)
	c.mcpGoVersions[root] = v
	return v
}

// requiredVersion is the version of module path a go.mod selects for
// itself (its replace wins over its require), or "".
func requiredVersion(gomod, path string) string {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return ""
	}
	f, err := modfile.ParseLax(gomod, data, nil)
	if err != nil {
		return ""
	}
	v := ""
	for _, r := range f.Require {
		if r.Mod.Path == path {
			v = r.Mod.Version
		}
	}
	for _, r := range f.Replace {
		if r.Old.Path == path && (r.Old.Version == "" || r.Old.Version == v) {
			v = r.New.Version // "" for a directory
		}
	}
	return v
}
