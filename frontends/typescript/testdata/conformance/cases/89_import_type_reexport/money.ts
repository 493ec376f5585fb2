export type Currency = "EUR" | "USD";
export interface Money {
  amount: number;
  currency: Currency;
}
