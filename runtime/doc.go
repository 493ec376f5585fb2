// Package runtime is what agents and tscg-generated executors import to
// run a model's tool calls safely: a Registry of tools, Dispatch with
// unknown-tool refusal, a strict argument pipeline, errors written for the
// model to correct itself, middleware, metrics and provider adapters.
//
// A model's tool call is untrusted input. Dispatch runs every call through
// the same pipeline:
//
//  1. lookup: an unknown name is refused, with the closest registered
//     names (Levenshtein) so the model can correct itself;
//  2. strict decode (Decode): duplicate keys, invalid UTF-8, trailing
//     data, documents over Limits.MaxBytes or nested deeper than
//     Limits.MaxDepth are rejected; numbers keep their exact text;
//  3. optional lenient repairs (WithLenient): a markdown fence, arguments
//     sent as a JSON string, trailing commas, single quotes, and a number
//     or boolean sent as a string where the schema wants one; each repair
//     is reported in Result.Meta["repairs"] and counted in Metrics;
//  4. validation against the tool's input JSON Schema. The verdict is
//     internal/jsonval's (held to santhosh-tekuri/jsonschema/v6 by
//     differential tests); the runtime renders its error tree
//     as Violations, each a JSON pointer plus a hint such as
//     `/max_results: expected an integer from 1 to 50, got "ten"`, sent to
//     the model within a length budget (WithErrorBudget);
//  5. defaults from the schema filled in;
//  6. the middleware chain (Timeout, Recover, Approval, Truncate, Logging,
//     Observe) around the handler (Typed decodes into Go types);
//  7. an optional check of the result against the output schema.
//
// Every failure is a Result with IsError set; Dispatch never panics.
//
// The registry takes JSON Schema documents, not compiler types, so the
// package depends only on the standard library and the validator. Func
// infers schemas from Go types for hand-written tools. The Parse* and
// Render* functions translate between Calls/Results and the tool-call
// shapes of OpenAI Chat Completions, OpenAI Responses, Anthropic
// Messages, Gemini and MCP.
package runtime
