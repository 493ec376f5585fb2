export const runSchema = {
  name: "run_task",
  description: "Run a greenhouse task with options",
  inputSchema: {
    type: "object",
    properties: {
      task: { type: "string", enum: ["water", "vent", "light"] },
      options: {
        type: "object",
        description: "Task options as key-value pairs",
        additionalProperties: true,
      },
      tags: { type: "array", items: { type: "string" } },
    },
    required: ["task"],
  },
};
