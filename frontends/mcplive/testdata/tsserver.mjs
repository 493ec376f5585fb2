// An MCP server on the TypeScript SDK for mcplive's tests. The test
// copies this file next to the SDK it installed from npm and runs it
// with node. Argument: the number of tools.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "ts-test", version: "4.5.6" });
const n = Number(process.argv[2] ?? "3");
for (let i = n - 1; i >= 0; i--) {
  const name = `convert_${String(i).padStart(3, "0")}`;
  server.registerTool(
    name,
    {
      title: `Convert ${i}`,
      description: "Convert an amount between currencies.",
      inputSchema: { amount: z.number().positive(), to: z.enum(["EUR", "USD"]).default("EUR") },
      outputSchema: { value: z.number() },
      annotations: { readOnlyHint: true },
    },
    async ({ amount }) => ({ content: [], structuredContent: { value: amount } }),
  );
}
await server.connect(new StdioServerTransport());
