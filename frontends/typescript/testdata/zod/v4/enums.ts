import { z } from "zod/v4";

enum Direction { Up = "up", Down = "down" }
enum Level { Low, Mid, High }
const SIZES = ["s", "m", "l"] as const;

export const Dir = z.nativeEnum(Direction);
export const Lvl = z.nativeEnum(Level);
export const Sizes = z.enum(SIZES);
export const EnumDesc = z.enum(["a", "b"]).describe("choice");
export const EnumOpt = z.object({ e: z.enum(["on", "off"]).optional() });
export const EnumFromTs = z.enum(Direction);
