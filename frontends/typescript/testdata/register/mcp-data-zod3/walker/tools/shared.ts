import { z } from "zod";

// Shared field schemas, used bare, wrapped and re-described.
export const BedId = z.string().describe("Bed identifier, e.g. 'north-3'");
export const Crop = z.enum(["tomato", "basil", "chard"]).describe("Crop kind");
export const Trays = z.number().int().min(1);
