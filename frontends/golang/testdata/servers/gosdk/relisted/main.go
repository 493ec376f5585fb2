// Command relisted is a golden of ours (issue 28, the shape of
// c0tton-fluff/caido-mcp-server's normalizeToolSchemas): go-sdk receiving
// middleware that rewrites what tools/list returns. plainTypes copies
// each listed tool whose InputSchema is a *jsonschema.Schema, clones the
// schema and turns every ["null", T] type into T, through a recursive
// function over properties, items, additional properties, prefix items,
// the *Of lists and $defs; hideDrafts, a named function, leaves out the
// tools named draft_… and marks the descriptions of the beta_… ones;
// logListing only logs. A tool whose schema is a json.RawMessage keeps
// its nullable type (the type assertion fails).
package main

import (
	"context"
	"encoding/json"
	"log"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Spot is a place on the map.
type Spot struct {
	Lat   float64  `json:"lat"`
	Lon   float64  `json:"lon"`
	Marks []string `json:"marks,omitempty" jsonschema:"marks left at the spot"`
}

// FindArgs finds birds.
type FindArgs struct {
	Words []string            `json:"words" jsonschema:"words of the bird's name"`
	Limit *int                `json:"limit,omitempty"`
	Near  *Spot               `json:"near,omitempty"`
	Seen  map[string][]string `json:"seen,omitempty" jsonschema:"sightings by observer"`
	Kind  string              `json:"kind"`
	Pair  [2]*string          `json:"pair"`
}

// LogArgs logs one sighting.
type LogArgs struct {
	Bird string `json:"bird"`
	Pin  *bool  `json:"pin,omitempty"`
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func find(ctx context.Context, req *mcp.CallToolRequest, args FindArgs) (*mcp.CallToolResult, any, error) {
	return text(strings.Join(args.Words, " ")), nil, nil
}

func logSighting(ctx context.Context, req *mcp.CallToolRequest, args LogArgs) (*mcp.CallToolResult, any, error) {
	return text(args.Bird), nil, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return text("raw"), nil
}

// plainTypes turns each ["null", T] of the listed input schemas into T,
// on copies: the server's own tools stay as registered.
func plainTypes() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if err != nil || method != "tools/list" {
				return res, err
			}
			listing, ok := res.(*mcp.ListToolsResult)
			if !ok {
				return res, err
			}
			for i, t := range listing.Tools {
				in, ok := t.InputSchema.(*jsonschema.Schema)
				if !ok || in == nil {
					continue
				}
				plain := in.CloneSchemas()
				dropNull(plain)
				cp := *t
				cp.InputSchema = plain
				listing.Tools[i] = &cp
			}
			return res, err
		}
	}
}

// dropNull makes a type list of "null" and one other type that type,
// in s and every schema below it.
func dropNull(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	var rest []string
	sawNull := false
	for _, name := range s.Types {
		if name == "null" {
			sawNull = true
		} else {
			rest = append(rest, name)
		}
	}
	if sawNull && len(rest) == 1 {
		s.Type = rest[0]
		s.Types = nil
	}
	for _, p := range s.Properties {
		dropNull(p)
	}
	dropNull(s.Items)
	dropNull(s.AdditionalProperties)
	for _, p := range s.PrefixItems {
		dropNull(p)
	}
	for _, list := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf} {
		for _, p := range list {
			dropNull(p)
		}
	}
	for _, d := range s.Defs {
		dropNull(d)
	}
}

// hideDrafts leaves the draft_ tools out of the listing and marks the
// beta_ ones.
func hideDrafts(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		listing, ok := res.(*mcp.ListToolsResult)
		if method != "tools/list" || !ok {
			return res, err
		}
		var shown []*mcp.Tool
		for _, t := range listing.Tools {
			if strings.HasPrefix(t.Name, "draft_") {
				continue
			}
			if strings.HasPrefix(t.Name, "beta_") {
				cp := *t
				cp.Description = "(beta) " + t.Description
				t = &cp
			}
			shown = append(shown, t)
		}
		listing.Tools = shown
		return res, err
	}
}

// logListing logs each tools/list; it changes nothing.
func logListing(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if method == "tools/list" {
			log.Printf("listed tools (error: %v)", err)
		}
		return res, err
	}
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "relisted golden", Version: "0.1.0"}, nil)
	s.AddReceivingMiddleware(logListing, hideDrafts, plainTypes())
	mcp.AddTool(s, &mcp.Tool{Name: "find_bird", Description: "Finds birds by name."}, find)
	mcp.AddTool(s, &mcp.Tool{Name: "beta_log_sighting", Description: "Logs a sighting."}, logSighting)
	mcp.AddTool(s, &mcp.Tool{Name: "draft_count_birds", Description: "Counts birds."}, logSighting)
	s.AddTool(&mcp.Tool{
		Name:        "raw_note",
		Description: "Keeps a note.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"note":{"type":["null","string"]}}}`),
	}, raw)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
