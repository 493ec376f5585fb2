// Package jsonschema is tscg's JSON frontend: it reads existing tool
// catalogs and JSON Schema files into the IR.
//
// Load detects each file's shape:
//
//   - OpenAI Chat tools: [{"type":"function","function":{name, description, parameters, strict}}]
//   - OpenAI Responses tools: [{"type":"function","name", "description", "parameters"}]
//   - bare definitions: [{name, description, parameters}], as an array or
//     one per line (BFCL multi_turn_func_doc, ToolBench, legacy "functions")
//   - Anthropic tools: [{name, description, input_schema}]
//   - MCP tools/list results: {"tools":[…]} or {"result":{"tools":[…]}} with
//     inputSchema, outputSchema, title and annotations
//   - BFCL JSON Lines records: {"id","question","function":[…]} one per line
//     (BFCL's files end in .json); .jsonl files are always JSON Lines
//   - ToolBench answer files: {"answer_generation":{"function":[…]}}
//   - plain JSON Schema documents: $defs/definitions and the root become
//     named types (Catalog.Types)
//
// Known companion files that hold no definitions (BFCL possible answers
// and multi-turn records, tau-bench trajectories, ToolBench queries and
// response examples) are skipped with a warning; any other shape is an
// error that lists the accepted ones.
//
// Tool identity: a definition identical to one already read under the same
// name (same JSON text after normalising whitespace and escapes) is
// dropped, keeping the first in sorted file order; a different definition
// under a taken name is kept as well, with a warning, since BFCL reuses
// names for unrelated functions and dropping either would lose one.
//
// Schemas map keyword by keyword to ir.Type; what the IR does not model
// (not, if/then/else, patternProperties, vendor keys such as ToolBench's
// example_value or BFCL's optional, …) is kept verbatim in Type.Extra.
// BFCL's non-standard type names (dict, float, tuple, any, Java names)
// map as BFCL's converter maps them, except that "any" means no type
// constraint. Positions are 1-based lines and byte columns.
package jsonschema
