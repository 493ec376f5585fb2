// Kinds of stored items a client can ask a reference to. The tools import
// these constants; `as const` keeps them literal types for z.enum.
export const KIND_PLAIN = "Plain" as const;
export const KIND_BINARY = "Binary" as const;
export const KINDS: string[] = [KIND_PLAIN, KIND_BINARY];

export const itemUri = (kind: string, id: number) => `store://items/${kind.toLowerCase()}/${id}`;

export const plainItem = (id: number) => ({
  uri: itemUri(KIND_PLAIN, id),
  mimeType: "text/plain",
  text: `Stored item number ${id}`,
});
