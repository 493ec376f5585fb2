// Package script runs ToolCallScripts: TypeScript (or JavaScript) a model
// writes to orchestrate many tool calls in one go, so intermediate results
// never pass through the model's context. Only the script's return value,
// its console output and a summary of its calls go back.
//
// A script is transpiled with esbuild (keeping a source map, so every
// error points at the model's own line and column) and run in a fresh
// goja VM. Its body is wrapped in an async function: top-level await and
// return work. It sees the ECMAScript built-ins and exactly these globals:
//
//   - TOOL_CALL(name, args): a Promise of the tool's result, dispatched
//     through a runtime.Registry with all of its validation and
//     middleware. It rejects with an Error whose message is the runtime's
//     self-correcting text when the tool is unknown, the arguments are
//     invalid or the tool fails; the script can catch it.
//   - FORMALIZE(text, type): turns unstructured text into a value of a
//     TypeScript type using a cheaper model (a Completer); see Formalize.
//   - console.log/info/warn/error: captured into Outcome.Log.
//
// TOOL_CALL("tool_call_script", {script}) runs a sub-script and resolves
// to its returned value, to Options.MaxDepth levels (default 2). Every
// level dispatches through the same Registry (the same gate and
// middleware) and all share the top-level run's budget of tool calls,
// FORMALIZE calls and time; a sub-script's console lines join its
// caller's log, prefixed SubScriptPrefix.
//
// There is no require, import, process, file system, network or timer; a
// run cannot reach a Go object other than these functions.
//
// Limits (Limits) bound the wall-clock time (goja's Interrupt stops even
// a busy loop), the number of tool and FORMALIZE calls, and the bytes of
// log and result; exceeding one ends the run with an *Error of kind
// KindLimit or KindTimeout.
//
// # Type text without the compiler
//
// FORMALIZE needs TypeScript type text compiled to JSON Schema, which is
// tscg's compiler's job, and the runtime must not depend on the compiler
// (generated code imports only the runtime). Options.CompileType is
// therefore pluggable; compiler/tstype provides the default backed
// by tscg's TypeScript frontend, and hosts that want FORMALIZE pass
// tstype.Compile. Tool declarations are rendered from the Registry's JSON
// Schemas by runtime/script/schemats, which has no such dependency.
package script
