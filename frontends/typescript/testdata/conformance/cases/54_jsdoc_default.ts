export interface Paging {
  /**
   * Page size.
   * @default 20
   */
  size?: number;
  /**
   * @default "asc"
   */
  order?: string;
  /**
   * @default true
   */
  enabled?: boolean;
  /**
   * @default {"mode": "fast"}
   */
  tuning?: { mode: string };
}
