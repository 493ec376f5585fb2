import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

export const ShoutSchema = z.object({
  words: z.string().describe("Words to repeat in capitals"),
});

const name = "shout";
const config = {
  title: "Shout Tool",
  description: "Repeats the given words in capital letters",
  inputSchema: ShoutSchema,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
    category: "text",
  },
  _meta: { "example.tscg/volume": "loud", "example.tscg/levels": [1, 2, 3] },
};

/**
 * Adds the 'shout' tool to a server.
 *
 * @param {McpServer} server - the server to add the tool to.
 */
export const registerShoutTool = (server: McpServer) => {
  server.registerTool(name, config, async (args): Promise<CallToolResult> => {
    const parsed = ShoutSchema.parse(args);
    return {
      content: [{ type: "text", text: parsed.words.toUpperCase() }],
    };
  });
};
