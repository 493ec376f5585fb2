// A server whose tool set depends on its environment through blocks:
// `if (…) { … } else { … }` and `else if` chains around register calls, conditions on values a
// helper derives from a variable (`normalize(process.env.X) ?? "/mcp"`),
// and a register function called only from a block that does not run
// without the variables. Read as the run without them.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

function normalize(value: string | undefined): string | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  return v || undefined;
}

const endpoint = normalize(process.env.ORCHARD_ENDPOINT) ?? "/mcp";
const mode = process.env.ORCHARD_MODE === "lite" ? "lite" : "full";

const server = new McpServer({ name: "orchard-branches", version: "1.0.0" });

function registerLite(srv: McpServer) {
  srv.registerTool("peek_row", { description: "Peek at one row", inputSchema: { row: z.number().int() } }, async () => ({ content: [] }));
}

function registerFull(srv: McpServer) {
  srv.registerTool("survey_rows", { description: "Survey every row", inputSchema: { from: z.number().int(), to: z.number().int() } }, async () => ({ content: [] }));
}

function registerSearchOnly(srv: McpServer) {
  srv.registerTool("survey_rows", { description: "Search the survey (search endpoint)", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
}

if (mode === "lite") {
  registerLite(server);
} else {
  registerFull(server);
}

if (endpoint === "/mcp-search") {
  registerSearchOnly(server);
}

if (endpoint === "/mcp") {
  server.registerTool("orchard_status", { description: `Status of the orchard served at ${endpoint}` }, async () => ({ content: [] }));
} else if (mode === "full") {
  server.registerTool("orchard_status", { description: "Status of the orchard (other endpoint)" }, async () => ({ content: [] }));
}

if (mode === "lite") {
  registerLite(server);
} else if (endpoint === "/mcp-search") {
  registerSearchOnly(server);
} else if (endpoint === "/mcp") {
  server.registerTool("harvest_log", { description: "The harvest log" }, async () => ({ content: [] }));
}
