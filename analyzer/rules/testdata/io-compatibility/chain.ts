/** A document found by a search. */
export interface Hit {
  /** Identifier of the document. */
  doc_id: string;
  /** Number of pages. */
  pages: number;
  /** Kind of document. */
  kind: string;
}

/** Search documents and return the best hit. */
export declare function search(args: { query: string }): Promise<Hit>;

/** Fetch a document by identifier. */
export declare function fetch_document(args: {
  /** Identifier of the document. */
  documentId: string;
}): Promise<string>;

/** Print some pages of a document. */
export declare function print_pages(args: {
  /** How many pages, as text. */
  pages: string; // want "parameter \"pages\" of \"print_pages\" looks like result field \"pages\" of \"search\".*number is not assignable to string"
  /** Kind filter. */
  kind: "pdf" | "doc"; // want "unrestricted string may fall outside the parameter's enum"
}): Promise<string>;
