// Fake reporting tools for the quarterly-report workflow
// (quarterly_report.workflow.yaml). main.go gives them in-memory handlers.

export interface Hit {
  /** Document id. */
  id: string;
  title: string;
}

/**
 * Full-text search over the finance document store.
 * @readonly
 */
export declare function search_documents(args: {
  /** Search terms. */
  query: string;
  /** @asType integer @minimum 1 @maximum 50 */
  limit?: number;
}): Promise<{ items: Hit[]; total: number }>;

/**
 * The revenue target set for one quarter.
 * @readonly
 */
export declare function get_targets(args: {
  quarter: "Q1" | "Q2" | "Q3" | "Q4";
  /** @asType integer */
  year: number;
}): Promise<{ revenue_target: number }>;

export interface Figures {
  region: string;
  revenue: number;
  costs: number;
}

/**
 * Extract the revenue and cost figures of one document.
 * @readonly
 */
export declare function extract_figures(args: {
  /** Document id from search_documents. */
  doc_id: string;
}): Promise<Figures>;

/**
 * Compare figures with the quarter's target.
 * @readonly
 */
export declare function analyse_trends(args: {
  figures: Figures[];
  target: number;
}): Promise<{ summary: string; growth: number }>;

/**
 * Render a report in Markdown or HTML.
 * @readonly
 */
export declare function format_report(args: {
  title: string;
  body: string;
  format: "markdown" | "html";
}): Promise<{ text: string }>;
