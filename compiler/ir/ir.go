// Package ir is tscg's intermediate representation: the tools of a catalog
// and the graph of their parameter and result types.
//
// The IR is frontend-neutral. TypeScript, Go, Python and JSON frontends all
// produce a *Catalog, and every output (JSON Schema, provider manifests,
// descriptions, Go executors) is generated from it. Types form a graph:
// named types are shared through Ref nodes that point at a *Named, so
// recursion needs no special casing beyond a visited set.
package ir

import (
	"github.com/tscg/tscg/compiler/diag"
)

// Pos is a source position (1-based; 0 means unknown).
type Pos = diag.Pos

// Catalog is everything one compilation produced.
type Catalog struct {
	Tools  []*Tool
	Types  []*Named // named types in declaration order (files sorted by path)
	Groups []*Group
	// Unconverted are named types a frontend read but could not give a
	// schema (a Go struct of channels and functions: a server, a client),
	// so that asking for one by name is an error at it rather than "no
	// such type".
	Unconverted []Unconverted
}

// Unconverted is a named type without a schema, and why.
type Unconverted struct {
	Name     string
	Exported bool
	Pos      Pos
	// Why is the first problem, with its position ("file:line:col: …").
	Why string
}

// UnconvertedType returns the unconverted type with the given name, or nil.
func (c *Catalog) UnconvertedType(name string) *Unconverted {
	for i := range c.Unconverted {
		if c.Unconverted[i].Name == name {
			return &c.Unconverted[i]
		}
	}
	return nil
}

// Tool is one callable tool.
type Tool struct {
	Name        string
	Title       string
	Description string
	// Params is always an object type (possibly without properties), or a
	// Ref to one.
	Params *Type
	// Result is nil when the tool declares no result type.
	Result      *Type
	Examples    []Example
	Annotations Annotations
	Deprecated  bool
	Group       string
	Pos         Pos
	// Source names the frontend that produced the tool: "typescript",
	// "json", "go", "python".
	Source string
	// Function is what a server calls to run the tool, where that is not
	// a function named Name: a Python function renamed by its decorator
	// (@tool(name="...")), a LangChain BaseTool class (its _run), or a
	// low-level MCP server's call_tool handler ("handler:tool"), in the
	// call-target form runtime/pyexec's Handler takes. Empty otherwise.
	Function string
	// ExactTitles says Title and Annotations.Title are each what the
	// source wrote in that place (an MCP SDK's title and
	// annotations.title): the MCP listing writes each only where given.
	// Otherwise Title is the one title and the listing writes it in both.
	ExactTitles bool
	// Execution is the MCP listing's execution object as the server's
	// SDK publishes it (the TypeScript SDK from 1.24 on), or nil.
	Execution Value
	// Icons is the MCP listing's icons array ([{"src", "mimeType"?,
	// "sizes"?, "theme"?}]) as the source declares it, or nil.
	Icons Value
	// Meta is the MCP listing's _meta object as the source declares it,
	// or nil.
	Meta Value
	// DeferLoading says the source declares the tool loaded on demand
	// (mcp-go's WithDeferLoading(true), published as defer_loading in its
	// listing): the loading plan never loads it eagerly while another
	// tool is, and manifests with deferred loading mark it.
	DeferLoading bool
	// AnnotationsExtra are annotation members beyond the MCP hints that
	// the tool's framework lists as given (a server's own "category",
	// fastmcp's streamingHint), in source order.
	AnnotationsExtra []Keyword
	// ListingParams is the input schema the MCP listing publishes where
	// the tool's SDK lays it out differently from Params (zod 4's
	// z.toJSONSchema writes a recurring schema once, under
	// $defs/__schemaN, and refers to it from every use); its Ref nodes
	// may name types that are not in Catalog.Types. nil: Params.
	ListingParams *Type
	// ListingDraft7 renders ListingParams as JSON Schema draft-07
	// ("definitions"), the target of the SDK's converter.
	ListingDraft7 bool
	// Listing is what the tool's framework publishes in an MCP
	// tools/list where that differs from tscg's rendering of the IR (a
	// Python framework's pydantic schema: titles, open objects, the whole
	// docstring as the description). nil: the MCP listing is rendered
	// from the IR like every other provider's manifest.
	Listing *Listing
}

// Listing is a tool's MCP listing as its framework writes it (see
// Tool.Listing). The IR stays tscg's reading (parameter descriptions from
// docstrings, closed objects) for every other output.
type Listing struct {
	// Framework names the rule that produced it ("mcp 1.x FastMCP",
	// "fastmcp 2.x"), for messages.
	Framework string
	// Name is the published name where the framework changes the tool's
	// (CrewAI's sanitize_tool_name); empty: the tool's Name.
	Name string
	// Description is the published description; with EmptyDescription
	// an empty one is published as "" (FastMCP in the MCP SDK publishes
	// `fn.__doc__ or ""`), otherwise left out.
	Description      string
	EmptyDescription bool
	// InputSchema is the published inputSchema.
	InputSchema Value
	// OutputSchema is the published outputSchema; nil: none is published.
	OutputSchema Value
}

// DisplayTitle is the tool's title for people: Title, or the
// annotations' title where only that was given.
func (t *Tool) DisplayTitle() string {
	if t.Title != "" {
		return t.Title
	}
	return t.Annotations.Title
}

// Example is one sample call of a tool.
type Example struct {
	Description string
	Arguments   Value // a JSON object
	Result      Value // optional
}

// Annotations are behaviour hints. The MCP hints are tri-state (nil means
// not stated) because MCP gives unstated hints non-false defaults.
type Annotations struct {
	ReadOnly         *bool
	Destructive      *bool
	Idempotent       *bool
	OpenWorld        *bool
	RequiresApproval bool
	// Title is annotations.title where a source gives it apart from the
	// tool's title (see Tool.ExactTitles).
	Title string
}

// IsZero reports whether no annotation is set.
func (a Annotations) IsZero() bool { return a == Annotations{} }

// Group is a set of tools that belong together (a Python module, a TS
// file's namespace); its Description is the group's rule prompt.
type Group struct {
	Name        string
	Description string
	Pos         Pos
}

// Named is a named type, emitted once under $defs and referenced by Ref.
type Named struct {
	Name     string
	Type     *Type
	Exported bool
	Pos      Pos
	// RefRoot renders the type's own schema as a $ref to its $defs entry
	// rather than its body (invopop/jsonschema's default, chosen with the
	// Go frontend's expandedStruct: false).
	RefRoot bool
}

// Tool returns the tool with the given name, or nil.
func (c *Catalog) Tool(name string) *Tool {
	for _, t := range c.Tools {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Duplicate is a tool whose name an earlier tool of the catalog already has.
type Duplicate struct {
	Tool, First *Tool
}

// DuplicateTools returns, in catalog order, every tool whose name an
// earlier tool already has, with that first tool. It is the one place
// duplicate tool names are found: the build driver turns them into
// errors, tscg lint's name-collision rule into findings.
func (c *Catalog) DuplicateTools() []Duplicate {
	var out []Duplicate
	first := make(map[string]*Tool, len(c.Tools))
	for _, t := range c.Tools {
		if prev, ok := first[t.Name]; ok {
			out = append(out, Duplicate{Tool: t, First: prev})
			continue
		}
		first[t.Name] = t
	}
	return out
}

// Type returns the named type with the given name, or nil.
func (c *Catalog) Type(name string) *Named {
	for _, n := range c.Types {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// Merge appends the contents of other catalogs to c.
func (c *Catalog) Merge(others ...*Catalog) {
	for _, o := range others {
		if o == nil {
			continue
		}
		c.Tools = append(c.Tools, o.Tools...)
		c.Types = append(c.Types, o.Types...)
		c.Groups = append(c.Groups, o.Groups...)
		c.Unconverted = append(c.Unconverted, o.Unconverted...)
	}
}
