export interface Weird {
  "content-type": string;
  'x y'?: number;
  "0": boolean;
}
