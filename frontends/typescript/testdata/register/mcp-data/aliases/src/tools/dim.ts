import { z } from "zod";
import { PREFIX } from "#names";
import { roomShape } from "src/lib/shapes.js";

export const dimTool = {
  name: `${PREFIX}_dim`,
  description: "Set a lamp's brightness.",
  shape: { ...roomShape, level: z.number().min(0).max(100).default(50) },
};
