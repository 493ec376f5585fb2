// A registry of LangChain tools made at the top of other modules and
// gathered by a function the agent calls: importing a module makes its
// tools.
import { StructuredTool } from "@langchain/core/tools";
import { fileInvoice, rejectInvoice } from "./ledger-tools.js";
import { askClerk } from "./clerk-tools.js";

export function getTools({ only }: { only?: string[] } = {}): StructuredTool[] {
  const all: Record<string, StructuredTool> = {
    file_invoice: fileInvoice,
    reject_invoice: rejectInvoice,
    ask_clerk: askClerk,
  };
  if (only) {
    return only.filter((n) => n in all).map((n) => all[n]);
  }
  return Object.values(all);
}
