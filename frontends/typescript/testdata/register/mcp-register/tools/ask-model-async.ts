import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolResult,
  CreateMessageRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const AskModelAsyncSchema = z.object({
  question: z.string().describe("The question to put to the client's model"),
  tokenBudget: z
    .number()
    .default(200)
    .describe("Most tokens the answer may use"),
  waitSeconds: z.number().default(30).describe("How long to wait for the answer"),
});

const name = "ask-model-async";
const config = {
  title: "Ask Model Async Tool",
  description:
    "Asks the client's model a question as a background task of the CLIENT. " +
    "The server sends the request, the client runs it when it can, and the " +
    "server polls until the answer is there.",
  inputSchema: AskModelAsyncSchema,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
};

const POLL_MS = 500;

/**
 * Adds 'ask-model-async', only for a client that can sample and can run a
 * sampling request as a task.
 */
export const registerAskModelAsyncTool = (server: McpServer) => {
  const caps = server.server.getClientCapabilities() || {};
  const canSample = caps.sampling !== undefined;
  const taskCaps = caps.tasks as
    | { requests?: { sampling?: { createMessage?: object } } }
    | undefined;
  const canSampleAsTask = taskCaps?.requests?.sampling?.createMessage !== undefined;

  if (canSample && canSampleAsTask) {
    server.registerTool(
      name,
      config,
      async (args, extra): Promise<CallToolResult> => {
        const { question, tokenBudget } = AskModelAsyncSchema.parse(args);
        const request: CreateMessageRequest = {
          method: "sampling/createMessage",
          params: {
            messages: [{ role: "user", content: { type: "text", text: question } }],
            maxTokens: tokenBudget,
          },
        };
        const first = await extra.sendRequest(
          request,
          z.union([
            z.object({ task: z.object({ taskId: z.string(), status: z.string(), pollInterval: z.number().optional() }) }),
            z.object({ role: z.string(), content: z.any(), model: z.string() }),
          ])
        );
        if (!("task" in first)) {
          return { content: [{ type: "text", text: JSON.stringify(first.content) }] };
        }
        let state = await extra.sendRequest(
          { method: "tasks/get", params: { taskId: first.task.taskId } },
          z.looseObject({ status: z.string() })
        );
        while (state.status === "working") {
          await new Promise((r) => setTimeout(r, POLL_MS));
          state = await extra.sendRequest(
            { method: "tasks/get", params: { taskId: first.task.taskId } },
            z.looseObject({ status: z.string() })
          );
        }
        return { content: [{ type: "text", text: `task ended ${state.status}` }] };
      }
    );
  }
};
