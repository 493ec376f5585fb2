// Command convert is a golden of ours (issue 28): a go-sdk server whose
// tools are literals of the project's own definition type, turned into
// mcp.Tool by a converter function of the project (the shape of
// containers/kubernetes-mcp-server's api.ServerTool and
// ServerToolToGoSdkTool): fields mapped through, a Deref helper with a
// default, hints left nil, input schemas as *jsonschema.Schema literals
// (Items included) whose nil Properties the converter fills in, and the
// registrations made in a loop over the definitions, past a filter
// decided at run time.
package main

import (
	"context"
	"encoding/json"
	"log"
	"os"

	"tscg.test/servers/gosdk/convert/naming"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Hints are the definition's annotations.
type Hints struct {
	Title       string
	ReadOnly    *bool
	Destructive *bool
	OpenWorld   *bool
}

// Def is the project's own description of a tool.
type Def struct {
	Name        string
	Description string
	InputSchema *jsonschema.Schema
	Annotations Hints
}

// ServerDef pairs a definition with what runs it.
type ServerDef struct {
	Tool    Def
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

// Deref returns *p, or d when p is nil.
func Deref[T any](p *T, d T) T {
	if p == nil {
		return d
	}
	return *p
}

func ptrTo[T any](v T) *T { return &v }

// rawOf is a default's JSON.
func rawOf(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}

const shelfHelp = "Shelf to look at"

// closed is written as false.
var closed = &jsonschema.Schema{Not: &jsonschema.Schema{}}

// objectSchema and readOnly are helpers returning literals built from
// their arguments.
func objectSchema(props map[string]*jsonschema.Schema, required []string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: props, Required: required, AdditionalProperties: closed}
}

func readOnly(title string) Hints {
	return Hints{Title: title, ReadOnly: ptrTo(true), Destructive: ptrTo(false)}
}

func definitions() []ServerDef {
	kinds := map[string]*jsonschema.Schema{"kind": {Type: "string", Description: "Kind of item"}}
	kinds["shelf"] = &jsonschema.Schema{Type: "string", Description: shelfHelp}
	ret := make([]ServerDef, 0)
	ret = append(ret, ServerDef{
		Tool: Def{
			Name:        "shelf_list",
			Description: "Lists the items on a shelf",
			InputSchema: &jsonschema.Schema{
				Type: "object",
				Properties: map[string]*jsonschema.Schema{
					"shelf": {Type: "string", Description: shelfHelp},
					"tags":  {Type: "array", Items: &jsonschema.Schema{Type: "string"}},
				},
				Required: []string{"shelf"},
			},
			Annotations: Hints{Title: "Shelf: List", ReadOnly: ptrTo(true), OpenWorld: ptrTo(true)},
		},
	})
	ret = append(ret, ServerDef{
		Tool: Def{
			Name:        naming.Prefix() + "_count",
			Description: "Counts the items of a kind",
			InputSchema: &jsonschema.Schema{
				Type: "object",
				Properties: map[string]*jsonschema.Schema{
					"limit":  {Type: "integer", Default: rawOf(100), Minimum: ptrTo(float64(0))},
					"exact":  {Type: "boolean", Default: rawOf(false)},
					"labels": {Type: "object", Properties: make(map[string]*jsonschema.Schema), AdditionalProperties: &jsonschema.Schema{}},
				},
			},
		},
	})
	ret = append(ret, ServerDef{
		Tool: Def{
			Name:        "kinds_list",
			Description: "Lists the kinds of items",
			InputSchema: objectSchema(kinds, []string{"kind"}),
			Annotations: readOnly("Kinds: List"),
		},
	})
	ret = append(ret, ServerDef{
		Tool: Def{
			Name:        "pantry_sweep",
			Description: "Sweeps the pantry",
			InputSchema: &jsonschema.Schema{Type: "object"},
			Annotations: Hints{Destructive: ptrTo(true)},
		},
	})
	return ret
}

func toSDK(d ServerDef) (*mcp.Tool, mcp.ToolHandler) {
	in := d.Tool.InputSchema
	if in.Properties == nil {
		in.Properties = make(map[string]*jsonschema.Schema)
	}
	tool := &mcp.Tool{
		Name:        d.Tool.Name,
		Description: d.Tool.Description,
		Title:       d.Tool.Annotations.Title,
		Annotations: &mcp.ToolAnnotations{
			Title:           d.Tool.Annotations.Title,
			ReadOnlyHint:    Deref(d.Tool.Annotations.ReadOnly, false),
			DestructiveHint: d.Tool.Annotations.Destructive,
			OpenWorldHint:   d.Tool.Annotations.OpenWorld,
		},
		InputSchema: in,
	}
	return tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "convert golden", Version: "0.1.0"}, nil)
	// only is decided when the server runs (by its command line): tscg
	// warns at the if and lists every definition, as the server does when
	// started without arguments.
	only := func(d ServerDef) bool { return len(os.Args) < 2 || d.Tool.Name == os.Args[1] }
	for _, d := range definitions() {
		if !only(d) {
			continue
		}
		tool, h := toSDK(d)
		s.AddTool(tool, h)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
