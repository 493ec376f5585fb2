// Command edited is a golden of ours (issue 28, the shape of
// c0tton-fluff/caido-mcp-server's schemaFor[T](func(s *jsonschema.Schema){…})):
// go-sdk tools whose InputSchema a generic helper of the package builds
// with jsonschema.For[T] and then edits with a function it is given — a
// function literal or a named function — through a nil-safe property
// helper: enums (a literal, and a package slice a function literal
// computes from a map, sorted), string and array bounds, a property of
// the items of an array, minimum and maximum, the description, a
// property added and one made required. One edit sets a field tscg does
// not read (Extra): that tool alone is refused.
package main

import (
	"context"
	"log"
	"sort"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// schemaOf is T's schema as jsonschema.For infers it, edited by edit.
func schemaOf[T any](edit func(*jsonschema.Schema)) *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(err)
	}
	edit(s)
	return s
}

// field is a property's schema, nil when there is none.
func field(s *jsonschema.Schema, name string) *jsonschema.Schema {
	if s == nil || s.Properties == nil {
		return nil
	}
	return s.Properties[name]
}

func sizeOf(n int) *int { return &n }

// glazes are the glazes a kiln knows, by firing temperature.
var glazes = map[string]int{"celadon": 1280, "tenmoku": 1300, "shino": 1250, "raku": 950}

// glazeNames are glazes' names, sorted.
var glazeNames = func() []any {
	names := make([]string, 0, len(glazes))
	for name := range glazes {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]any, 0, len(names))
	for _, n := range names {
		out = append(out, n)
	}
	return out
}()

const maxNote = 2000

// FireArgs starts or stops a firing.
type FireArgs struct {
	Action string `json:"action" jsonschema:"what to do: start, pause or stop"`
	Glaze  string `json:"glaze,omitempty" jsonschema:"the glaze to fire, by name"`
	Note   string `json:"note,omitempty"`
}

// Pot is one pot of a batch.
type Pot struct {
	Label string `json:"label" jsonschema:"the pot's label, e.g. bowl, cup"`
	Clay  string `json:"clay"`
}

// BatchArgs fires several pots.
type BatchArgs struct {
	Pots  []Pot   `json:"pots"`
	Heat  float64 `json:"heat,omitempty"`
	Shelf int     `json:"shelf,omitempty"`
}

// NameArgs names a kiln.
type NameArgs struct {
	Name string `json:"name"`
}

// limitName is an edit function of its own, not a literal.
func limitName(s *jsonschema.Schema) {
	s.Properties["name"].MaxLength = sizeOf(40)
	s.Properties["name"].Pattern = "^[a-z]+$"
}

func fire(ctx context.Context, req *mcp.CallToolRequest, args FireArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: args.Action}}}, nil, nil
}

func batch(ctx context.Context, req *mcp.CallToolRequest, args BatchArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fired"}}}, nil, nil
}

func name(ctx context.Context, req *mcp.CallToolRequest, args NameArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: args.Name}}}, nil, nil
}

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{
		Name:        "fire_kiln",
		Description: "Starts, pauses or stops a firing.",
		InputSchema: schemaOf[FireArgs](func(s *jsonschema.Schema) {
			if p := field(s, "action"); p != nil {
				p.Enum = []any{"start", "pause", "stop"}
			}
			if p := field(s, "glaze"); p != nil {
				p.Enum = glazeNames
			}
			if p := field(s, "note"); p != nil {
				p.MaxLength = sizeOf(maxNote)
				p.Description = "a note for the log"
			}
			if p := field(s, "missing"); p != nil {
				p.MaxLength = sizeOf(1) // no such property: not run
			}
		}),
	}, fire)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "fire_batch",
		Description: "Fires a batch of pots.",
		InputSchema: schemaOf[BatchArgs](func(s *jsonschema.Schema) {
			s.Description = "A batch to fire."
			if p := field(s, "pots"); p != nil {
				p.MinItems = sizeOf(1)
				p.MaxItems = sizeOf(30)
				if p.Items != nil {
					if label := field(p.Items, "label"); label != nil {
						label.MaxLength = sizeOf(80)
					}
				}
			}
			if p := field(s, "heat"); p != nil {
				p.Minimum = jsonschema.Ptr(600.0)
				p.Maximum = jsonschema.Ptr(1320.5)
			}
			s.Required = append(s.Required, "shelf")
			s.Properties["cone"] = &jsonschema.Schema{Type: "string", Description: "the pyrometric cone"}
		}),
	}, batch)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "name_kiln",
		Description: "Names the kiln.",
		InputSchema: schemaOf[NameArgs](limitName),
	}, name)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "tag_kiln",
		Description: "Tags the kiln.",
		InputSchema: schemaOf[NameArgs](func(s *jsonschema.Schema) {
			s.Extra = map[string]any{"x-kiln": true}
		}),
	}, name)
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "edited golden", Version: "0.1.0"}, nil)
	register(s)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
