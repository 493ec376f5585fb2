import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolResult,
  ElicitResultSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const OpenLinkSchema = z.object({
  link: z.string().url().describe("The page the user is asked to visit"),
  prompt: z
    .string()
    .default("Please visit the page to carry on.")
    .describe("Text shown to the user next to the link"),
  requestId: z
    .string()
    .optional()
    .describe("An id for the request. A fresh one when left out."),
  viaError: z
    .boolean()
    .default(false)
    .describe(
      "Chooses how the link is delivered. " +
        "When false (the default) the server sends an elicitation request and waits. " +
        "When true the call fails with an error that carries the link, " +
        "and the client retries once the user is done."
    ),
});

const name = "open-link";
const config = {
  title: "Open Link Tool",
  description:
    "Asks the client to send its user to a web page. " +
    "Either as a request the server waits on, or as an error the client " +
    "answers by retrying. Set viaError=true for the second.",
  inputSchema: OpenLinkSchema,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
};

const sentAsError = new Set<string>();

export const __forgetSentLinks = () =>
  sentAsError.clear();

/**
 * Adds 'open-link', only for a client that can take a URL elicitation.
 */
export const registerOpenLinkTool = (server: McpServer) => {
  const caps = server.server.getClientCapabilities() || {};
  const elicit = caps.elicitation as
    | { form?: object; url?: object }
    | undefined;
  const takesUrls = elicit?.url !== undefined;

  if (takesUrls) {
    server.registerTool(
      name,
      config,
      async (args, extra): Promise<CallToolResult> => {
        const { link, prompt, requestId, viaError } = OpenLinkSchema.parse(args);
        const id = requestId ?? randomUUID();
        if (viaError && !sentAsError.has(id)) {
          sentAsError.add(id);
          throw new Error(`visit ${link} first`);
        }
        const answer = await extra.sendRequest(
          { method: "elicitation/create", params: { mode: "url", message: prompt, url: link, elicitationId: id } },
          ElicitResultSchema
        );
        return { content: [{ type: "text", text: `user said ${answer.action}` }] };
      }
    );
  }
};
