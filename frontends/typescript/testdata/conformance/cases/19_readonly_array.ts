export type Frozen = ReadonlyArray<string>;
export interface Snapshot {
  values: readonly number[];
  names: ReadonlyArray<string>;
}
