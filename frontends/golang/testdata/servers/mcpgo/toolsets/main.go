// Command toolsets is a golden of ours (issue 28): groups of tools
// chosen by a flag the way containers/kubernetes-mcp-server chooses its
// toolsets: the flag is bound to a field of the options with the field
// itself as default (StringSliceVar(&o.Sets, "sets", o.Sets, …)), the
// options built by a constructor; the configuration's own default list
// comes from another constructor and is replaced by the flag's value only
// when the flag was given (fs.Lookup("sets").Changed). Started without
// arguments, the configuration's default list decides: the pantry tools
// are registered, the cellar ones are not; a string flag bound the same
// way keeps the constructor's value.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/spf13/pflag"
)

type settings struct {
	Sets []string
}

func defaultSettings() *settings {
	return &settings{Sets: []string{"pantry", "garden"}}
}

type options struct {
	Sets     []string
	Label    string
	Settings *settings
}

func newOptions() *options {
	return &options{Label: "home", Settings: defaultSettings()}
}

func enabled(sets []string, name string) bool {
	for _, s := range sets {
		if s == name {
			return true
		}
	}
	return false
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	o := newOptions()
	fs := pflag.NewFlagSet("toolsets", pflag.ExitOnError)
	fs.StringSliceVar(&o.Sets, "sets", o.Sets, "groups of tools to serve")
	fs.StringVar(&o.Label, "label", o.Label, "where the pantry is")
	if err := fs.Parse(os.Args[1:]); err != nil {
		fmt.Println(err)
		return
	}
	if fs.Lookup("sets").Changed {
		o.Settings.Sets = o.Sets
	}

	s := server.NewMCPServer("toolsets golden", "0.1.0")
	if enabled(o.Settings.Sets, "pantry") {
		s.AddTool(mcp.NewTool("count_jars", mcp.WithDescription("Counts the jars of the pantry.")), handle)
	}
	if enabled(o.Settings.Sets, "cellar") {
		s.AddTool(mcp.NewTool("list_bottles", mcp.WithDescription("Lists the bottles of the cellar.")), handle)
	}
	if o.Label == "home" {
		s.AddTool(mcp.NewTool("label_home", mcp.WithDescription("Labels a jar for home.")), handle)
	} else {
		s.AddTool(mcp.NewTool("label_away", mcp.WithDescription("Labels a jar to take away.")), handle)
	}
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
