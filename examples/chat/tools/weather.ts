/** Daily weather forecast for a city. @readonly */
export declare function forecast(args: {
  /** City and country, e.g. "Lisbon, Portugal". @minLength 2 */
  city: string;
  /**
   * Number of days, 1 to 7.
   * @asType integer
   * @minimum 1
   * @maximum 7
   */
  days?: number;
}): Promise<string>;

/** Current air quality index of a city. @readonly */
export declare function air_quality(args: {
  /** City and country, e.g. "Lisbon, Portugal". @minLength 2 */
  city: string;
}): Promise<string>;
