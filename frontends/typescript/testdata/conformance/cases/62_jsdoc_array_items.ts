export interface Batch {
  /**
   * @minItems 1
   * @maxItems 10
   */
  ids: string[];
}
