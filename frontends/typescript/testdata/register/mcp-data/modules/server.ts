// Tool modules that default-export their definition; the server loops
// over the default-exported object that gathers them.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import tools from "./tools/index.js";

export const server = new McpServer({ name: "almanac", version: "3.1.0" });

for (const tool of Object.values(tools)) {
  server.tool(tool.name, tool.description, tool.inputSchema, tool.annotations, tool.execute);
}
