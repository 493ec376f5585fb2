import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { plainItem, KIND_BINARY, KIND_PLAIN, KINDS } from "../resources/kinds.js";

const ItemRefSchema = z.object({
  kind: z
    .enum([KIND_PLAIN, KIND_BINARY])
    .default(KIND_PLAIN),
  itemId: z
    .number()
    .default(1)
    .describe("Number of the stored item to refer to"),
});

const name = "item-ref";
const config = {
  title: "Item Reference Tool",
  description: "Returns an embedded reference to one stored item",
  inputSchema: ItemRefSchema,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

export const registerItemRefTool = (server: McpServer) => {
  server.registerTool(name, config, async (args): Promise<CallToolResult> => {
    const { kind, itemId } = ItemRefSchema.parse(args);
    if (!KINDS.includes(kind)) {
      throw new Error(`unknown kind ${kind}`);
    }
    return { content: [{ type: "resource", resource: plainItem(itemId) }] };
  });
};
