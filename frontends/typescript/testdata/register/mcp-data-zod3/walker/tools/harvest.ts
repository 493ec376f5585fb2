import { z } from "zod";
import { BedId } from "./shared.js";

export const inputSchema = {
  bed: BedId.optional(),
  weight: z
    .union([z.string(), z.number()])
    .transform((w) => (typeof w === "string" ? parseFloat(w) : w))
    .describe("Weight in kilograms"),
  grade: z.union([z.literal("A"), z.literal("B"), z.literal("C")]).describe("Quality grade"),
  checked: z.boolean().describe("Whether the crop was inspected").refine((b) => b !== undefined),
  tags: z.array(z.string().describe("One tag")).describe("Labels for the crate"),
  season: z.enum(["spring", "summer", "autumn"]).default("summer").describe("Season of the harvest"),
};

export const metadata = {
  name: "log_harvest",
  description: "Log what was picked from a bed and how much it weighed.",
};

export async function handler(args: Record<string, unknown>): Promise<string> {
  return `logged ${JSON.stringify(args)}`;
}
