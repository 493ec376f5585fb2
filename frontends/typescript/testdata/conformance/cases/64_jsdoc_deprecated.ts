export interface Legacy {
  /**
   * @deprecated
   */
  old?: string;
  current: string;
}
/**
 * @deprecated
 */
export type OldName = string;
