/** A closed range of calendar dates. */
export interface DateRange {
  /**
   * First day, inclusive.
   * @format date
   */
  start: string;
  /**
   * Last day, inclusive.
   * @format date
   */
  end: string;
}

/** How precisely dates are matched. */
export type Precision = 'day' | 'week' | 'month';
