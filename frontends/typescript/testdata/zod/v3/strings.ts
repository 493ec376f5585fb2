import { z } from "zod/v3";

export const Bounded = z.string().min(2).max(40);
export const Exact = z.string().length(8);
export const NonEmpty = z.string().nonempty();
export const Email = z.string().email();
export const Url = z.string().url();
export const Uuid = z.string().uuid();
export const DateTime = z.string().datetime();
export const DateOnly = z.string().date();
export const Pattern = z.string().regex(/^[a-z][a-z0-9_]*$/);
export const Prefix = z.string().startsWith("sk-");
export const Suffix = z.string().endsWith(".json");
export const Both = z.string().min(1).regex(/^\w+$/).describe("identifier");
export const Trimmed = z.string().trim().min(1);
