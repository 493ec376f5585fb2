// Command flagnames is a golden of ours (issue 28): an mcp-go server whose
// registrations depend on command-line flags read by name, as cobra
// servers read them (cmd.Flags().GetBool("write-access")): flags defined
// on a pflag.FlagSet and read back with GetBool, GetString and
// GetStringSlice. Started without arguments, each takes its default: the
// write tool is left out, the "basic" toolset is taken over the "full"
// one, the extras slice's default is not empty. A flag the program Sets
// itself is not its default: tscg cannot decide it and lists the tool.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/spf13/pflag"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	fs := pflag.NewFlagSet("flagnames", pflag.ExitOnError)
	fs.Bool("write-access", false, "enable the tools that change the pantry")
	fs.StringP("toolset", "t", "basic", "basic or full")
	fs.StringSlice("extras", []string{"tally"}, "extra tools")
	fs.Bool("audit", false, "record every call")
	if err := fs.Parse(os.Args[1:]); err != nil {
		fmt.Println(err)
		return
	}
	if err := fs.Set("audit", "true"); err != nil {
		fmt.Println(err)
	}

	s := server.NewMCPServer("flagnames golden", "0.1.0")
	s.AddTool(mcp.NewTool("list_shelves", mcp.WithDescription("Lists the shelves of the pantry.")), handle)
	writeAccess, _ := fs.GetBool("write-access")
	if writeAccess {
		s.AddTool(mcp.NewTool("restock_shelf", mcp.WithDescription("Restocks a shelf.")), handle)
	}
	if set, _ := fs.GetString("toolset"); set == "basic" {
		s.AddTool(mcp.NewTool("find_jar", mcp.WithDescription("Finds a jar by its label.")), handle)
	} else {
		s.AddTool(mcp.NewTool("map_pantry", mcp.WithDescription("Draws the whole pantry.")), handle)
	}
	extras, err := fs.GetStringSlice("extras")
	if err == nil && len(extras) > 0 {
		s.AddTool(mcp.NewTool("tally_jars", mcp.WithDescription("Counts the jars on every shelf.")), handle)
	}
	audit, _ := fs.GetBool("audit")
	if audit {
		s.AddTool(mcp.NewTool("read_audit", mcp.WithDescription("Reads the audit log.")), handle)
	}
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
