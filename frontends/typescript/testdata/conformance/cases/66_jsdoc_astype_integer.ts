export interface Counter {
  /**
   * @asType integer
   */
  count: number;
  /**
   * Retries.
   * @asType integer
   * @minimum 0
   * @maximum 5
   */
  retries?: number;
}
