import { z } from "zod/v4";

export const Str = z.string();
export const Num = z.number();
export const Bool = z.boolean();
export const Nul = z.null();
export const Anything = z.any();
export const Unk = z.unknown();
export const Described = z.string().describe("A user's name");
export const Lit = z.literal("fixed");
export const NumLit = z.literal(42);
export const BoolLit = z.literal(true);
export const Colors = z.enum(["red", "green", "blue"]);
export const Coerced = z.coerce.number();
