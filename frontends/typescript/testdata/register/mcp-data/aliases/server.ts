// Tool modules imported through tsconfig path aliases and baseUrl.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { switchTool } from "@tools/switch";
import { dimTool } from "@tools/dim.js";

const server = new McpServer({ name: "lamps", version: "1.0.0" });

for (const t of [switchTool, dimTool]) {
  server.registerTool(t.name, { description: t.description, inputSchema: t.shape }, async () => ({ content: [] }));
}
