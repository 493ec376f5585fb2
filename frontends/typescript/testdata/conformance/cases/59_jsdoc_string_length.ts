export interface Handle {
  /**
   * @minLength 3
   * @maxLength 16
   */
  username: string;
}
