import { z } from "zod";
import { PREFIX } from "#names";
import { roomShape } from "src/lib/shapes";

export const switchTool = {
  name: `${PREFIX}_switch`,
  description: "Turn a lamp on or off.",
  shape: { ...roomShape, on: z.boolean() },
};
