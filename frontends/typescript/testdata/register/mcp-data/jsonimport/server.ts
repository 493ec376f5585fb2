// A description that embeds a JSON file of the project: the file is
// loaded with a dynamic import (import attributes), and its module
// namespace is written with JSON.stringify, compact and indented.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const manifestSchema = await import("./manifest.schema.json", { with: { type: "json" } });

const server = new McpServer({ name: "planting", version: "1.0.0" });

server.registerTool(
  "plan_planting",
  {
    description: `Plan a planting. The manifest follows:\n${JSON.stringify(manifestSchema.default, null, 2)}`,
    inputSchema: {
      manifest: z.string().describe(`Planting manifest as JSON. Must follow schema: ${JSON.stringify(manifestSchema, null, 0)}`),
      strict: z.boolean().optional(),
    },
  },
  async () => ({ content: [] }),
);
