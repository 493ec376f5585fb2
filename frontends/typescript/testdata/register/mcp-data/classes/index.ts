// Tools registered by classes: each tool is a class whose register(server)
// method calls registerTool, made with `new X(…)` and registered in turn.
// The constructor keeps its arguments on `this` (assigned, or as parameter
// properties); a default comes from an environment variable with a fallback.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import SetTimer from "./tools/setTimer.js";
import ListTimers from "./tools/listTimers.js";
import { RenameTimer } from "./tools/renameTimer.js";

const defaultKitchen = process.env.TSCG_GOLDEN_KITCHEN || "";
const defaultMinutes = process.env.TSCG_GOLDEN_MINUTES ?? "5";

const server = new McpServer({ name: "kitchen-timers", version: "1.0.0" });
new SetTimer(defaultKitchen, defaultMinutes).register(server);
new ListTimers().register(server);
new RenameTimer("label", 40).register(server);

await server.connect(new StdioServerTransport());
