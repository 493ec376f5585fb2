/**
 * Find a customer by name or e-mail address.
 * @example {"query": "ada@example.com", "limit": 3}
 * @example {"query": "Ada"}
 * @example {"query": "Lovelace", "limit": 10}
 * @example {"query": "Grace Hopper", "limit": 2}
 * @example {"query": "", "limit": 500}
 */
export declare function find_customer(args: {
  /** @minLength 1 */
  query: string;
  /**
   * @asType integer
   * @minimum 1
   * @maximum 50
   */
  limit?: number;
}): Promise<string>;

/** Close a customer's account. */
export declare function close_account(args: { customer_id: string }): Promise<string>;
