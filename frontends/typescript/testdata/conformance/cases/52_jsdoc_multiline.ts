/**
 * Fetches a document.
 *
 * The document is looked up by its identifier and
 * returned with its metadata.
 */
export interface Fetch {
  /**
   * Identifier of the document.
   * Must be stable across calls.
   */
  id: string;
}
