import { z } from "zod/v4";

export const Strings = z.array(z.string()).min(1).max(10);
export const Method = z.string().array();
export const ExactItems = z.array(z.number()).length(3);
export const NonEmptyArr = z.array(z.boolean()).nonempty();
export const Pair = z.tuple([z.string(), z.number()]);
export const Rest = z.tuple([z.string()], z.number());
export const Either = z.union([z.string(), z.number()]);
export const Objs = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
export const Or = z.string().or(z.boolean());
export const Shape = z.discriminatedUnion("type", [
  z.object({ type: z.literal("circle"), radius: z.number() }),
  z.object({ type: z.literal("square"), side: z.number() }),
]);
export const Both = z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() }));
export const And = z.object({ a: z.string() }).and(z.object({ c: z.boolean() }));
export const Dict = z.record(z.string(), z.number());
export const NullableObj = z.object({ x: z.number() }).nullable();
export const Nullish = z.object({ v: z.string().nullish() });
export const NullUnion = z.union([z.string(), z.null()]);
