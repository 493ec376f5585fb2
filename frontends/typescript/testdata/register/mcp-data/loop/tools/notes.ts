import { z } from "zod";
import { summary } from "./shared.js";

const kinds = ["calm", "swell", "storm"] as const;

export default {};

export const addNote = {
  name: "add_note",
  description: [summary("Append", "a note"), "Returns the note id."].join(" "),
  annotations: { readOnlyHint: false, destructiveHint: false },
  inputSchema: z.object({ text: z.string().min(1), kind: z.enum(kinds).default(kinds[0]) }),
};
