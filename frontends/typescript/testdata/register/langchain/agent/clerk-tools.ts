import { z } from "zod";
import { tool } from "@langchain/core/tools";

export const askClerk = tool(async () => "noted", {
  name: "ask_clerk",
  description: "Ask the clerk a question about the books.",
  schema: z.object({}).describe("This tool takes no arguments"),
});
