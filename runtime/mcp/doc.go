// Package mcp serves a runtime.Registry over the Model Context Protocol
// with the official go-sdk (github.com/modelcontextprotocol/go-sdk): over
// stdio, any go-sdk transport (in-memory for tests) or streamable HTTP.
//
// tools/list is rendered from the registry: name, title, description,
// inputSchema, outputSchema (when the result schema is an object, as MCP
// requires) and the annotations readOnlyHint, destructiveHint,
// idempotentHint and openWorldHint. tools/call goes through
// Registry.Dispatch, so every call gets the runtime's validation,
// middleware and metrics; its result carries structuredContent when the
// tool has an outputSchema, always with the text form, and every failure
// (unknown tool, invalid arguments, timeout, approval denied, a crashed
// executor) is an isError result with the runtime's self-correcting
// message, so the model can read it.
//
// The server never holds a tool set it could see half-changed: Swap
// replaces the whole ToolSet atomically and notifies every session with
// notifications/tools/list_changed (watch mode). With skills
// (ToolSet.Skills) each session has its own skills.Session: tools/list
// shows that session's active tools, load_skill runs with it in its
// context, and the session alone is notified when its active set changes.
//
// The server speaks the session-based protocol versions up to
// 2025-11-25 (skills need a session); go-sdk clients negotiate it.
//
// The package imports the runtime, never the compiler, so a Go agent with
// tscg-generated executors serves its registry in a few lines:
//
//	reg := runtime.NewRegistry()
//	weather.Register(reg, impl)
//	srv := mcp.NewServer(&mcp.ToolSet{Registry: reg}, mcp.Options{Name: "weather"})
//	srv.Run(ctx, &sdk.StdioTransport{})
package mcp
