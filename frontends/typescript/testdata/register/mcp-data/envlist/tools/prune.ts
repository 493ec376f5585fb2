export const pruneSchema = {
  name: "prune",
  description: "Prune a plant",
  annotations: { destructiveHint: true },
  inputSchema: {
    type: "object",
    properties: {
      plant: { type: "string" },
      depth: { type: "number", default: 2 },
    },
    required: ["plant"],
  },
} as const;
