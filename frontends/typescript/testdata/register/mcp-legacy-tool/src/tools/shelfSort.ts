import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

// zod 3 unions of literals, listed by zod-to-json-schema as one enum.
const order = z.union([z.literal("asc"), z.literal("desc")]);

export function registerShelfSortTool(server: McpServer): void {
  server.tool(
    "shelf_sort",
    "Sort a shelf of archive boxes.",
    {
      order,
      depth: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional().describe("How many levels to sort"),
      label: z.union([z.literal("year"), z.literal("name").describe("By name")]),
    },
    async ({ order: o }) => ({ content: [{ type: "text", text: String(o) }] }),
  );
}
