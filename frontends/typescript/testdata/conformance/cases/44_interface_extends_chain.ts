export interface A {
  a: string;
}
export interface B extends A {
  b: number;
}
export interface C extends B {
  c: boolean;
}
