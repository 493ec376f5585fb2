/**
 * Issue a refund for an invoice.
 * @example {"invoice_id": "INV-7", "amount_cents": 1200}
 */
export declare function refund_invoice(args: {
  invoice_id: string;
  /** @asType integer */
  amount_cents: number;
}): Promise<string>;
