export interface Patch {
  a: string | undefined;
  b?: number | undefined;
  c: string;
}
