export interface Result<T, E = string> {
  ok: boolean;
  value?: T;
  error?: E;
}
export interface Wrapped {
  r: Result<number>;
  s: Result<string[], { code: number }>;
}
