// The tools of the seed articles, written the three ways tscg reads
// TypeScript tool definitions. Compile them with:
//
//   go run ./cmd/tscg build ./examples/weather
//
// (from the repository root), or `tscg build` inside this directory, which
// picks up tscg.yaml.

import type { DateRange, Precision } from './types';

/** Temperature unit of a weather report. */
export type Unit = 'celsius' | 'fahrenheit';

/** Current weather at one place. */
export interface Weather {
  /** Place the report is for, as resolved by the weather service. */
  location: string;
  /** Temperature in the requested unit. */
  temperature: number;
  unit: Unit;
  /** Short description, e.g. "light rain". */
  conditions: string;
  /**
   * Relative humidity in percent.
   * @minimum 0
   * @maximum 100
   * @asType integer
   */
  humidity?: number;
}

/**
 * Get the current weather for one city.
 *
 * Use the city's English name with its country, e.g. "Beijing, China".
 * @readonly
 * @idempotent
 * @openWorld
 * @example {"location": "Beijing, China", "unit": "celsius"}
 */
export declare function get_weather(args: {
  /**
   * City and country, e.g. "Beijing, China".
   * @minLength 2
   * @maxLength 100
   */
  location: string;
  /**
   * Temperature unit.
   * @default "celsius"
   */
  unit?: Unit;
}): Promise<Weather>;

/** One matching document. */
export interface DocumentHit {
  /** Document identifier, usable with other document tools. */
  doc_id: string;
  title: string;
  /**
   * Relevance between 0 and 1.
   * @minimum 0
   * @maximum 1
   */
  score: number;
}

/** The TSCG article's form: name, description and parameters as members. */
export interface SearchDocumentsTool {
  name: 'search_documents';
  description: 'Search the knowledge base for documents matching a query, optionally within a date range.';
  parameters: {
    /**
     * Search keywords.
     * @minLength 1
     */
    query: string;
    /**
     * Maximum number of results.
     * @asType integer
     * @minimum 1
     * @maximum 50
     * @default 5
     */
    max_results?: number;
    /** Only return documents in these categories. */
    filter_by_category?: string[];
    /** Only return documents created in this range. */
    date_range?: DateRange;
    /** Granularity used to match dates. */
    precision?: Precision;
  };
  result: {
    hits: DocumentHit[];
    /** @asType integer */
    total: number;
  };
}

/**
 * Evaluate a mathematical expression and return its value.
 *
 * Supports + - * / ^, parentheses and the functions sqrt, sin, cos, log.
 * @tool
 * @name calculate_expression
 * @readonly
 * @idempotent
 * @returns The numeric value of the expression.
 */
export interface CalculateExpression {
  /**
   * The expression, e.g. "(10 + 5) * 2".
   * @minLength 1
   * @maxLength 500
   */
  expression: string;
}

/**
 * Get the current system time.
 * @readonly
 */
export declare function get_system_time(args: {
  /**
   * IANA time zone name; the server's zone when left out.
   * @example "Asia/Shanghai"
   */
  timezone?: string;
}): Promise<{
  /** Current time as an RFC 3339 timestamp. */
  now: Date;
  timezone: string;
}>;
