// A low-level server whose tools/list handler picks a list by an
// environment flag compared with a string (`process.env.X === "true"`,
// read as the run without the variable), then filters it by a function
// of the configuration. Tool definitions are JSON Schema literals in
// their own modules; one property writes additionalProperties: true.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { inspectSchema } from "./tools/inspect.js";
import { pruneSchema } from "./tools/prune.js";
import { runSchema } from "./tools/run.js";

const viewOnly = process.env.GREENHOUSE_VIEW_ONLY === "true";
const safeMode = process.env.GREENHOUSE_SAFE !== "false";
const onlyNames = process.env.GREENHOUSE_TOOLS ? new Set(process.env.GREENHOUSE_TOOLS.split(",")) : null;

const viewTools = [inspectSchema];
const riskyTools = [pruneSchema];
const allTools = [inspectSchema, pruneSchema, runSchema];

const allowed = (name: string): boolean => {
  if (onlyNames) {
    return onlyNames.has(name);
  }
  if (!safeMode) {
    return !riskyTools.some((t) => t.name === name);
  }
  return true;
};

const server = new Server({ name: "greenhouse", version: "2.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  const base = viewOnly ? viewTools : allTools;
  const tools = base.filter((tool) => allowed(tool.name));
  return { tools };
});
