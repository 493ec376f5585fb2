// Package golang is tscg's Go frontend: it reads tools and parameter types
// from Go source with go/packages and go/types, as a compiler does, without
// running the user's code. Packages that load cleanly are loaded from one
// go list run (golist.go: what packages.Load would build, without the two
// go commands it runs first); any other load is packages.Load's.
//
// A tool is an exported function or method whose doc comment carries the
// directive //tscg:tool (optionally //tscg:tool name=…), with the signature
// func([ctx context.Context,] in In) ([Out,] error) or the go-sdk's
// func(ctx, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error).
// Its doc comment is the description; //tscg:readonly, //tscg:destructive,
// //tscg:idempotent, //tscg:openworld and //tscg:approval set its
// annotations. Tools registered through an MCP SDK are read from the
// registration (sdk.go, mcpgo.go): the go-sdk's mcp.AddTool(s, &mcp.Tool{…},
// h) (input from In, output from Out) and Server.AddTool with a literal
// InputSchema; mcp-go's mcp.NewTool(name, opts…), replayed the way mcp-go
// builds the schema, and mcp.Tool literals. Arguments must be constants or
// literals (literal.go): anything tscg would have to run is an error at
// its position.
//
// A go-sdk tool's In and Out follow google/jsonschema-go v0.4, which the
// go-sdk runs on them (google.go): that is the listing the server
// publishes; a receiving middleware rewriting tools/list is run on that
// listing (middleware.go). Elsewhere a result's schema accepts what encoding/json writes (ir.Type.NullInOutput,
// ir.Property.OmittedInOutput); an input's does not.
//
// Types follow encoding/json: json tags rename, skip ("-") and make fields
// optional (omitempty, omitzero); every other field is required; embedded
// structs are flattened with encoding/json's dominance rules; a pointer by
// itself is neither optional nor nullable. invopop/jsonschema struct tags
// (jsonschema, jsonschema_description, jsonschema_extras) keep invopop's
// meaning, and a jsonschema tag written in google/jsonschema-go's style (the
// whole tag is a description) is read as a description. Beyond what
// reflection can see, a named type with a const block becomes an enum and
// doc comments (full text) become descriptions. Objects are closed unless
// the output is configured otherwise. The invopop Reflector settings users
// set (RequiredFromJSONSchemaTags, AllowAdditionalProperties,
// DoNotReference, ExpandedStruct) come from tscg.yaml's go: section
// (Options.Reflector). invopop's schema methods are read, never run
// (schemamethod.go): JSONSchema() *jsonschema.Schema whose body returns a
// literal replaces the type's schema (Extras merged, as invopop's
// MarshalJSON does), JSONSchemaExtend(s) whose body only sets s's
// Description, Title, Examples or Deprecated to literals edits it; any
// other body is a warning at the method and the fields and tags decide.
//
// Nothing is dropped silently: a struct meant for JSON (one with a json
// tag) whose field has no JSON encoding (a channel, function, complex
// number, error or interface with methods, or a struct holding one) is an
// error at the type naming the field, whether or not a tool uses it; any
// other type without a schema (a server struct) is listed in
// ir.Catalog.Unconverted, so naming it with --type is an error at it.
package golang
