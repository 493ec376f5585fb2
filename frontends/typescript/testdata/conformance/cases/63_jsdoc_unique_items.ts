export interface Labels {
  /**
   * @uniqueItems true
   */
  names: string[];
}
