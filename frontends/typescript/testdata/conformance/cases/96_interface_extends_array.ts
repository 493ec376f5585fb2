export interface Tags extends Array<string> {}

/** A list of points. */
export interface Path extends Array<{ x: number; y: number }> {}

export interface Drawing {
  tags: Tags;
  paths: Path[];
}
