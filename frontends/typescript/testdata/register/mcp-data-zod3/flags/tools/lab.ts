import { z } from "zod";
import { Group } from "../groups.js";
import { gardenTool } from "../define.js";

export const soilTest = gardenTool({
  name: "run_soil_test",
  description: "Run a soil chemistry test.",
  annotations: { group: Group.LAB, readOnlyHint: false },
  shape: { sample: z.string() },
});
