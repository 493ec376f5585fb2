export interface Contact {
  /**
   * @format email
   */
  email: string;
  /**
   * @format uri
   */
  homepage?: string;
  /**
   * @format date
   */
  birthday?: string;
}
