// Command shelves is a golden of ours (issue 28): groups of tools
// registered the way containers/kubernetes-mcp-server registers its
// toolsets. Each shelf is a type of its own that adds itself from an
// init() to a registry, a map keyed by the name its Name method returns;
// the server looks up the shelves its configuration names (a flag
// defaulting to the configuration's own list, copied only when the flag
// is given), keeps them in a lazily filled field and calls Stock through
// the Shelf interface. Started without arguments it serves the pantry
// and garden shelves; the cellar shelf is registered but never looked
// up, so its tools are not published.
package main

import (
	"context"
	"log"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/pflag"
)

// Shelf is one group of tools.
type Shelf interface {
	Name() string
	Stock(s *mcp.Server)
}

type shelfRegistry struct {
	shelves map[string]Shelf
}

var shelfReg = &shelfRegistry{shelves: make(map[string]Shelf)}

func (r *shelfRegistry) add(shelf Shelf) {
	name := shelf.Name()
	if _, dup := r.shelves[name]; dup {
		panic("shelf registered twice: " + name)
	}
	r.shelves[name] = shelf
}

func (r *shelfRegistry) get(name string) Shelf {
	return r.shelves[name]
}

// Register adds a shelf; each shelf calls it from its init().
func Register(shelf Shelf) {
	shelfReg.add(shelf)
}

// ShelfFromString is the shelf registered under name, nil when none is.
func ShelfFromString(name string) Shelf {
	return shelfReg.get(strings.TrimSpace(name))
}

type settings struct {
	Shelves []string
}

func defaultSettings() *settings {
	return &settings{Shelves: []string{"pantry", "garden"}}
}

type configuration struct {
	*settings
	chosen []Shelf
}

func (c *configuration) Chosen() []Shelf {
	if c.chosen == nil {
		for _, name := range c.settings.Shelves {
			c.chosen = append(c.chosen, ShelfFromString(name))
		}
	}
	return c.chosen
}

type options struct {
	Shelves  []string
	Settings *settings
}

func main() {
	o := &options{Settings: defaultSettings()}
	fs := pflag.NewFlagSet("shelves", pflag.ExitOnError)
	fs.StringSliceVar(&o.Shelves, "shelves", o.Shelves, "shelves to serve")
	if err := fs.Parse(os.Args[1:]); err != nil {
		log.Fatal(err)
	}
	if fs.Lookup("shelves").Changed {
		o.Settings.Shelves = o.Shelves
	}
	cfg := &configuration{settings: o.Settings}
	s := mcp.NewServer(&mcp.Implementation{Name: "shelves golden", Version: "0.1.0"}, nil)
	for _, shelf := range cfg.Chosen() {
		if shelf != nil {
			shelf.Stock(s)
		}
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
