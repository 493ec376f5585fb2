/** A search request. */
export interface Search {
  /** The query text. */
  query: string;
  /** Maximum number of hits. */
  limit?: number;
}
/** Sort direction. */
export type SortDir = "asc" | "desc";
