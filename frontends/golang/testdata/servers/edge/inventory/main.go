// Command inventory holds the inventory forms tscg reads and refuses
// (inventory_test.go, issue 28): a schema variable changed by a statement
// tscg does not read (an error at it, that tool alone left out), a
// definition made by a call tscg does not follow (an error at it), a
// function literal called in place that edits a property's field, a
// schema editor, and a lookup in a property's description.
package main

import (
	"context"
	"log"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type text func(key, fallback string) string

type entry struct {
	Def mcp.Tool
	On  bool
}

func (e entry) add(s *mcp.Server) {
	s.AddTool(&e.Def, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
}

func wrap(def mcp.Tool) entry { return entry{Def: def, On: true} }

func withLimit(s *jsonschema.Schema) *jsonschema.Schema {
	s.Properties["limit"] = &jsonschema.Schema{Type: "integer", Description: "At most this many"}
	return s
}

func pots(t text) entry {
	schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"size": {Type: "string"}}}
	schema.Required = append(schema.Required, "size")
	return wrap(mcp.Tool{Name: "list_pots", InputSchema: schema})
}

func pans(t text) entry {
	return wrap(mcp.Tool{
		Name:        "list_pans",
		Description: t("PANS", "Lists the pans."),
		InputSchema: func() *jsonschema.Schema {
			s := withLimit(&jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
				"metal": {Type: "string", Description: t("PANS_METAL", "The pan's metal")},
			}})
			s.Properties["limit"].Description = "At most this many pans"
			return s
		}(),
	})
}

// defOf makes a definition in a way tscg does not follow.
func defOf(name string) mcp.Tool { return mcp.Tool{Name: name} }

func lids() entry { return wrap(defOf("list_lids")) }

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "inventory edge", Version: "0.1.0"}, nil)
	t := func(_, fallback string) string { return fallback }
	for _, e := range []entry{pots(t), pans(t), lids()} {
		e.add(s)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
