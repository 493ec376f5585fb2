import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

// An outline editor: a block holds text or more blocks, so its schema
// refers to itself through z.lazy; a list node refers to itself from
// inside its own z.object.

const toneSchema = z.enum(["plain", "bold", "muted"]);

const blockSchema: z.ZodType<any> = z.lazy(() =>
  z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("text"),
      text: z.string().min(1),
      tone: toneSchema.optional(),
    }),
    z.object({
      kind: z.literal("group"),
      children: z.array(blockSchema).min(1),
      folded: blockSchema.optional(),
      tone: toneSchema.optional(),
    }),
  ]),
);

type Item = { label: string; next?: Item };
const itemSchema: z.ZodType<Item> = z.object({
  label: z.string(),
  next: z.lazy(() => itemSchema).optional(),
});

const server = new McpServer({ name: "outline", version: "0.1.0" });

server.registerTool(
  "write_outline",
  {
    description: "Replace the outline with the given blocks",
    inputSchema: {
      title: z.string().describe("Title of the outline"),
      head: blockSchema.describe("The first block"),
      rest: z.array(blockSchema).describe("The blocks after it"),
      tone: toneSchema.default("plain"),
    },
  },
  async () => ({ content: [{ type: "text", text: "ok" }] }),
);

server.registerTool(
  "chain_items",
  {
    description: "Store a chain of items",
    inputSchema: z.object({ first: itemSchema, spare: blockSchema.nullable() }),
  },
  async () => ({ content: [{ type: "text", text: "ok" }] }),
);

await server.connect(new StdioServerTransport());
