#!/usr/bin/env node

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import fs from "fs/promises";
import path from "path";
import { z } from "zod";
import { expandTilde, tidyPath } from './paths.js';
import {
  // helpers
  setShelves,
  checkInside,
  readWhole,
  humanSize,
} from './lib.js';

// The shelves (directories) this server may read and write come from the
// command line; with none, the client's roots are used later.
const argv = process.argv.slice(2);
if (argv.length === 0) {
  console.error("Usage: shelf-server [directory...]");
}

let shelves = (await Promise.all(
  argv.map(async (dir) => {
    const full = path.resolve(expandTilde(dir));
    try {
      return [tidyPath(await fs.realpath(full))];
    } catch {
      return [tidyPath(full)];
    }
  })
)).flat();

setShelves(shelves);

// Argument schemas, also used to type the handlers.
const PeekFileArgsSchema = z.object({
  path: z.string(),
  first: z.number().optional().describe('Only return this many lines from the top'),
  last: z.number().optional().describe('Only return this many lines from the bottom')
});

const ReadManyArgsSchema = z.object({
  paths: z
    .array(z.string())
    .min(1)
});

const PatchFileArgsSchema = z.object({
  path: z.string(),
  changes: z.array(z.object({ find: z.string(), replaceWith: z.string() })),
  preview: z.boolean().default(false)
});

const ShelfListArgsSchema = z.object({
  path: z.string(),
  orderBy: z.enum(['name', 'modified']).optional().default('name')
});

const FindArgsSchema = z.object({
  path: z.string(),
  glob: z.string(),
  skip: z.array(z.string()).optional().default([])
});

const server = new McpServer(
  {
    name: "shelf-server",
    version: "0.4.0",
  }
);

const peek = async (args: z.infer<typeof PeekFileArgsSchema>) => {
  const lines = (await readWhole(args.path)).split("\n");
  const picked = args.first ? lines.slice(0, args.first) : args.last ? lines.slice(-args.last) : lines;
  const text = picked.join("\n");
  return { content: [{ type: "text" as const, text }], structuredContent: { content: text } };
};

// peek_file (old name) and view_file
server.registerTool(
  "peek_file",
  {
    title: "Peek File (Old Name)",
    description: "Show a text file. OLD NAME: use view_file instead.",
    inputSchema: PeekFileArgsSchema.shape,
    outputSchema: { content: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false }
  },
  peek
);

server.registerTool(
  "view_file",
  {
    title: "View File",
    description:
      "Show the contents of one file as text. " +
      "Use 'first' to see only the top lines or 'last' to see only the " +
      "bottom lines of a long file. " +
      "Only paths on the shelves can be viewed.",
    inputSchema: {
      path: z.string(),
      first: z.number().optional().describe("Only return this many lines from the top"),
      last: z.number().optional().describe("Only return this many lines from the bottom")
    },
    outputSchema: { content: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false }
  },
  peek
);

server.registerTool(
  "view_picture",
  {
    title: "View Picture",
    description:
      "Show an image or sound file, base64-encoded with its MIME type. " +
      "Only paths on the shelves can be viewed.",
    inputSchema: {
      path: z.string()
    },
    outputSchema: {
      content: z.array(z.union([
        z.object({
          type: z.enum(["image", "audio"]),
          data: z.string(),
          mimeType: z.string()
        }),
        z.object({
          type: z.literal("resource"),
          resource: z.object({
            uri: z.string(),
            mimeType: z.string().optional(),
            blob: z.string()
          })
        })
      ]))
    },
    annotations: { readOnlyHint: true, openWorldHint: false }
  },
  async (args: { path: string }) => {
    const data = (await fs.readFile(checkInside(args.path))).toString("base64");
    const item = { type: "image" as const, data, mimeType: "image/png" };
    return { content: [item], structuredContent: { content: [item] } };
  }
);

server.registerTool(
  "view_many",
  {
    title: "View Many Files",
    description:
      "Show several files at once, each headed by its path. " +
      "A file that cannot be read is reported and the others are still shown.",
    inputSchema: {
      paths: z.array(z.string())
        .min(1)
        .describe("Paths of the files to show, each on a shelf.")
    },
    outputSchema: { content: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false }
  },
  async (args: z.infer<typeof ReadManyArgsSchema>) => {
    const parts = await Promise.all(args.paths.map(async (p) => `${p}:\n${await readWhole(p).catch((e) => String(e))}`));
    const text = parts.join("\n---\n");
    return { content: [{ type: "text" as const, text }], structuredContent: { content: text } };
  }
);

server.registerTool(
  "patch_file",
  {
    title: "Patch File",
    description:
      "Replace exact pieces of text in a file. " +
      "Returns a line diff of what changed.",
    inputSchema: {
      path: z.string(),
      changes: z.array(z.object({
        find: z.string().describe("Text to look for, matched exactly"),
        replaceWith: z.string().describe("Text to put in its place")
      })),
      preview: z.boolean().default(false).describe("Only show the diff, change nothing")
    },
    outputSchema: { content: z.string() },
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true, openWorldHint: false }
  },
  async (args: z.infer<typeof PatchFileArgsSchema>) => {
    let text = await readWhole(args.path);
    for (const c of args.changes) text = text.replace(c.find, c.replaceWith);
    if (!args.preview) await fs.writeFile(checkInside(args.path), text);
    return { content: [{ type: "text" as const, text }], structuredContent: { content: text } };
  }
);

server.registerTool(
  "list_shelf",
  {
    title: "List Shelf",
    description:
      "List the entries of a directory with their sizes. " +
      "Only directories on the shelves can be listed.",
    inputSchema: {
      path: z.string(),
      orderBy: z.enum(["name", "modified"]).optional().default("name").describe("Order entries by name or by time of change")
    },
    outputSchema: { content: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false }
  },
  async (args: z.infer<typeof ShelfListArgsSchema>) => {
    const names = await fs.readdir(checkInside(args.path));
    const rows = await Promise.all(names.map(async (n) => `${n} ${humanSize((await fs.stat(path.join(args.path, n))).size)}`));
    const text = [...rows].join("\n");
    return { content: [{ type: "text" as const, text }], structuredContent: { content: text } };
  }
);

server.registerTool(
  "find_files",
  {
    title: "Find Files",
    description:
      "Find files below a directory whose names match a glob pattern. " +
      "Entries matching a 'skip' pattern are left out.",
    inputSchema: {
      path: z.string(),
      glob: z.string(),
      skip: z.array(z.string()).optional().default([])
    },
    outputSchema: { content: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false }
  },
  async (args: z.infer<typeof FindArgsSchema>) => {
    const names = await fs.readdir(checkInside(args.path));
    const text = names.filter((n) => n.includes(args.glob.replace(/\*/g, ""))).join("\n");
    return { content: [{ type: "text" as const, text }], structuredContent: { content: text } };
  }
);

server.registerTool(
  "list_shelves",
  {
    title: "List Shelves",
    description:
      "List the directories this server may use.",
    inputSchema: {},
    outputSchema: { content: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false }
  },
  async () => {
    const text = shelves.join("\n");
    return { content: [{ type: "text" as const, text }], structuredContent: { content: text } };
  }
);

async function runServer() {
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error("Shelf MCP server running on stdio");
}

runServer().catch((error) => {
  console.error("Fatal error running server:", error);
  process.exit(1);
});
