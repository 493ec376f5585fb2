import { z } from "zod";
import { BedId, Crop } from "./shared.js";

export const inputSchema = {
  bed: BedId.or(z.number()),
  crops: z.array(Crop),
  since: z.string().describe("ISO date of the first record").brand(),
  detail: z.boolean().describe("Include the history").readonly(),
  filter: z
    .object({ crop: Crop })
    .describe("Narrow the result")
    .merge(z.object({ bed: BedId.optional() })),
  lenient: z.string().describe("Free text, ignored when malformed").catch(""),
  limit: z.number().describe("Most rows to return").pipe(z.number().int()),
};

export const metadata = {
  name: "bed_status",
  description: "Show what grows in a bed and since when.",
};

export async function handler(args: Record<string, unknown>): Promise<string> {
  return `status ${JSON.stringify(args)}`;
}
