// Command gated is a golden of ours (issue 28), the shape of cobra servers
// such as geropl/linear-mcp-go: tools kept in package variables of another
// package, registered through a closure that returns early for a write
// tool unless write access is on; the flag's value (pflag GetBool, default
// false, an environment variable read only when the flag is not Changed)
// is handed down two constructors to the closure. A helper function that
// returns early unless its parameter is true registers one tool with the
// flag (left out) and one with a value known only at run time (listed); a
// function returning early on a mode its one caller passes as a constant
// leaves its registration out; one returning on an error decides nothing
// (the server failing to start publishes no other listing).
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/spf13/pflag"

	"tscg.test/servers/mcpgo/gated/shelf"
)

// command is a command of the program with the function that runs it.
type command struct {
	name string
	run  func(fs *pflag.FlagSet)
}

var serveCmd = command{
	name: "serve",
	run: func(fs *pflag.FlagSet) {
		writeAccess, _ := fs.GetBool("write-access")
		changed := fs.Changed("write-access")
		if !changed {
			if v := os.Getenv("PANTRY_GATED_WRITE"); v != "" {
				writeAccess = strings.EqualFold(v, "true")
			}
		}
		p, err := newPantry(writeAccess)
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := server.ServeStdio(p.srv); err != nil {
			fmt.Println(err)
		}
	},
}

// pantry is the server with its settings.
type pantry struct {
	srv   *server.MCPServer
	write bool
}

// readOnlyNames are the tools that change nothing.
func readOnlyNames() map[string]bool {
	return map[string]bool{
		"list_jars": true,
		"find_jar":  true,
	}
}

func newPantry(writeAccess bool) (*pantry, error) {
	srv := server.NewMCPServer("gated golden", "0.1.0")
	if err := checkName("gated golden"); err != nil {
		return nil, err
	}
	registerTools(srv, writeAccess)
	return &pantry{srv: srv, write: writeAccess}, nil
}

// checkName fails on an empty name; the error path decides nothing.
func checkName(name string) error {
	if name == "" {
		return errors.New("no name")
	}
	return nil
}

func registerTools(s *server.MCPServer, writeAccess bool) {
	add := func(tool mcp.Tool, h server.ToolHandlerFunc) {
		if !writeAccess {
			if ro := readOnlyNames()[tool.Name]; !ro {
				return // a write tool without write access
			}
		}
		s.AddTool(tool, h)
	}
	add(shelf.ListJarsTool, shelf.Handle())
	add(shelf.FindJarTool, shelf.Handle())
	add(shelf.FillJarTool, shelf.Handle())
	add(shelf.EmptyJarTool, shelf.Handle())

	addIf(s, writeAccess, shelf.AuditTool)
	addIf(s, s != nil, shelf.WeighTool)
	addExtras(s, "basic")
}

// addIf registers tool when on is true.
func addIf(s *server.MCPServer, on bool, tool mcp.Tool) {
	if !on {
		return
	}
	s.AddTool(tool, shelf.Handle())
}

// addExtras registers the extra tool in the full mode only.
func addExtras(s *server.MCPServer, mode string) {
	if mode != "full" {
		return
	}
	s.AddTool(mcp.NewTool("map_pantry", mcp.WithDescription("Draws the whole pantry.")), shelf.Handle())
}

func main() {
	fs := pflag.NewFlagSet("gated", pflag.ExitOnError)
	fs.Bool("write-access", false, "enable the tools that change the pantry")
	if err := fs.Parse(os.Args[1:]); err != nil {
		fmt.Println(err)
		return
	}
	serveCmd.run(fs)
}
