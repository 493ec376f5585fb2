import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

// server.tool with an empty raw shape `{}` (SDK 1.23 and later make it a
// zod 4 object whatever zod the project uses) and a raw shape whose
// properties are named like JSON Schema keywords (type, id); both behind
// a filter on tool names that only the caller decides.
export function registerPantryTools(server: McpServer, getConfig: () => unknown, enabled: Set<string> | null = null) {
  const isEnabled = (name: string) => enabled === null || enabled.has(name);

  if (isEnabled("pantry_status")) {
    server.tool(
      "pantry_status",
      "Report how full the pantry shelves are right now.",
      {},
      async () => ({ content: [{ type: "text" as const, text: "ok" }] }),
    );
  }

  if (isEnabled("pantry_find")) {
    server.tool(
      "pantry_find",
      "Find jars in the pantry by label or shelf.",
      {
        id: z.string().optional().describe("Jar label (e.g. 'plum-2024'). Either id or shelf is required."),
        shelf: z.string().url().optional().describe("Shelf address."),
        max_items: z.number().default(20).describe("Most jars to list (default: 20)"),
        type: z.string().optional().describe("Filter by jar kinds (comma-separated): jam, pickle, honey."),
      },
      async ({ id, shelf, max_items, type }: { id?: string; shelf?: string; max_items: number; type?: string }) => ({
        content: [{ type: "text" as const, text: [id, shelf, max_items, type].join(" ") }],
      }),
    );
  }
}
