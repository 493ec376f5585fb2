import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ARCHIVE_API, archiveClient } from "./client.js";
import { ArchiveQuery, ArchiveReply } from "../types.js";
import { requestLog } from "../utils/log.js";
import { forgivingString, forgivingOptionalNumber } from "./lenient.js";
import { mark } from "tracemark";

type ArchiveSearchConfig = {
  archiveKey?: string;
  keyFromUser?: boolean;
  defaultDepth?: "quick" | "full";
  sessionTag?: string;
};

export function registerArchiveSearchTool(
  server: McpServer,
  config?: ArchiveSearchConfig,
  toolName?: string,
): void {
  server.tool(
    toolName || "archive_search",
    `Search the trade archive for filings, notices and supplier records.

      Good for: finding when something was filed, by whom, and what it said.
      Gives back: the matching records' titles, dates and summaries.

      Tips:
      write what the record would say, not bare keywords.
      Add kind:supplier or kind:notice to search one register only.`,
    {
      text: forgivingString().describe(
        "What to look for, as a sentence describing the record wanted. May include kind:<register> (supplier, notice) to search one register.",
      ),
      maxEntries: forgivingOptionalNumber().describe(
        "How many records to return (default: 8).",
      ),
    },
    {
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: true,
      idempotentHint: true,
    },
    async ({ text, maxEntries }) => {
      const id = toolName || "archive_search";
      const log = requestLog(id);
      const kind = /\bkind:(supplier|notice)\b/i.exec(text)?.[1];
      const query: ArchiveQuery = {
        text: text.replace(/\bkind:\w+/i, "").trim(),
        depth: config?.defaultDepth || "quick",
        limit: maxEntries || 8,
        ...(kind && { kind }),
      };
      log.start(query.text);
      mark("archive_search_sent");
      const reply: ArchiveReply = await archiveClient(config).post(ARCHIVE_API.SEARCH, query);
      return {
        content: [{ type: "text" as const, text: reply.entries.map((e) => `${e.title} (${e.date})`).join("\n") }],
      };
    },
  );
}
