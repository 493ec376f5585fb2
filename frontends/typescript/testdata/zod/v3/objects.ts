import { z } from "zod/v3";

export const Person = z.object({
  name: z.string().describe("Full name"),
  age: z.number().int().nonnegative().optional(),
  email: z.string().email().nullable(),
  tags: z.array(z.string()).default([]),
});
export const Strict = z.object({ id: z.string() }).strict();
export const Loose = z.object({ id: z.string() }).passthrough();
export const Stripped = z.object({ id: z.string() }).strip();
export const Catchall = z.object({ id: z.string() }).catchall(z.number());
export const Extended = Person.extend({ role: z.enum(["admin", "user"]) });
export const Merged = z.object({ a: z.string() }).merge(z.object({ b: z.number() }));
export const Picked = Person.pick({ name: true, email: true });
export const Omitted = Person.omit({ tags: true });
export const Partial = Person.partial();
export const PartialSome = Person.partial({ name: true });
export const Required = Person.partial().required();
export const Keys = Person.keyof();
export const Nested = z.object({
  address: z.object({ street: z.string(), city: z.string(), zip: z.string().length(5).optional() }),
  home: z.boolean().default(true),
});
export const Empty = z.object({});
