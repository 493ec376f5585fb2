export interface Legacy2 {
  /**
   * @TJS-type integer
   */
  count: number;
}
