// Pieces the tool modules spread into their definitions.
export const SERVICE = "tidebook";
export const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

export function summary(verb: string, what: string): string {
  return `${verb} ${what} in the ${SERVICE} log.`;
}
