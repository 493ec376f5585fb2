import type { Money } from "./money";
export type { Currency } from "./money";

export interface Invoice {
  /** Total amount. */
  total: Money;
  lines: Money[];
}
