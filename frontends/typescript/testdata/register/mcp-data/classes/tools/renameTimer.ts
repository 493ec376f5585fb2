import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { AbstractTool } from "./AbstractTool.js";

export class RenameTimer extends AbstractTool {
  constructor(
    private field: string,
    protected maxLength: number,
  ) {
    super();
  }

  register(server: McpServer) {
    server.registerTool(
      "rename_timer",
      {
        description: "Change the " + this.field + " of a running timer.",
        inputSchema: z.object({
          timerId: z.string(),
          [this.field]: z.string().max(this.maxLength),
        }),
      },
      async () => ({ content: [] }),
    );
  }
}
