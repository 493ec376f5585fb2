import { z } from "zod";

const inputSchema = { latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) };

export default {
  name: "sun_times",
  description: "Sunrise and sunset for a place.",
  annotations: { readOnlyHint: true },
  inputSchema,
  execute: async () => ({ content: [] }),
};
