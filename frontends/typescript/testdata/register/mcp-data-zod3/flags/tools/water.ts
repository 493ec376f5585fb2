import { z } from "zod";
import { Group } from "../groups.js";
import { bedShape, bedTool, gardenTool } from "../define.js";

export const waterBed = bedTool({
  name: "water_bed",
  description: "Water one bed for a number of seconds.",
  annotations: { group: Group.WATER, readOnlyHint: false },
  shape: {
    seconds: z.number().int().min(1).max(600).describe("How long to water."),
    mist: z.boolean().optional().describe("Use the misting nozzle."),
  },
});

export const schedule = gardenTool((opts) => {
  return {
    name: "schedule_watering",
    description: `Plan watering for the week${opts?.bedRouting ? " for one bed" : ""}.`,
    annotations: { group: Group.WATER, readOnlyHint: false },
    shape: {
      ...(opts?.bedRouting ? bedShape : {}),
      days: z.array(z.enum(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])).min(1).describe("Days to water on."),
    },
  };
});

export const drain = bedTool(() => ({
  name: "drain_tank",
  description: "Empty the rain tank.",
  annotations: { group: Group.WATER, readOnlyHint: false },
  shape: {},
}));
