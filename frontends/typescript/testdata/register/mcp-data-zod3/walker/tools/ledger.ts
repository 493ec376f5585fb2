import { z } from "zod";
import { BedId, Crop } from "./shared.js";

const Entry = z.object({
  bed: BedId,
  crop: Crop.optional(),
  cost: z.number().nullable().describe("Cost in euros, null when donated"),
  supplier: z.string().nullish(),
});

export const inputSchema = {
  entries: z.array(Entry).describe("Ledger lines to add"),
  draft: Entry.partial().describe("A line kept as a draft"),
  currency: z.string().default("EUR"),
  memo: z.record(z.string(), z.unknown()).optional().describe("Anything else"),
};

export const metadata = {
  name: "ledger_add",
  description: "Add lines to the greenhouse ledger " + "(purchases and donations).",
};

export async function handler(args: Record<string, unknown>): Promise<string> {
  return `added ${JSON.stringify(args)}`;
}
