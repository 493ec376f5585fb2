export type Combined = { a: string } & { b?: number } & { c: boolean[] };
