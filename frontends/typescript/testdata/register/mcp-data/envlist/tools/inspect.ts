export const inspectSchema = {
  name: "inspect_bed",
  description: "Show the plants of one bed",
  inputSchema: {
    type: "object",
    properties: {
      bed: { type: "string", description: "Bed label" },
    },
    required: ["bed"],
  },
} as const;
