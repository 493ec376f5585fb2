// Package providers renders a catalog as the tool manifests each LLM
// provider reads: OpenAI Chat and Responses (plain and strict), Anthropic
// (plain and strict), Gemini function declarations and MCP tools/list.
//
// Strict and Gemini manifests are lowered with the rules in
// compiler/targets. Nothing is dropped silently: a constraint a target
// cannot express is stated in words in the description and listed in
// providers/lowering.json.
package providers
