import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { deflateSync } from "node:zlib";

const PACK_LIMIT_BYTES = Number(
  process.env.PACK_LIMIT_BYTES ?? String(2 * 1024 * 1024)
);

const PACK_HOSTS = (process.env.PACK_HOSTS ?? "")
  .split(",")
  .map((h) => h.trim().toLowerCase())
  .filter((h) => h.length > 0);

const PackFileSchema = z.object({
  fileName: z.string().describe("Name to give the packed file").default("notes.txt.z"),
  source: z
    .url()
    .describe("Address of the file to pack")
    .default("https://example.com/notes.txt"),
  deliver: z
    .enum(["link", "inline"])
    .default("link")
    .describe(
      "How the packed file comes back. 'link' returns a link the client can read later, 'inline' returns the packed bytes in the answer."
    ),
});

const name = "pack-file";
const config = {
  title: "Pack File Tool",
  description:
    "Fetches one file and packs it with deflate. Depending on the delivery chosen, returns the packed bytes or a link to them, readable for the rest of the session.",
  inputSchema: PackFileSchema,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
};

export const registerPackFileTool = (server: McpServer) => {
  server.registerTool(name, config, async (args): Promise<CallToolResult> => {
    const { fileName, source, deliver } = PackFileSchema.parse(args);
    const host = new URL(source).hostname;
    if (PACK_HOSTS.length > 0 && !PACK_HOSTS.includes(host)) {
      throw new Error(`host ${host} is not allowed`);
    }
    const body = Buffer.from(await (await fetch(source)).arrayBuffer());
    if (body.length > PACK_LIMIT_BYTES) {
      throw new Error("file too large");
    }
    const packed = deflateSync(body).toString("base64");
    if (deliver === "inline") {
      return { content: [{ type: "resource", resource: { uri: `packed://${fileName}`, blob: packed } }] };
    }
    return { content: [{ type: "resource_link", uri: `packed://${fileName}`, name: fileName }] };
  });
};
