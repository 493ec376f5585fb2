// Command inventory is a golden of ours (issue 28) in the shape of
// github/github-mcp-server's tool inventory: each tool is an Item (a
// go-sdk mcp.Tool definition, the kit it belongs to, a generic handler)
// made by a constructor function through two helpers that pass the
// definition down (newItem, then NewItem[In]); the items are collected
// in a slice, filtered by kit (the default kits unless SHELF_KITS names
// others) and by a feature flag, then registered by ONE method,
// Item.Register, which copies the definition, may give it icons, and
// calls Server.AddTool(&toolCopy, h); the icons (icons.go) come from a
// table the program loads from an embedded file when it starts. Descriptions go through a lookup
// function given at run time (t(key, fallback)); schemas are
// jsonschema.Schema literals, edited by a helper of the package
// (withPaging) and by assignments to a local variable's properties; one
// helper builds two tools, one per call (maps.Copy and append of its
// arguments); a local function literal builds schema variants.
package main

import (
	"context"
	"encoding/json"
	"log"
	"maps"
	"os"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Lookup finds a text by key, else gives the fallback.
type Lookup func(key, fallback string) string

func newLookup() Lookup {
	return func(key, fallback string) string {
		if v, ok := os.LookupEnv("SHELF_TEXT_" + strings.ToUpper(key)); ok {
			return v
		}
		return fallback
	}
}

// Kit is a group of tools.
type Kit struct {
	ID      string
	Default bool
	Icon    string
}

var (
	kitShelves = Kit{ID: "shelves", Default: true, Icon: "book"}
	kitFire    = Kit{ID: "fire", Icon: "flame"}
)

// Item is one tool of the inventory.
type Item struct {
	Tool    mcp.Tool
	Kit     Kit
	Flag    string // a feature flag the item needs, when set
	Handler func(deps any) mcp.ToolHandler
}

// NewItem makes an item whose handler decodes its arguments into In.
func NewItem[In any](tool mcp.Tool, kit Kit, h func(context.Context, In) (string, error)) Item {
	return Item{
		Tool: tool,
		Kit:  kit,
		Handler: func(any) mcp.ToolHandler {
			return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				var in In
				if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
					return nil, err
				}
				text, err := h(ctx, in)
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, err
			}
		},
	}
}

func newItem[In any](kit Kit, tool mcp.Tool, h func(context.Context, In) (string, error)) Item {
	it := NewItem(tool, kit, h)
	return it
}

// Register adds the item's tool to the server.
func (it *Item) Register(s *mcp.Server, deps any) {
	toolCopy := it.Tool
	if len(toolCopy.Icons) == 0 {
		toolCopy.Icons = it.Kit.Icons()
	}
	annotateRouting(&toolCopy)
	s.AddTool(&toolCopy, it.Handler(deps))
}

// withPaging adds the paging properties to a schema.
func withPaging(schema *jsonschema.Schema) *jsonschema.Schema {
	schema.Properties["page"] = &jsonschema.Schema{Type: "number", Description: "Page to show (from 1)", Minimum: jsonschema.Ptr(1.0)}
	schema.Properties["perPage"] = &jsonschema.Schema{Type: "number", Description: "Books per page", Maximum: jsonschema.Ptr(50.0)}
	return schema
}

func fieldsProperty(description string, enum []any) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "array", Description: description, Items: &jsonschema.Schema{Type: "string", Enum: enum}}
}

var bookFields = []any{"title", "author", "year"}

type shelfArgs struct {
	Shelf string `json:"shelf"`
}

func echoShelf(_ context.Context, in shelfArgs) (string, error) { return in.Shelf, nil }

// ListBooks lists a shelf's books, a page at a time.
func ListBooks(t Lookup) Item {
	return newItem(kitShelves, mcp.Tool{
		Name:        "list_books",
		Description: t("TOOL_LIST_BOOKS", "Lists the books of one shelf."),
		Annotations: &mcp.ToolAnnotations{Title: t("TOOL_LIST_BOOKS_TITLE", "List books"), ReadOnlyHint: true},
		InputSchema: withPaging(&jsonschema.Schema{
			Type:       "object",
			Properties: map[string]*jsonschema.Schema{"shelf": {Type: "string", Description: "The shelf's label"}},
			Required:   []string{"shelf"},
		}),
	}, echoShelf)
}

// FindBook finds a book; its schema is a local variable edited before use.
func FindBook(t Lookup) Item {
	schema := &jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"query": {Type: "string", Description: "Words of the title"}},
		Required:   []string{"query"},
	}
	schema.Properties["fields"] = fieldsProperty("Fields to return for each book", bookFields)
	withPaging(schema)
	return newItem(kitShelves, mcp.Tool{
		Name:        "find_book",
		Description: t("TOOL_FIND_BOOK", "Finds books by title."),
		Icons:       kitIcons("lens"), // its own icons: the kit's are not applied
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: schema,
	}, echoShelf)
}

// BurnBook is in a kit that is not on by default.
func BurnBook(t Lookup) Item {
	return newItem(kitFire, mcp.Tool{
		Name:        "burn_book",
		Description: t("TOOL_BURN_BOOK", "Removes a book for good."),
		InputSchema: json.RawMessage(`{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}`),
	}, echoShelf)
}

// SortShelf needs a feature flag nobody sets by default.
func SortShelf(t Lookup) Item {
	it := NewItem(mcp.Tool{
		Name:        "sort_shelf",
		Description: t("TOOL_SORT_SHELF", "Sorts one shelf by title."),
		InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"shelf": {Type: "string"}}},
	}, kitShelves, echoShelf)
	it.Flag = "shelf_sorting"
	it.Tool.Title = "Sort a shelf" // a change to the definition tscg does not run (a warning)
	return it
}

// shelfTool builds the single-field shelf tools: one tool per call.
func shelfTool(t Lookup, name, description string, extra map[string]*jsonschema.Schema, extraRequired []string) Item {
	props := map[string]*jsonschema.Schema{"shelf": {Type: "string", Description: "The shelf's label"}}
	maps.Copy(props, extra)
	required := append([]string{"shelf"}, extraRequired...)
	return newItem(kitShelves, mcp.Tool{
		Name:        name,
		Description: t("TOOL_"+strings.ToUpper(name), description),
		InputSchema: &jsonschema.Schema{Type: "object", Properties: props, Required: required},
	}, echoShelf)
}

// RenameShelf gives a shelf a new label.
func RenameShelf(t Lookup) Item {
	return shelfTool(t, "rename_shelf", "Gives a shelf a new label.",
		map[string]*jsonschema.Schema{"label": {Type: "string", Description: "The new label"}}, []string{"label"})
}

// PaintShelf paints a shelf.
func PaintShelf(t Lookup) Item {
	return shelfTool(t, "paint_shelf", "Paints a shelf.",
		map[string]*jsonschema.Schema{"color": {Type: "string", Enum: []any{"red", "oak"}}}, nil)
}

// placeSchema is where a book goes: on a shelf or in a box, each with a
// position (variant, a local function literal, adds it).
func placeSchema() *jsonschema.Schema {
	where := &jsonschema.Schema{Type: "integer", Description: "Position from the left"}
	variant := func(required []string, properties map[string]*jsonschema.Schema) *jsonschema.Schema {
		properties["position"] = where
		return &jsonschema.Schema{Type: "object", Properties: properties, Required: required}
	}
	return &jsonschema.Schema{Description: "Where the book goes", OneOf: []*jsonschema.Schema{
		variant([]string{"shelf"}, map[string]*jsonschema.Schema{"shelf": {Type: "string"}}),
		variant([]string{"box"}, map[string]*jsonschema.Schema{"box": {Type: "string"}}),
	}}
}

// MoveBook moves a book to a place.
func MoveBook(t Lookup) Item {
	return newItem(kitShelves, mcp.Tool{
		Name:        "move_book",
		Description: t("TOOL_MOVE_BOOK", "Moves a book."),
		Icons:       startIcons(), // icons tscg cannot read: the kit's are not applied either
		InputSchema: &jsonschema.Schema{
			Type:       "object",
			Properties: map[string]*jsonschema.Schema{"title": {Type: "string"}, "to": placeSchema()},
			Required:   []string{"title", "to"},
		},
	}, echoShelf)
}

// AllItems is the whole inventory.
func AllItems(t Lookup) []Item {
	return []Item{ListBooks(t), FindBook(t), BurnBook(t), SortShelf(t), RenameShelf(t), PaintShelf(t), MoveBook(t)}
}

// available keeps the items of the enabled kits whose flag is on.
func available(items []Item, kits map[string]bool, flags map[string]bool) []Item {
	var out []Item
	for _, it := range items {
		on := it.Kit.Default
		if kits != nil {
			on = kits[it.Kit.ID]
		}
		if on && (it.Flag == "" || flags[it.Flag]) {
			out = append(out, it)
		}
	}
	return out
}

func split(env string) map[string]bool {
	v := os.Getenv(env)
	if v == "" {
		return nil
	}
	out := map[string]bool{}
	for _, k := range strings.Split(v, ",") {
		out[k] = true
	}
	return out
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "inventory golden", Version: "0.1.0"}, nil)
	for _, it := range available(AllItems(newLookup()), split("SHELF_KITS"), split("SHELF_FLAGS")) {
		it.Register(s, nil)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
