import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { AbstractTool } from "./AbstractTool.js";

export default class SetTimer extends AbstractTool {
  private kitchen: string;

  constructor(kitchen: string, private readonly minutes: string) {
    super();
    this.kitchen = kitchen;
  }

  register(server: McpServer) {
    const kitchenSchema = z
      .string()
      .default(this.kitchen)
      .describe("The kitchen whose timer rings. Defaults to TSCG_GOLDEN_KITCHEN.");

    server.registerTool(
      "set_timer",
      {
        title: "Set Timer",
        description: "Start a countdown timer in a kitchen.",
        inputSchema: z.object({
          kitchen: kitchenSchema,
          minutes: z.string().default(this.minutes).describe("How long, in minutes."),
        }),
        annotations: { idempotentHint: false },
      },
      async ({ kitchen, minutes }) => ({ content: [{ type: "text", text: `${kitchen}: ${minutes}` }] }),
    );
  }
}
