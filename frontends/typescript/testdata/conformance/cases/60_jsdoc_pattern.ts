export interface Codes {
  /**
   * @pattern ^[A-Z]{3}$
   */
  currency: string;
  /**
   * @pattern ^\d{4}-\d{2}$
   */
  month: string;
}
