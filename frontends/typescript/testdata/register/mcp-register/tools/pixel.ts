import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

// A one-pixel transparent GIF, base64-encoded.
export const ONE_PIXEL_GIF =
  "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

const name = "get-pixel";
const config = {
  title: "Get Pixel Tool",
  description: "Returns a single transparent pixel as an image.",
  inputSchema: {},
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

export const registerGetPixelTool = (server: McpServer) => {
  server.registerTool(name, config, async (args): Promise<CallToolResult> => {
    return {
      content: [{ type: "image", data: ONE_PIXEL_GIF, mimeType: "image/gif" }],
    };
  });
};
