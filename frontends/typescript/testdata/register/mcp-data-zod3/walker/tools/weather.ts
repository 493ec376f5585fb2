import { z } from "zod";

export const inputSchema = {
  window: z.union([z.literal("today"), z.literal("week"), z.number().describe("Days ahead")]),
  unit: z.literal("celsius").optional(),
};

export const metadata = {
  name: "frost_watch",
  description: "Warn about frost for the greenhouse's location.",
};

export async function handler(args: Record<string, unknown>): Promise<string> {
  return `no frost ${JSON.stringify(args)}`;
}
