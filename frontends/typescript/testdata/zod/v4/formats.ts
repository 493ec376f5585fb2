import { z } from "zod/v4";

// zod 4's top-level string formats and the z.iso namespace.
export const TopEmail = z.email();
export const TopUrl = z.url();
export const TopUuid = z.uuid();
export const TopUuidDescribed = z.uuid().describe("request id");
export const IsoDateTime = z.iso.datetime();
export const IsoDate = z.iso.date();
export const IsoTime = z.iso.time();
export const IsoDuration = z.iso.duration();
// .datetime options change zod's pattern.
export const DateTimeOffset = z.string().datetime({ offset: true });
export const DateTimeLocal = z.string().datetime({ local: true });
export const DateTimePrecision = z.string().datetime({ precision: 3 });
export const DateTimeAll = z.iso.datetime({ offset: true, local: true, precision: 0 });
export const TimeMinute = z.iso.time({ precision: -1 });
// records keyed by an enum or a literal union name every key.
export const ByEnum = z.record(z.enum(["low", "high"]), z.number());
export const ByLiterals = z.record(z.union([z.literal("a"), z.literal("b")]), z.boolean());
export const ByString = z.record(z.string(), z.string());
export const ByPattern = z.record(z.string().regex(/^x-/), z.string());
export const InObject = z.object({
  when: z.iso.datetime({ offset: true }).describe("when it happens"),
  day: z.iso.date().optional(),
  limits: z.record(z.enum(["cpu", "mem"]), z.number().int()),
});
