import { z } from "zod";

const base = { idempotentHint: true };

export const defs = [
  {
    name: "brew_tea",
    title: "Brew tea",
    blurb: "Brew a pot of tea",
    schema: z.object({ leaf: z.enum(["green", "black"]), minutes: z.number().default(3) }),
    hints: { ...base, destructiveHint: false },
  },
  {
    name: "pour_tea",
    blurb: "Pour a cup",
    schema: z.object({ cups: z.number().int().positive() }),
    hints: base,
    hidden: false,
  },
  {
    name: "spill_tea",
    blurb: "Never registered",
    schema: z.object({}),
    hints: base,
    hidden: true,
  },
];
