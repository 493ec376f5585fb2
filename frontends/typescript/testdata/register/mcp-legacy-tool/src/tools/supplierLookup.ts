import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ARCHIVE_API, archiveClient } from "./client.js";
import { ArchiveQuery, ArchiveReply } from "../types.js";
import { requestLog } from "../utils/log.js";
import { forgivingOptionalNumber } from "./lenient.js";
import { mark } from "tracemark";

export function registerSupplierLookupTool(
  server: McpServer,
  config?: { archiveKey?: string; keyFromUser?: boolean },
): void {
  server.tool(
    "supplier_lookup_archive",
    `[Superseded: use archive_search with kind:supplier] Look up a supplier in the trade archive.

Good for: a supplier's product range, registered address and recent filings.
Gives back: entries from the archive's supplier register.`,
    {
      supplierName: z.string().describe("Registered name of the supplier"),
      maxEntries: forgivingOptionalNumber().describe(
        "How many archive entries to return (default: 4)",
      ),
    },
    {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    },
    async ({ supplierName, maxEntries }) => {
      const log = requestLog("supplier_lookup_archive");
      log.start(supplierName);
      const query: ArchiveQuery = { text: supplierName, kind: "supplier", limit: maxEntries || 4 };
      mark("supplier_lookup_sent");
      const reply: ArchiveReply = await archiveClient(config).post(ARCHIVE_API.SEARCH, query);
      if (!reply || !reply.entries || reply.entries.length === 0) {
        return { content: [{ type: "text" as const, text: "No supplier found under that name." }] };
      }
      return {
        content: [{ type: "text" as const, text: reply.entries.map((e) => `${e.title}\n${e.url}`).join("\n\n") }],
      };
    },
  );
}
