import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";

const textArg = (description: string) => ({ type: "string", description });

export const toolDefs = {
  find_bird: ToolSchema.parse({
    name: "find_bird",
    description: "Find a bird by its common name.",
    inputSchema: { type: "object", properties: { name: textArg("Common name") }, required: ["name"] },
  }),
  count_birds: {
    name: "count_birds",
    description: "Count the birds seen at a site.",
    inputSchema: {
      type: "object",
      properties: { site: textArg("Site id"), since: { type: "string", format: "date" } },
      required: ["site"],
    },
  },
};
