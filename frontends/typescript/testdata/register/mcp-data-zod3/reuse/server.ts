// zod 3 schemas used more than once in one tool's input: the SDK's
// converter (zod-to-json-schema) writes each repeat as a JSON pointer to
// where it wrote the schema first; a .describe()d use is a new schema
// (written in full), an .optional() use is the same schema.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const Plot = z.object({
  row: z.number().int().describe("Row number"),
  bed: z.string(),
});
const Crop = z.enum(["bean", "leek", "kale"]);
const Note = z.string().max(200);

const server = new McpServer({ name: "allotment", version: "0.4.0" });

server.registerTool(
  "move_crop",
  {
    description: "Move a crop from one plot to another",
    inputSchema: {
      from: Plot,
      to: Plot,
      crop: Crop,
      also: z.array(Crop).optional(),
      via: Plot.optional(),
      spare: Plot.describe("A spare plot"),
      notes: z.object({ before: Note, after: Note.optional() }),
    },
  },
  async () => ({ content: [] }),
);

server.registerTool(
  "list_plots",
  {
    description: "List plots",
    inputSchema: { near: Plot.optional(), crops: z.array(Crop) },
  },
  async () => ({ content: [] }),
);
