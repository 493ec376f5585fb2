import { z } from "zod";
import { readOnly, summary } from "./shared.js";

const stationField = z.string().describe("Station code, e.g. " + "BRX-" + 4);

export const lookupTide = {
  name: "lookup_tide",
  description: summary("Look up", "the next tide"),
  annotations: { ...readOnly },
  inputSchema: z.object({ station: stationField, days: z.number().int().min(1).max(7).optional() }),
};

export const listStations = {
  name: "list_stations",
  description: summary("List", "every station") + " Sorted by code.",
  annotations: readOnly,
  inputSchema: z.object({}),
};
