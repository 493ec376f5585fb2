// A project's own wrapper around registerTool, applied to definitions
// from data: forEach over a filtered array, and a call per definition.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { defs } from "./defs.js";

type Def = (typeof defs)[number];

const server = new McpServer({ name: "teapot", version: "1.0.0" });

const describeDef = (d: { blurb: string }, extra = "") => `${d.blurb}.${extra ? " " + extra : ""}`;

function addTool(srv: McpServer, def: Def, extra?: string) {
  const { name, title, schema } = def;
  srv.registerTool(
    name,
    {
      title,
      description: describeDef(def, extra),
      inputSchema: schema,
      annotations: { ...def.hints },
    },
    async () => ({ content: [{ type: "text", text: name }] }),
  );
}

defs.filter((d) => !d.hidden).forEach((d) => addTool(server, d));

const kettle = {
  name: "heat_kettle",
  blurb: "Heat the kettle",
  schema: z.object({ celsius: z.number().max(100) }),
  hints: { destructiveHint: false },
};
addTool(server, kettle as Def, "Takes a minute.");
