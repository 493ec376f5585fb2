import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ServeOptions } from "./options.js";
import type { GardenTool } from "./define.js";
import { Gate } from "./gate.js";
import { buildTools } from "./tools/index.js";

export async function startGreenhouse(opts: ServeOptions) {
  const server = new McpServer({ name: "greenhouse", version: "2.1.0" });

  function serve(tool: GardenTool): void {
    const gate = new Gate(tool, opts);
    if (!gate.served) {
      return;
    }
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: gate.wire, annotations: tool.annotations },
      async () => ({ content: [{ type: "text", text: "ok" }] }),
    );
  }

  for (const tool of buildTools(opts)) {
    serve(tool);
  }
  return { server };
}
