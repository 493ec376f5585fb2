// Command apps is a golden of ours (issue 28, the shape of gke-mcp's MCP
// Apps tools): a tool its InitializedHandler registers only when the
// client declares an extension in its capabilities. The generator's
// client declares none, so the server lists its static tool alone, and
// tscg leaves the panel tool out with a warning naming the condition.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const panelExtension = "io.example/panels"

// MetricArgs names a metric.
type MetricArgs struct {
	Metric string `json:"metric" jsonschema:"the metric's name"`
}

func readMetric(ctx context.Context, req *mcp.CallToolRequest, args MetricArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: args.Metric + ": 0"}}}, nil, nil
}

// declaresPanels reports whether the client declared the panel extension.
func declaresPanels(caps *mcp.ClientCapabilities) bool {
	if caps != nil && caps.Extensions != nil {
		_, ok := caps.Extensions[panelExtension]
		return ok
	}
	return false
}

func demoMode() bool { return os.Getenv("PANELS_DEMO") == "true" }

func addPanels(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "metric_panel", Description: "Shows a metric as a chart panel."}, readMetric)
}

func main() {
	var s *mcp.Server
	s = mcp.NewServer(&mcp.Implementation{Name: "apps golden", Version: "0.1.0"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			params := req.Session.InitializeParams()
			if !demoMode() && declaresPanels(params.Capabilities) {
				addPanels(s)
			}
		},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "metric_value", Description: "Reads a metric's latest value."}, readMetric)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
