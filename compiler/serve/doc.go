// Package serve assembles tscg serve so that any Go program can embed it:
// it compiles the inputs with the build driver (package compiler), maps
// each tool to an executor (the Python worker pool, a configured HTTP
// endpoint or command, a compiled workflow), adds load_skill and
// tool_call_script when asked, and serves the result over MCP with the
// runtime (runtime/mcp) on stdio or streamable HTTP. Watch recompiles on
// changes and swaps the tool set atomically.
//
// The CLI (internal/cli) is a thin command over New, ServeStdio,
// ServeHTTP and Watch.
package serve
