export type Names = Array<string>;
export type Grid = Array<Array<boolean>>;
export interface Item {
  id: string;
}
export type Items = Array<Item>;
