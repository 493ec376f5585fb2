// fastmcp's addTool, from a list of definitions and one by one.
import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "garden", version: "1.2.0" });

const Bed = z.object({
  row: z.number().int(),
  soil: z.object({ kind: z.enum(["clay", "sand"]), ph: z.number().optional() }),
  tags: z.array(z.object({ label: z.string() })).optional(),
});

const defs = [
  { name: "water_bed", description: "Water one bed.", parameters: z.object({ bed: Bed, litres: z.number().positive() }) },
  { name: "weed_bed", description: "Weed one bed.", parameters: z.object({ bed: Bed, notes: z.record(z.string(), z.any()).optional() }) },
];

for (const d of defs) {
  server.addTool({ ...d, annotations: { destructiveHint: false }, execute: async () => "done" });
}

server.addTool({
  name: "garden_status",
  description: "Say how the garden is.",
  annotations: { title: "Garden status", readOnlyHint: true, streamingHint: true },
  execute: async () => "fine",
});

server.start({ transportType: "stdio" });
