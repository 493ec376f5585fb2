// A server whose tool modules are imported as namespaces and whose
// register functions are called through them (kennel.registerX(server,
// desk)); each register function is an exported arrow with a return type
// annotation. Enum keys become z.enum values through a generic helper
// (Object.keys(E).filter((k) => isNaN(Number(k)))), a default is a
// numeric enum's name read back (E[E.X]), and dates are z.coerce.date().
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as kennel from "./tools/kennel.js";
import * as walks from "./tools/walks.js";
import { FrontDesk } from "./lib/desk.js";

const server = new McpServer({ name: "kennel", version: "0.1.0" });
const desk = new FrontDesk(Number(process.env.DESK_TIMEOUT ?? "5000"));

kennel.registerListDogsTool(server, desk);
kennel.registerBookStayTool(server, desk);
walks.registerScheduleWalkTool(server);

export const runServer = async (): Promise<void> => {
  await server.connect(new StdioServerTransport());
};
