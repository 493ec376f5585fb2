import type { ServeOptions } from "../options.js";
import type { GardenTool } from "../define.js";
import * as labTools from "./lab.js";
import * as sensorTools from "./sensors.js";
import * as waterTools from "./water.js";

export const buildTools = (opts: ServeOptions) => {
  const found = opts.compact
    ? Object.values(waterTools)
    : [...Object.values(waterTools), ...Object.values(sensorTools), ...Object.values(labTools)];
  const list = [];
  for (const entry of found) {
    if (typeof entry === "function") {
      list.push(entry(opts) as unknown as GardenTool);
    } else {
      list.push(entry as GardenTool);
    }
  }
  list.sort((a, b) => {
    return a.name.localeCompare(b.name);
  });
  return list;
};
