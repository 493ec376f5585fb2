// Tools kept as definition objects in modules, registered by a loop over
// the barrel's exports.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as tools from "./tools/index.js";

const server = new McpServer({ name: "tidebook", version: "0.1.0" });

for (const tool of Object.values(tools)) {
  server.tool(tool.name, tool.description, tool.inputSchema.shape, tool.annotations, async (args) => ({
    content: [{ type: "text", text: JSON.stringify(args) }],
  }));
}

await server.connect(new StdioServerTransport());
