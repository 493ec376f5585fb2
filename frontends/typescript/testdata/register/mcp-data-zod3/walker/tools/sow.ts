import { z } from "zod";
import { BedId, Crop, Trays } from "./shared.js";

export const inputSchema = {
  bed: BedId,
  crop: Crop,
  trays: Trays.optional().describe("How many trays (one when left out)"),
  note: z
    .string()
    .optional()
    .describe("Free text kept with the sowing record"),
  spacing: z.number().describe("Spacing in centimetres").optional(),
};

export const metadata = {
  name: "sow_seeds",
  description: `Record a sowing in one bed.

Use 'bed_status' first to see which beds are free.`,
};

export async function handler(args: Record<string, unknown>): Promise<string> {
  return `sowed ${JSON.stringify(args)}`;
}
