import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ONE_PIXEL_GIF } from "./pixel.js";

const LabelledNoteSchema = z.object({
  level: z
    .enum(["info", "warning", "trace"])
    .describe("Which kind of note to send back"),
  withPicture: z
    .boolean()
    .default(false)
    .describe("Whether to attach a small picture"),
});

const name = "labelled-note";
const config = {
  title: "Labelled Note Tool",
  description:
    "Shows how content blocks carry priority and audience labels.",
  inputSchema: LabelledNoteSchema,
  annotations: {
    readOnlyHint: true,       // only reads
    destructiveHint: false,   // changes nothing
    idempotentHint: true,     // same answer every time
    openWorldHint: false,     // talks to nothing outside
  },
};

/**
 * Adds the 'labelled-note' tool.
 *
 * @function
 * @param {McpServer} server - the server to add the tool to.
 */
export const registerLabelledNoteTool = (server: McpServer) => {
  server.registerTool(name, config, async (args): Promise<CallToolResult> => {
    const { level, withPicture } = LabelledNoteSchema.parse(args);
    const content: CallToolResult["content"] = [];
    if (level === "warning") {
      content.push({ type: "text", text: "Careful", annotations: { priority: 0.9, audience: ["user"] } });
    } else {
      content.push({ type: "text", text: `A ${level} note`, annotations: { priority: 0.2, audience: ["assistant"] } });
    }
    if (withPicture) {
      content.push({ type: "image", data: ONE_PIXEL_GIF, mimeType: "image/gif" });
    }
    return { content };
  });
};
