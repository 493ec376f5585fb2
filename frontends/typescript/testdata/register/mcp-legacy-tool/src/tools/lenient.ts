import { z } from "zod";

/**
 * A string that tolerates a number or boolean sent by mistake (it becomes
 * its text), then must be non-empty once trimmed.
 */
export function forgivingString() {
  return z.preprocess(
    (v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v),
    z.string().trim().min(1),
  );
}

/**
 * An optional number that also accepts numeric strings; anything it cannot
 * read becomes undefined instead of an error.
 */
export function forgivingOptionalNumber() {
  return z.coerce.number().optional().catch(undefined);
}

/** As forgivingOptionalNumber, at least 1. */
export function forgivingOptionalCount() {
  return z.coerce.number().min(1).optional().catch(undefined);
}
