export interface Open {
  /**
   * @exclusiveMinimum 0
   * @exclusiveMaximum 1
   */
  ratio: number;
}
