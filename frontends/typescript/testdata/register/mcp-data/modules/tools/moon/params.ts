import { z } from "zod";

export const params = z.object({
  date: z.string().describe("Day to ask about, YYYY-MM-DD"),
  place: z.string().max(80).optional(),
});

export default params;
