#!/usr/bin/env node

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

// A notebook of cards and the links between them, kept in memory.
interface Card { title: string; tag: string; lines: string[] }
interface Link { source: string; target: string; kind: string }
interface Notebook { cards: Card[]; links: Link[] }

class NotebookStore {
  private book: Notebook = { cards: [], links: [] };
  async addCards(cards: Card[]) {
    const fresh = cards.filter((c) => !this.book.cards.some((o) => o.title === c.title));
    this.book.cards.push(...fresh);
    return fresh;
  }
  async addLinks(links: Link[]) {
    this.book.links.push(...links);
    return links;
  }
  async read(): Promise<Notebook> {
    return { cards: [...this.book.cards], links: [...this.book.links] };
  }
}

const CardSchema = z.object({
  title: z.string().describe("Unique title of the card"),
  tag: z.string().describe("A tag that groups the card with others"),
  lines: z.array(z.string()).describe("The lines written on the card")
});

const LinkSchema = z.object({
  source: z.string().describe("Title of the card the link starts at"),
  target: z.string().describe("Title of the card the link points to"),
  kind: z.string().describe("What the link means, in the active voice")
});

const server = new McpServer({
  name: "notebook-server",
  version: "0.1.0",
});

const store = new NotebookStore();
const NOTEBOOK_URI = "notebook://all";
const watchers = new Set<string>();

function notifyChanged() {
  if (watchers.has(NOTEBOOK_URI)) {
    server.server.sendResourceUpdated({ uri: NOTEBOOK_URI });
  }
}

server.registerTool(
  "add_cards",
  {
    title: "Add Cards",
    description: "Add new cards to the notebook",
    inputSchema: {
      cards: z.array(CardSchema)
    },
    outputSchema: {
      cards: z.array(CardSchema)
    },
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    }
  },
  async ({ cards }) => {
    const added = await store.addCards(cards);
    notifyChanged();
    return {
      content: [{ type: "text" as const, text: JSON.stringify(added, null, 2) }],
      structuredContent: { cards: added }
    };
  }
);

server.registerTool(
  "add_links",
  {
    title: "Add Links",
    description: "Link pairs of cards in the notebook",
    inputSchema: {
      links: z.array(LinkSchema).describe("The links to add")
    },
    outputSchema: {
      links: z.array(LinkSchema)
    },
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    }
  },
  async ({ links }) => {
    const added = await store.addLinks(links);
    notifyChanged();
    return {
      content: [{ type: "text" as const, text: JSON.stringify(added, null, 2) }],
      structuredContent: { links: added }
    };
  }
);

server.registerTool(
  "append_lines",
  {
    title: "Append Lines",
    description: "Write more lines on existing cards",
    inputSchema: {
      additions: z.array(z.object({
        title: z.string().describe("Title of the card to write on"),
        lines: z.array(z.string()).describe("The lines to append")
      }))
    },
    outputSchema: {
      written: z.array(z.object({
        title: z.string(),
        appended: z.array(z.string())
      }))
    },
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    }
  },
  async ({ additions }) => {
    const written = additions.map((a) => ({ title: a.title, appended: a.lines }));
    notifyChanged();
    return {
      content: [{ type: "text" as const, text: JSON.stringify(written, null, 2) }],
      structuredContent: { written }
    };
  }
);

server.registerTool(
  "remove_cards",
  {
    title: "Remove Cards",
    description: "Remove cards, and the links touching them, from the notebook",
    inputSchema: {
      titles: z.array(z.string()).describe("Titles of the cards to remove")
    },
    outputSchema: {
      ok: z.boolean(),
      note: z.string()
    },
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    }
  },
  async ({ titles }) => {
    notifyChanged();
    return {
      content: [{ type: "text" as const, text: `Removed ${titles.length} cards` }],
      structuredContent: { ok: true, note: `Removed ${titles.length} cards` }
    };
  }
);

server.registerTool(
  "read_notebook",
  {
    title: "Read Notebook",
    description: "Read every card and link in the notebook",
    inputSchema: {},
    outputSchema: {
      cards: z.array(CardSchema),
      links: z.array(LinkSchema)
    },
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    }
  },
  async () => {
    const book = await store.read();
    return {
      content: [{ type: "text" as const, text: JSON.stringify(book, null, 2) }],
      structuredContent: { ...book }
    };
  }
);

export function registerNotebookResource(server: McpServer, source: NotebookStore) {
  server.registerResource(
    "notebook",
    NOTEBOOK_URI,
    { title: "Notebook", description: "Every card and link", mimeType: "application/json" },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(await source.read()) }],
    }),
  );
}

export function registerNotebookWatching(server: McpServer) {
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    watchers.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    watchers.delete(request.params.uri);
    return {};
  });
}

async function main() {
  registerNotebookResource(server, store);
  registerNotebookWatching(server);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error("Notebook MCP server running on stdio");
}

main().catch((error) => {
  console.error("Fatal error in main():", error);
  process.exit(1);
});
