/**
 * Book a table.
 * @title Reservation
 */
export interface Reservation {
  /**
   * Number of guests.
   * @asType integer
   * @minimum 1
   * @maximum 12
   * @default 2
   */
  guests: number;
  /**
   * Guest name.
   * @minLength 1
   * @maxLength 80
   * @examples ["Ada"]
   */
  name: string;
  /**
   * When.
   * @format date-time
   */
  at: string;
}
