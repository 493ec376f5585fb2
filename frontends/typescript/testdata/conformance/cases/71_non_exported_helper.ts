interface Inner {
  x: number;
}
type Kind = "a" | "b";
export interface Outer {
  inner: Inner;
  kind: Kind;
}
