/** Book a table at a restaurant for a number of guests. */
export declare function book_table(args: {
  /** When to arrive. */
  date: string; // want "looks like a date but is a free-form string"
  /** Where the restaurant is. */
  city: string; // want "looks like a city"
  /** Guest contact. */
  contact_email: string; // want "looks like a email address"
  /**
   * Arrival day, stated.
   * @format date
   */
  arrival_date: string;
  /** Country of the guest, e.g. "FR". */
  country_code: string;
  /** Free text for the kitchen. */
  notes: string;
  /** Time zone name of the restaurant. */
  time_zone: string;
}): Promise<string>;
