import { z } from "zod/v3";

// .datetime options change zod's pattern (zod-to-json-schema keeps format only).
export const DateTimeOffset = z.string().datetime({ offset: true });
export const DateTimeLocal = z.string().datetime({ local: true });
export const DateTimePrecision = z.string().datetime({ precision: 3 });
export const Time = z.string().time();
export const Duration = z.string().duration();
// records keyed by an enum.
export const ByEnum = z.record(z.enum(["low", "high"]), z.number());
export const ByString = z.record(z.string(), z.string());
export const ByPattern = z.record(z.string().regex(/^x-/), z.string());
export const InObject = z.object({
  when: z.string().datetime({ offset: true }).describe("when it happens"),
  limits: z.record(z.enum(["cpu", "mem"]), z.number().int()),
});
