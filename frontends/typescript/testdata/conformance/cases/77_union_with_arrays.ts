export type OneOrMany = string | string[];
export interface Filter {
  ids: number | number[];
}
