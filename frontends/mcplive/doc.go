// Package mcplive reads the live tools/list of one MCP server: a command
// spoken to over stdio, or a streamable HTTP endpoint. It is the frontend
// for servers whose tools exist only when they run (tools fetched or
// registered at start-up, feature flags, languages tscg has no frontend
// for).
//
// Take starts or dials the server with the MCP go-sdk's client, runs
// initialize, follows every nextCursor of tools/list and returns a
// Snapshot; Snapshot.JSON is a deterministic catalog the JSON frontend
// reads like any MCP tools/list result: tools sorted by name, each tool's
// keys in a fixed order (schemas keep the server's own order), with the
// server's name, version and protocol version beside them.
//
// Everything is bounded: a start-up timeout (process start and
// initialize), a listing timeout (all pages), a limit on the bytes the
// server sends, and a started command runs in its own process group,
// killed at the end and on every error path. A failure is an *Error that
// names what went wrong and carries the tail of the server's stderr.
package mcplive
