import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { AbstractTool } from "./AbstractTool.js";

export default class ListTimers extends AbstractTool {
  register(server: McpServer) {
    server.registerTool(
      "list_timers",
      {
        description: "List the timers that are running.",
        inputSchema: z.object({ kitchen: z.string().optional() }),
        annotations: { readOnlyHint: true },
      },
      async () => ({ content: [] }),
    );
  }
}
