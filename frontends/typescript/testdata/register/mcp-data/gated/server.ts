// Tool groups switched on by a Set: registerAll(server, groups) runs
// each group's registration through a local helper that calls it only
// when groups.has(group); the Set is built in a function (new Set of an
// array with a repeat, add), copied with new Set(other), and its size
// is written into a description. Callbacks given to a project function
// run where that function calls them.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

function registerBedTools(server: McpServer) {
  server.registerTool("list_beds", { description: "List the raised beds" }, async () => ({ content: [] }));
}

function registerShedTools(server: McpServer) {
  server.registerTool(
    "open_shed",
    { description: "Unlock a shed", inputSchema: { shed: z.string().describe("Shed number") } },
    async () => ({ content: [] }),
  );
}

function registerAll(server: McpServer, groups: Set<string>) {
  const onlyIf = (group: string, register: () => void) => {
    if (groups.has(group)) {
      register();
    }
  };
  onlyIf("beds", () => registerBedTools(server));
  onlyIf("sheds", () => registerShedTools(server));
  onlyIf("tools", () => {
    server.registerTool(
      "sharpen_blade",
      { description: `Sharpen a blade (one of ${groups.size} enabled groups)`, inputSchema: { angle: z.number().int() } },
      async () => ({ content: [] }),
    );
  });
}

function enabledGroups(): Set<string> {
  const groups = new Set<string>(["beds", "beds"]);
  groups.add("tools");
  return groups;
}

const server = new McpServer({ name: "allotment", version: "1.0.0" });
registerAll(server, new Set(enabledGroups()));
