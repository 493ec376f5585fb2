// wantfile "the catalog costs \\d+ tokens per request; over 10 rounds"

/** Add two numbers. */
export declare function add(args: { a: number; b: number }): Promise<number>;

/**
 * Search the product catalogue of the shop by free text, category, price range, brand, colour,
 * size and availability, sorted by relevance, price or rating, one page at a time.
 */
export declare function search_products(args: { // want "tool \"search_products\" costs \\d+ tokens \\(o200k_base\\), more than the budget of 60"
  /** Free text to search for in names and descriptions. */
  query: string;
  /** Category slug, such as shoes or jackets. */
  category?: string;
  /** Lowest price in the shop's currency. */
  min_price?: number;
  /** Highest price in the shop's currency. */
  max_price?: number;
}): Promise<string>;
