// Package pyexec runs Python tool functions for a runtime.Registry: the
// script tools of a tools folder, called without a plugin rebuild.
//
// Each call sends the validated arguments as JSON to a Python process
// running an embedded driver (driver.py) and reads the result back as
// JSON. Two modes: spawn a fresh interpreter per call (simple, ~tens of
// milliseconds each), or keep a pool of long-lived workers that speak JSON
// lines (a call costs a round trip). In both:
//
//   - the tool sees only the environment variables in Config.Env;
//   - a call that exceeds its timeout is killed (its whole process group
//     on Unix), and a pool worker that dies or is killed is replaced;
//   - the protocol lives on duplicated file descriptors: whatever the tool
//     prints goes to stderr, never into a result;
//   - an exception comes back as a tool error with the exception's type,
//     message and the last lines of its traceback;
//   - what the model reads is the result as text: a string result as the
//     plain string (no quotes, no escapes; runtime.Result.Text is set),
//     any other value as JSON with non-ASCII characters as UTF-8 (the
//     driver's \uXXXX escapes are undone; 北京 stays 北京, 2 characters
//     rather than 12).
//
// Handler adapts a call target to a runtime.Handler, so the registry's
// validation, defaults and middleware run before Python does. A target is
// a module-level function, a framework's tool object or BaseTool class
// (their own code runs), or a low-level MCP server's call_tool handler
// with the tool's name; a target naming none of these is refused without
// running Python, never resolved to another function.
package pyexec
