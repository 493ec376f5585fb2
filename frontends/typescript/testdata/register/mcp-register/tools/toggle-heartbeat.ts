import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

const name = "toggle-heartbeat";
const config = {
  title: "Toggle Heartbeat",
  description: "Switches a periodic heartbeat notification on or off.",
  inputSchema: {},
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
};

const beating: Set<string | undefined> = new Set<string | undefined>();

/**
 * Adds the `toggle-heartbeat` tool. Each call flips the heartbeat of the
 * calling session.
 */
export const registerToggleHeartbeatTool = (server: McpServer) => {
  server.registerTool(
    name,
    config,
    async (_args, extra): Promise<CallToolResult> => {
      const session = extra?.sessionId;
      let text: string;
      if (beating.has(session)) {
        beating.delete(session);
        text = `Heartbeat off for ${session}`;
      } else {
        beating.add(session);
        text = `Heartbeat on for ${session}`;
      }
      return {
        content: [{ type: "text", text: `${text}` }],
      };
    }
  );
};
