export interface Counts {
  [word: string]: number;
}
export type Bag = { [key: string]: string | number };
