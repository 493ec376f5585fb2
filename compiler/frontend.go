package compiler

import (
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/frontends/golang"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/frontends/python"
	"github.com/tscg/tscg/frontends/typescript"
	"github.com/tscg/tscg/frontends/workflow"
)

// A Frontend reads the inputs of one language into the IR. The build
// driver groups the inputs by Language and calls each frontend once with
// all of its files, in the order of Frontends.
type Frontend interface {
	// Language is the inputs this frontend reads.
	Language() Language
	// Load compiles files (for Go: package patterns). in.Catalog holds
	// what the frontends before it compiled (workflows call those tools).
	Load(files []string, in LoadInput) (*ir.Catalog, diag.List)
}

// LoadInput is what a frontend may know of the rest of the build.
type LoadInput struct {
	Config  *Config
	Walked  map[string]bool // files a directory walk found (not named by the user)
	Catalog *ir.Catalog     // compiled so far
	Select  *Selection      // what the command needs (nil: everything)
	// FirstDefinitions: only the first definition of a tool name needs
	// its schemas (Inputs.FirstDefinitions).
	FirstDefinitions bool
}

// Selection is what a command needs compiled: named types and tools by
// name, "*" for all. An error only in a declaration it does not reach is
// a warning (frontends that read declarations one by one honour it; the
// TypeScript frontend does).
type Selection = typescript.Selection

// AllTools selects every tool and what the tools reference: what build
// and lint compile.
func AllTools() *Selection { return &Selection{Tools: []string{"*"}} }

// Frontends are tscg's frontends in the order they run: workflows come
// last because they call the tools of every other input.
var Frontends = []Frontend{
	frontendFunc{TypeScript, func(fs []string, in LoadInput) (*ir.Catalog, diag.List) {
		return typescript.Load(fs, typescript.Options{Select: in.Select})
	}},
	frontendFunc{JSON, func(fs []string, in LoadInput) (*ir.Catalog, diag.List) {
		return jsonfront.Load(fs, jsonfront.Options{CloseObjects: in.Config.CloseImportedObjects, Discovered: in.Walked, FirstDefinitions: in.FirstDefinitions})
	}},
	frontendFunc{Python, func(fs []string, in LoadInput) (*ir.Catalog, diag.List) {
		py := in.Config.Python
		return python.Load(fs, python.Options{ToolDecorators: py.ToolDecorators, InjectedTypes: py.InjectedTypes, Nested: in.Walked, TscgListing: py.Listing == "tscg"})
	}},
	frontendFunc{Go, func(ps []string, in LoadInput) (*ir.Catalog, diag.List) {
		g := in.Config.Go
		return golang.Load(goPatterns(ps), golang.Options{Reflector: golang.Reflector{
			RequiredFromJSONSchemaTags: g.RequiredFromJSONSchemaTags,
			AllowAdditionalProperties:  g.AllowAdditionalProperties,
			DoNotReference:             g.DoNotReference,
			ExpandedStruct:             g.ExpandedStruct,
		}, Toolchain: g.Toolchain})
	}},
	frontendFunc{Workflow, func(fs []string, in LoadInput) (*ir.Catalog, diag.List) {
		tools, ds := workflow.Load(fs, in.Catalog)
		return &ir.Catalog{Tools: tools}, ds
	}},
}

// frontendFunc adapts a frontend package's Load to Frontend.
type frontendFunc struct {
	lang Language
	load func([]string, LoadInput) (*ir.Catalog, diag.List)
}

func (f frontendFunc) Language() Language { return f.lang }

func (f frontendFunc) Load(files []string, in LoadInput) (*ir.Catalog, diag.List) {
	return f.load(files, in)
}
