import { z } from "zod/v4";

export const Int = z.number().int();
export const PosInt = z.number().int().positive();
export const Range = z.number().min(0).max(100);
export const Exclusive = z.number().gt(0).lt(1);
export const NonNeg = z.number().nonnegative();
export const Neg = z.number().negative();
export const Step = z.number().multipleOf(5);
export const IntRange = z.number().int().min(1).max(10);
export const Gte = z.number().gte(-5).lte(5);
export const Limit = z.number().int().min(1).max(100).default(10).describe("Max results");
export const PosMin = z.number().int().positive().min(1).max(100).default(10);
export const MinPos = z.number().min(1).positive();
export const LooseMinPos = z.number().min(-5).positive();
export const GtMin = z.number().gt(3).min(3);
export const MaxNeg = z.number().max(-2).negative().lte(4).lt(9);
