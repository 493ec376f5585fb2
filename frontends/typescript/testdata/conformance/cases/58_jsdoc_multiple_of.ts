export interface Step {
  /**
   * @multipleOf 5
   */
  minutes: number;
  /**
   * @multipleOf 0.25
   */
  hours: number;
}
