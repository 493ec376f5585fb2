// Command folded is a golden of ours (issue 28): go-sdk tools whose name
// and description are built from constants (fmt.Sprintf, +, a function of
// the package returning one, a method writing into a strings.Builder
// over the fields of a struct literal), and one tool added twice with the
// same definition.
package main

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const service = "tide"

// StationArgs names a station.
type StationArgs struct {
	Station string `json:"station" jsonschema:"the station's code"`
}

func toolName(verb string) string { return service + "_" + verb }

// tideNote is a description written out by its String method.
type tideNote struct {
	summary string
	uses    []string
	sources []string
}

func (n *tideNote) String() string {
	var sb strings.Builder
	sb.WriteString(n.summary)
	if len(n.uses) > 0 {
		sb.WriteString("\n\nUseful for:\n")
		for i, u := range n.uses {
			fmt.Fprintf(&sb, "%d. %s\n", i+1, u)
		}
	}
	if len(n.sources) > 0 {
		sb.WriteString("\nSources: ")
		sb.WriteString(strings.Join(n.sources, ", "))
		sb.WriteByte('.')
	}
	return sb.String()
}

func lookup(ctx context.Context, req *mcp.CallToolRequest, args StationArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: args.Station}}}, nil, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "folded golden", Version: "0.1.0"}, nil)
	levels := &mcp.Tool{
		Name:        toolName("levels"),
		Description: fmt.Sprintf("Water levels of one %s station for the next %d hours.", service, 48),
	}
	mcp.AddTool(s, levels, lookup)
	mcp.AddTool(s, &mcp.Tool{Name: toolName("levels"), Description: fmt.Sprintf("Water levels of one %s station for the next %d hours.", service, 48)}, lookup)
	mcp.AddTool(s, &mcp.Tool{Name: "station_info", Description: "Describes a " + service + " station."}, lookup)
	note := tideNote{
		summary: "Tide tables of one station.",
		uses:    []string{"planning a harbour exit", "timing a beach walk"},
		sources: []string{"harbour office", "gauge readings"},
	}
	mcp.AddTool(s, &mcp.Tool{Name: "tide_tables", Description: note.String()}, lookup)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
