export interface Lookup {
  /**
   * @examples ["Paris", "Tokyo"]
   */
  city: string;
  /**
   * @example 3
   */
  days: number;
}
/**
 * @examples [{"a": 1}]
 */
export type Sample = { a: number };
