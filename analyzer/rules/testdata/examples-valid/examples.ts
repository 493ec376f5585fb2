/**
 * Convert an amount between currencies.
 * @example {"amount": 10, "to": "EUR"}
 * @example {"amount": "ten", "to": "EUR"}
 */
export declare function convert(args: { // want "example 2 of \"convert\" does not match its input schema"
  /**
   * Amount to convert.
   * @minimum 0
   * @default -1
   */
  amount: number; // want "default -1 of parameter \"amount\" of \"convert\" does not match"
  /**
   * Target currency.
   * @example "EURO"
   * @pattern ^[A-Z]{3}$
   */
  to: string; // want "example \"EURO\" of parameter \"to\""
}): Promise<string>;
