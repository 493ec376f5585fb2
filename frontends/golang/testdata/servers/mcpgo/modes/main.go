// Command modes is a golden of ours (issue 28): an mcp-go server whose
// mode comes from environment variables read into the unexported fields
// of a configuration, the shape of VictoriaMetrics-Community/mcp-victoriametrics:
// methods on it (IsRemote, IsGrove, IsOff) decide which tools are
// registered (an early return before the registration) and which options
// a tool gets (appends under an if); a list of tools off by default is
// filled into a map from a variable or its default; a client is set
// only when a key is. Recorded with the variables unset: tscg lists what
// the server registers then, a warning at each tool or option left out.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const offByDefault = "prune_log, replant"

const (
	namePick    = "pick_fruit"
	namePrune   = "prune_log"
	nameReplant = "replant"
)

type remote struct{ key string }

type config struct {
	kind   string
	key    string
	client *remote
	off    map[string]bool
}

func loadConfig() *config {
	off, set := os.LookupEnv("ORCHARD_OFF_TOOLS")
	if off == "" && !set {
		off = offByDefault
	}
	offMap := make(map[string]bool)
	for _, name := range strings.Split(off, ",") {
		name = strings.Trim(name, " ,")
		if name != "" {
			offMap[name] = true
		}
	}
	c := &config{
		kind: strings.ToLower(os.Getenv("ORCHARD_KIND")),
		key:  os.Getenv("ORCHARD_KEY"),
		off:  offMap,
	}
	if c.key != "" {
		c.client = &remote{key: c.key}
	}
	return c
}

// IsRemote reports whether the orchard is reached through its service.
func (c *config) IsRemote() bool { return c.client != nil }

// IsGrove reports whether the orchard is a grove of several plots.
func (c *config) IsGrove() bool { return c.kind == "grove" }

// IsOff reports whether a tool is switched off.
func (c *config) IsOff(name string) bool {
	if c.off == nil {
		return false
	}
	off, ok := c.off[name]
	return ok && off
}

func pickTool(c *config) mcp.Tool {
	options := []mcp.ToolOption{
		mcp.WithDescription("Picks ripe fruit from a row."),
	}
	if c.IsRemote() {
		options = append(options, mcp.WithString("orchard_id", mcp.Required(), mcp.Description("Orchard on the service")))
	}
	if c.IsGrove() || c.IsRemote() {
		options = append(options, mcp.WithString("plot", mcp.Description("Plot of the grove"), mcp.DefaultString("north")))
	} else {
		options = append(options, mcp.WithNumber("row", mcp.Description("Row of the orchard")))
	}
	options = append(options, mcp.WithString("fruit", mcp.Required(), mcp.Description("Fruit to pick")))
	return mcp.NewTool(namePick, options...)
}

var pruneTool = mcp.NewTool(namePrune,
	mcp.WithDescription("Logs the pruning of a tree."),
	mcp.WithString("tree", mcp.Required()),
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func registerPick(s *server.MCPServer, c *config) {
	if c.IsOff(namePick) {
		return
	}
	s.AddTool(pickTool(c), handle)
}

func registerPrune(s *server.MCPServer, c *config) {
	if c.IsOff(namePrune) {
		return
	}
	s.AddTool(pruneTool, handle)
}

func registerReplant(s *server.MCPServer, c *config) {
	if c.IsOff(nameReplant) {
		return
	}
	s.AddTool(mcp.NewTool(nameReplant, mcp.WithDescription("Replants a row.")), handle)
}

func registerRemote(s *server.MCPServer, c *config) {
	if !c.IsRemote() {
		return
	}
	s.AddTool(mcp.NewTool("list_orchards", mcp.WithDescription("Lists the orchards of the service.")), handle)
}

func registerGrove(s *server.MCPServer, c *config) {
	if !c.IsGrove() && !c.IsRemote() {
		return
	}
	s.AddTool(mcp.NewTool("count_plots", mcp.WithDescription("Counts the plots of the grove.")), handle)
}

func registerWater(s *server.MCPServer, c *config) error {
	if c.IsRemote() {
		return nil // the service waters by itself
	}
	s.AddTool(mcp.NewTool("water_rows", mcp.WithDescription("Waters the rows.")), handle)
	return nil
}

func main() {
	c := loadConfig()
	s := server.NewMCPServer("modes golden", "0.1.0")
	registerPick(s, c)
	registerPrune(s, c)
	registerReplant(s, c)
	registerRemote(s, c)
	registerGrove(s, c)
	if err := registerWater(s, c); err != nil {
		fmt.Println(err)
		return
	}
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
