import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

enum Pace {
  Stroll,
  Trot,
  Run = 10,
}

function paceNames<T extends object>(e: T): string[] {
  return Object.keys(e).filter((k) => isNaN(Number(k)));
}

export const registerScheduleWalkTool = (server: McpServer): void => {
  server.tool(
    "schedule_walk",
    "Schedule a walk",
    { pace: z.enum(paceNames(Pace) as [string, ...string[]]).default(Pace[Pace.Trot]), minutes: z.number().int().min(5) },
    async () => ({ content: [] }),
  );
};
