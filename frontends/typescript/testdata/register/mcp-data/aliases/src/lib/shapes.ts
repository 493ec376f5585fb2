import { z } from "zod";
import { ROOMS } from "#names";

export const roomShape = { room: z.enum(ROOMS).describe("Where the lamp is.") };
