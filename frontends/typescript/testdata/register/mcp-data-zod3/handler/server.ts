// A low-level server whose tools/list handler builds its array inside a
// try block, puts zod schemas through zodToJsonSchema, and filters by a
// test that depends on the connected client.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { FeedbackArgs, HarvestArgs, PlantArgs } from "./schemas.js";

const SUFFIX = `Say "FarmBot: ..." to pick this tool.`;

let currentClient: { name: string } | undefined;

function keepTool(name: string): boolean {
  if (currentClient?.name === "farm-app") {
    if (name === "send_feedback") {
      return false;
    }
  }
  return true;
}

export const server = new Server({ name: "farmbot", version: "0.3.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  try {
    const allTools = [
      {
        name: "plant_seeds",
        description: `
            Plant seeds in rows.
            ${SUFFIX}`,
        inputSchema: zodToJsonSchema(PlantArgs),
        annotations: { title: "Plant seeds", destructiveHint: false },
      },
      {
        name: "harvest",
        description: "Harvest a field. " + SUFFIX,
        inputSchema: zodToJsonSchema(HarvestArgs),
      },
      {
        name: "send_feedback",
        description: "Tell the farm team what went wrong.",
        inputSchema: zodToJsonSchema(FeedbackArgs),
      },
    ];
    return { tools: allTools.filter((tool) => keepTool(tool.name)) };
  } catch (error) {
    return { tools: [] };
  }
});
