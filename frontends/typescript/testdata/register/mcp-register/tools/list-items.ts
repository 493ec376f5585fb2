import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { itemUri, plainItem, KIND_PLAIN } from "../resources/kinds.js";

const ListItemsSchema = z.object({
  howMany: z
    .number()
    .min(1)
    .max(8)
    .default(2)
    .describe("How many item links to list (1-8)"),
});

const name = "list-items";
const config = {
  title: "List Items Tool",
  description:
    "Lists links to up to eight stored items",
  inputSchema: ListItemsSchema,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

export const registerListItemsTool = (server: McpServer) => {
  server.registerTool(name, config, async (args): Promise<CallToolResult> => {
    const { howMany } = ListItemsSchema.parse(args);
    const content: CallToolResult["content"] = [];
    for (let i = 1; i <= howMany; i++) {
      content.push({ type: "resource_link", uri: itemUri(KIND_PLAIN, i), name: `item ${i}`, description: plainItem(i).text });
    }
    return { content };
  });
};
