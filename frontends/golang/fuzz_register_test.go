package golang

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// sdkTypes loads, once, the type-checked packages the golden servers
// import (the go-sdk, mcp-go and their dependencies, required by
// testdata/servers/go.mod), so the fuzz target type-checks each input
// against the real SDKs without running go list per input.
var sdkTypes = sync.OnceValues(func() (map[string]*types.Package, error) {
	dir, err := filepath.Abs(serversDir)
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps, Dir: dir}
	ps, err := packages.Load(cfg, "./cases/gosdk", "./cases/mcpgo", "log", "flag", "net/http", "os", "strings", "time", "fmt", "context", "encoding/json", "errors", "io", "net/url", "sync", "bytes", "slices", "sort", "maps", "iter", "math", "strconv", "os/signal", "runtime")
	if err != nil {
		return nil, err
	}
	out := map[string]*types.Package{}
	packages.Visit(ps, nil, func(p *packages.Package) {
		if p.Types != nil {
			out[p.PkgPath] = p.Types
		}
	})
	return out, nil
})

// mapImporter imports only what sdkTypes loaded (the SDKs and every
// package they import, the standard library's included): an input
// importing anything else does not type-check and is skipped.
type mapImporter map[string]*types.Package

func (m mapImporter) Import(path string) (*types.Package, error) {
	if p, ok := m[path]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("package %s is not loaded", path)
}

// FuzzRegistrations feeds Go files to the registration reader (mcp.AddTool,
// Server.AddTool, mcp.NewTool and mcp.Tool literals, and the literals they
// are written with): whatever the file says, reading it must not panic,
// and every tool it returns has a name and an object input.
func FuzzRegistrations(f *testing.F) {
	seeds, _ := filepath.Glob(serversDir + "/*/*/*.go")
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	if len(seeds) < 10 {
		f.Fatalf("%d seed files: the golden servers are missing", len(seeds))
	}
	pkgs, err := sdkTypes()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tools, _ := readRegistrations(pkgs, src)
		for _, tool := range tools {
			if tool.Name == "" {
				t.Errorf("a tool without a name at %s", tool.Pos)
			}
			if tool.Params == nil {
				t.Errorf("tool %s has no input type", tool.Name)
			}
		}
	})
}

// readRegistrations type-checks one file against the SDKs and reads its
// registrations; checked is false when the file does not type-check.
func readRegistrations(pkgs map[string]*types.Package, src string) (tools []*ir.Tool, checked bool) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "main.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	// Instances is what the reader takes a generic registration's type
	// arguments from (mcp.AddTool[In, Out], mcp.WithInputSchema[T]).
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances: map[*ast.Ident]types.Instance{}}
	conf := types.Config{Importer: mapImporter(pkgs), Error: func(error) {}}
	tp, err := conf.Check(file.Name.Name, fset, []*ast.File{file}, info)
	if err != nil {
		return nil, false // the frontend reads only packages that type-check
	}
	p := &packages.Package{PkgPath: file.Name.Name, Fset: fset, Syntax: []*ast.File{file}, Types: tp, TypesInfo: info, CompiledGoFiles: []string{"main.go"}, GoFiles: []string{"main.go"}}
	c := newConv(fset, "")
	c.pkgs = map[*types.Package]*packages.Package{tp: p}
	c.findForwarders([]*packages.Package{p})
	c.findInventories([]*packages.Package{p})
	return c.registered(p), true
}

// TestRegistrationSeeds keeps the fuzz target meaningful: the seeds that
// are whole packages in one file type-check against the real SDKs
// and register tools.
func TestRegistrationSeeds(t *testing.T) {
	pkgs, err := sdkTypes()
	if err != nil {
		t.Fatal(err)
	}
	seeds, _ := filepath.Glob(serversDir + "/*/*/*.go")
	checked, tools := 0, 0
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		ts, ok := readRegistrations(pkgs, string(b))
		if ok {
			checked++
			tools += len(ts)
		}
	}
	t.Logf("%d of %d seed files type-check alone; %d tools read from them", checked, len(seeds), tools)
	if checked < 10 || tools < 30 {
		t.Errorf("only %d seed files type-check and %d tools are read: the fuzz target would test little", checked, tools)
	}
}
