export declare function undocumented(args: { q: string }): Promise<string>; // want "tool \"undocumented\" has no description"

/** Too short. */
export declare function terse_tool(args: { q: string }): Promise<string>; // want "is 10 characters, fewer than 20" "parameter \"q\" of \"terse_tool\" has no description"

/** Get weather. */
export declare function get_weather(args: { city: string }): Promise<string>; // want "only repeats its name" "parameter \"city\" of \"get_weather\" has no description"

/** Look up the current exchange rate between two currencies. */
export declare function exchange_rate(args: {
  from: string; /* want "parameter \"from\" of \"exchange_rate\" has no description" */
  /** Target currency, an ISO 4217 code such as EUR. */
  to: string;
}): Promise<string>;
