import { z } from "zod";
import type { ServeOptions } from "./options.js";
import type { Group } from "./groups.js";

export interface GardenTool {
  name: string;
  description: string;
  annotations: { group: Group; readOnlyHint: boolean; needs?: string[] };
  shape: z.ZodRawShape;
}

// A definition, or a factory of one that reads the options.
export function gardenTool(def: GardenTool): GardenTool;
export function gardenTool(def: (opts?: ServeOptions) => GardenTool): (opts?: ServeOptions) => GardenTool;
export function gardenTool(def: GardenTool | ((opts?: ServeOptions) => GardenTool)) {
  if (typeof def === "function") {
    const make = def;
    return (opts: ServeOptions) => {
      return make(opts);
    };
  }
  return def;
}

// A tool that acts on one bed: marked, so that bed routing can add a
// bed number to its input.
export function bedTool(def: GardenTool | ((opts?: ServeOptions) => GardenTool)) {
  if (typeof def === "function") {
    return (opts?: ServeOptions) => {
      const made = def(opts);
      return { ...made, perBed: true };
    };
  }
  return { ...def, perBed: true };
}

export const bedShape = {
  bed: z.number().int().describe("Number of the bed to act on."),
};
