import { z } from "zod";
import { tool } from "@langchain/core/tools";

const invoiceSchema = z.object({
  vendor: z.string().describe("Who sent the invoice"),
  amount: z.number().positive().describe("Total in euros"),
  due: z.string().optional().describe("Due date, ISO 8601"),
});

export const fileInvoice = tool(
  async ({ vendor, amount }: z.infer<typeof invoiceSchema>) => `Filed ${amount} from ${vendor}`,
  {
    name: "file_invoice",
    description: "File an incoming invoice in the ledger.",
    schema: invoiceSchema,
  },
);

export const rejectInvoice = tool(async ({ reason }) => `Rejected: ${reason}`, {
  name: "reject_invoice",
  description: "Reject an invoice with a reason.",
  schema: z.object({ reason: z.enum(["duplicate", "wrong_amount", "unknown_vendor"]) }),
});
