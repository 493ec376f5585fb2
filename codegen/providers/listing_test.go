package providers

import (
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

// TestGoldenListingFields: what an MCP listing carries beside the schema
// (icons, _meta, execution, as the Go and JSON frontends read them)
// reaches mcp.tools-list and only it; every other manifest leaves it out
// and says so in lowering.json. sdktypes_test checks these manifests
// against the SDK types too.
func TestGoldenListingFields(t *testing.T) {
	obj := func() *ir.Type {
		return &ir.Type{Kind: ir.KindObject, Properties: []*ir.Property{{Name: "label", Type: &ir.Type{Kind: ir.KindString}, Required: true}}}
	}
	cat := &ir.Catalog{Tools: []*ir.Tool{
		{Name: "pin_badge", Description: "Pin a badge to the board.", Params: obj(),
			Icons:     ir.Value(`[{"src":"https://badges.example.net/pin.svg","mimeType":"image/svg+xml","sizes":["any"],"theme":"dark"}]`),
			Meta:      ir.Value(`{"alpha/owner":"board team","ui":{"wide":true}}`),
			Execution: ir.Value(`{"taskSupport":"optional"}`)},
		{Name: "count_badges", Description: "Count the badges.", Params: &ir.Type{Kind: ir.KindObject},
			Execution: ir.Value(`{"taskSupport":"forbidden"}`)},
	}}
	files, err := Generate(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "listing.txtar", files)
}
