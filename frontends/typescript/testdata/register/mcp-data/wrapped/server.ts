// A low-level server whose tools/list handler is wrapped twice by
// middleware (a journal method and a timing helper) and returns a
// parameter bound to the definitions another module's function makes.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { makeDefinitions } from "./definitions.js";
import { Journal, timed } from "./journal.js";

function installHandlers(server: Server, tools: Tool[], journal: Journal) {
  server.setRequestHandler(
    ListToolsRequestSchema,
    journal.wrap(
      "ListTools",
      timed(async () => ({
        tools: tools,
      }), "ListTools"),
    ),
  );
}

const server = new Server({ name: "kiln", version: "1.0.0" }, { capabilities: { tools: {} } });
const TOOLS = makeDefinitions();
installHandlers(server, TOOLS, new Journal());
await server.connect(new StdioServerTransport());
