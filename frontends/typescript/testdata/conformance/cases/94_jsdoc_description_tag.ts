/**
 * @description A point on the map.
 */
export interface Point {
  /** @description Latitude in degrees. */
  lat: number;
  /**
   * Free text that the tag replaces.
   * @description Longitude in degrees.
   */
  lon: number;
  /**
   * @description A label
   *   that runs over two lines.
   * @minLength 1
   */
  label: string;
}

/** @description Either end of a route. */
export type End = 'start' | 'finish';
