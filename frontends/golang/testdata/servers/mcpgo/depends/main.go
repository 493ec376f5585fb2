// Command depends is a golden of ours (issue 28): an mcp-go server that
// registers tools a dependency module builds (tscg.test/pantrykit, a
// module of ours replaced by a directory), in the shapes of Azure/aks-mcp:
// a constructor without arguments (read in the dependency's source); one
// with a constant argument, one whose arguments are a flag-bound
// configuration field and an environment variable (bound as the server
// computes them started with no argument and no environment: flag
// defaults, variables unset), one with an argument known only at run time
// (a placeholder in its description); a loop over the tools a function of
// the dependency returns for the configuration; a tool registered only
// when a configuration field, set once from an environment variable, is
// true (left out); and a tool constructor only a _test.go file calls (no
// registration of the program).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"tscg.test/pantrykit/shelf"
)

type config struct {
	Access string
	Legacy bool
	Note   string
}

func newConfig() *config {
	return &config{Legacy: os.Getenv("PANTRY_DEPENDS_LEGACY") == "true"}
}

func (c *config) parse() {
	flag.StringVar(&c.Access, "access", "readonly", "access level")
	flag.Parse()
	c.Note = fmt.Sprint(flag.NArg())
}

type service struct {
	cfg *config
	srv *server.MCPServer
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func (s *service) registerStamp() {
	readOnly := s.cfg.Access == "readonly"
	owner := os.Getenv("PANTRY_DEPENDS_OWNER")
	s.srv.AddTool(shelf.StampTool(readOnly, owner), handle)
}

func (s *service) registerLabels() {
	unified := !s.cfg.Legacy
	for _, tool := range shelf.Tools(s.cfg.Access, unified) {
		s.srv.AddTool(tool, handle)
	}
}

func (s *service) registerLegacy() {
	s.srv.AddTool(mcp.NewTool("legacy_label", mcp.WithDescription("The old label printer.")), handle)
}

// testedTool is called only from main_test.go.
func testedTool(name string) mcp.Tool {
	return mcp.NewTool(name, mcp.WithDescription("Only a test builds this."))
}

func main() {
	cfg := newConfig()
	cfg.parse()
	s := &service{cfg: cfg, srv: server.NewMCPServer("depends golden", "0.1.0")}
	label := shelf.LabelTool()
	s.srv.AddTool(label, handle)
	s.srv.AddTool(shelf.SizedTool(40), handle)
	s.registerStamp()
	s.srv.AddTool(shelf.NoteTool(cfg.Note), handle)
	s.registerLabels()
	if s.cfg.Legacy {
		s.registerLegacy()
	}
	if err := server.ServeStdio(s.srv); err != nil {
		fmt.Println(err)
	}
}
