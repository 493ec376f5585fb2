import { z } from "zod/v4";

export const Opt = z.object({ a: z.string().optional(), b: z.number().optional().describe("b") });
export const Def = z.object({ mode: z.enum(["fast", "slow"]).default("fast"), n: z.number().default(3) });
export const DefObj = z.object({ o: z.object({ x: z.number() }).default({ x: 1 }) });
export const Meta = z.string().meta({ title: "Query", description: "Search terms", examples: ["cats"] });
export const MetaObj = z.object({ q: z.string() }).meta({ title: "Search" });
export const Refined = z.string().refine((s) => s.length > 2, { message: "too short" });
export const Transformed = z.string().transform((s) => s.length);
export const SuperRefined = z.object({ a: z.number(), b: z.number() }).superRefine((v, ctx) => {});
export const Readonly = z.object({ a: z.string() }).readonly();
export const Branded = z.string().brand("UserId");
export const OptNull = z.object({ v: z.number().optional().nullable() });
