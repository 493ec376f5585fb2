export interface Bounds {
  /**
   * @minimum 0
   * @maximum 100
   */
  percent: number;
  /**
   * @minimum -10.5
   */
  temp: number;
}
