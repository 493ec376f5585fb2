#!/usr/bin/env node

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { PlanKeeper } from './lib.js';

/** Reads "yes"/"no" strings as booleans, leaves anything else to z.boolean. */
const yesNo = z.preprocess((val) => {
  if (typeof val === "boolean") return val;
  if (typeof val === "string") {
    if (val.toLowerCase() === "yes") return true;
    if (val.toLowerCase() === "no") return false;
  }
  return val;
}, z.boolean());

const server = new McpServer({
  name: "plan-steps-server",
  version: "0.3.0",
});

const keeper = new PlanKeeper();

server.registerTool(
  "plan_step",
  {
    title: "Plan Step",
    description: `Records one step of a plan that is worked out a step at a time.
Each step may refine, question or replace an earlier one, and the number of
steps may grow or shrink as the plan takes shape.

Use it for:
- splitting a large job into parts
- plans whose scope shows only on the way
- work that must keep its context over many steps

Fields:
- step: the text of this step
- moreSteps: true while the plan is not finished
- stepIndex: number of this step (may exceed the first estimate)
- stepTotal: current estimate of the number of steps
- redo: true when this step replaces an earlier one
- redoOf: which step it replaces
- forkFrom / forkName: where a side branch starts, and its name

Set moreSteps to false only when the plan is complete.`,
    inputSchema: {
      step: z.string().describe("The text of this step"),
      moreSteps: yesNo.describe("Whether more steps are to come"),
      stepIndex: z.coerce.number().int().min(1).describe("Number of this step (1, 2, 3, ...)"),
      stepTotal: z.coerce.number().int().min(1).describe("Estimated number of steps (e.g. 4, 8)"),
      redo: yesNo.optional().describe("Whether this step replaces an earlier one"),
      redoOf: z.coerce.number().int().min(1).optional().describe("The step being replaced"),
      forkFrom: z.coerce.number().int().min(1).optional().describe("Step a side branch starts at"),
      forkName: z.string().optional().describe("Name of the side branch"),
      unsure: yesNo.optional().describe("Whether the estimate is likely to change")
    },
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    outputSchema: {
      stepIndex: z.number(),
      stepTotal: z.number(),
      moreSteps: z.boolean(),
      forks: z.array(z.string()),
      recorded: z.number()
    },
  },
  async (args) => {
    const result = keeper.record(args);
    return {
      content: result.content,
      structuredContent: JSON.parse(result.content[0].text)
    };
  }
);

async function runServer() {
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error("Plan steps MCP server running on stdio");
}

runServer().catch((error) => {
  console.error("Fatal error running server:", error);
  process.exit(1);
});
