#!/usr/bin/env node
// A server on the SDK's low-level Server class: the tool list is the answer
// of a tools/list handler, written as JSON Schema literals.

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const SKU = { type: "string", description: "Stock-keeping unit of the article" } as const;
const WITH_SKU = { type: "object", properties: { sku: SKU } };

const server = new Server(
  { name: "stockroom", version: "0.2.0" },
  { capabilities: { tools: {} } },
);

server.setRequestHandler(ListToolsRequestSchema, async () => {
  return {
    tools: [
      {
        name: "count_stock",
        description: "Count the articles in stock for one SKU",
        inputSchema: { ...WITH_SKU, required: ["sku"] },
        annotations: { readOnlyHint: true },
      },
      {
        name: "reserve",
        description: "Put articles aside for an order",
        inputSchema: {
          type: "object",
          properties: {
            sku: SKU,
            quantity: { type: "integer", minimum: 1, description: "How many to put aside" },
            note: { type: "string" },
          },
          required: ["sku", "quantity"],
        },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
      },
    ],
  };
});

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return { content: [{ type: "text", text: `called ${request.params.name}` }] };
});

async function main() {
  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
