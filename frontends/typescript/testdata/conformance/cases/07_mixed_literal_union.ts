export type Mixed = "auto" | 0 | true | null;
