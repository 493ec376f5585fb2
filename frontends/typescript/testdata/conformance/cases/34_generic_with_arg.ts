export interface Box<T> {
  value: T;
  label: string;
}
export type StringBox = Box<string>;
export interface Holder {
  numbers: Box<number[]>;
}
