/**
 * @title Shipping address
 */
export interface Shipping {
  /**
   * @title Postal code
   */
  zip: string;
}
