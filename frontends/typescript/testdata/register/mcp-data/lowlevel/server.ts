// A low-level server whose tools/list handler returns tool objects from
// data: Object.values of a definitions object plus a mapped array.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { toolDefs } from "./tooldefs.js";

const extra = [
  { id: "ring_bird", what: "Record a ringed bird." },
  { id: "free_bird", what: "Record a release." },
];

const server = new Server({ name: "aviary", version: "2.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  const mapped = extra.map((x) => ({
    name: x.id,
    description: x.what,
    inputSchema: { type: "object", properties: { ring: { type: "string" } } },
  }));
  return { tools: [...Object.values(toolDefs), ...mapped] };
});
