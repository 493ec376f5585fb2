import { z } from "zod/v4";

export const Id = z.string().uuid().describe("Identifier");
export const Page = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().max(100).optional() });
