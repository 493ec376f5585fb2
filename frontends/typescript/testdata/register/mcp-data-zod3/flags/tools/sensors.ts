import { z } from "zod";
import { Group } from "../groups.js";
import { gardenTool } from "../define.js";

export const readings = gardenTool({
  name: "list_readings",
  description: "List sensor readings, newest first.",
  annotations: { group: Group.SENSORS, readOnlyHint: true },
  shape: {
    limit: z.number().int().positive().optional().describe("At most this many."),
    kind: z.union([z.literal("soil"), z.literal("air"), z.literal("light")]).optional(),
  },
});

export const calibrate = gardenTool({
  name: "calibrate_probe",
  description: "Calibrate a soil probe.",
  annotations: { group: Group.SENSORS, readOnlyHint: false, needs: ["probeTools"] },
  shape: { probe: z.string() },
});
