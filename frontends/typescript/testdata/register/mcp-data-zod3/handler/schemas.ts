import { z } from "zod";

export const PlantArgs = z.object({
  species: z.string(),
  rows: z.number().int().min(1).optional(),
  soil: z.union([z.literal("clay"), z.literal("loam")]),
  extras: z.object({}).passthrough().optional(),
});

export const HarvestArgs = z.object({
  field: z.string().describe("Field code"),
});

export const FeedbackArgs = z.object({});
