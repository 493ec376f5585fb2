import type { Tool } from "@modelcontextprotocol/sdk/types.js";

// Tool definitions as JSON Schema literals, one with "properties": {} and
// "required": [] written out.
export function makeDefinitions(): Tool[] {
  return [
    {
      name: "kiln_fire",
      description: "Fire the kiln to a temperature.",
      inputSchema: {
        type: "object",
        properties: {
          temperature: { type: "number", description: "Peak temperature in degrees Celsius" },
          cone: { type: "string", enum: ["06", "6", "10"], description: "Pyrometric cone" },
        },
        required: ["temperature"],
      },
    },
    {
      name: "kiln_cool",
      description: "Let the kiln cool down.",
      inputSchema: {
        type: "object",
        properties: {},
        required: [],
      },
    },
  ];
}
