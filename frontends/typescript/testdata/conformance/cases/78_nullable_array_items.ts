export type Sparse = (string | null)[];
export type MaybeList = string[] | null;
