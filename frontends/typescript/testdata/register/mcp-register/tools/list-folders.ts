import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

const name = "list-folders";
const config = {
  title: "List Folders Tool",
  description:
    "Lists the folders the client has shared with this server. Shows the roots capability at work without touching any folder.",
  inputSchema: {},
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

/**
 * Adds 'list-folders', only for a client that can share folders.
 */
export const registerListFoldersTool = (server: McpServer) => {
  const caps = server.server.getClientCapabilities() || {};
  const sharesFolders: boolean = caps.roots !== undefined;

  if (sharesFolders) {
    server.registerTool(
      name,
      config,
      async (args, extra): Promise<CallToolResult> => {
        const listed = await server.server.listRoots();
        return {
          content: [{ type: "text", text: listed.roots.map((r) => r.uri).join("\n") }],
        };
      }
    );
  }
};
