import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CreateTaskResult } from "@modelcontextprotocol/sdk/experimental/tasks";

const SurveySchema = z.object({
  subject: z.string().describe("What the survey is about"),
  vague: z
    .boolean()
    .default(false)
    .describe(
      "Pretend the subject is unclear, so that the task stops to ask the user (input_required)"
    ),
});

const PHASES = ["Collecting", "Reading", "Summing up"];

interface SurveyState {
  subject: string;
  phase: number;
  done: boolean;
  result?: CallToolResult;
}

const surveys = new Map<string, SurveyState>();

async function advance(taskId: string, args: z.infer<typeof SurveySchema>): Promise<void> {
  const state = surveys.get(taskId);
  if (!state) return;
  state.phase = PHASES.length;
  state.done = true;
  state.result = { content: [{ type: "text", text: `Survey of ${args.subject} done` }] };
}

export const registerRunSurveyTool = (server: McpServer) => {
  const caps = server.server.getClientCapabilities() || {};
  const canAsk: boolean = caps.elicitation !== undefined;

  server.experimental.tasks.registerToolTask(
    "run-survey",
    {
      title: "Run Survey",
      description:
        "Pretends to run a long survey that collects, reads and sums up sources. " +
        "Shows task-based tools moving through phases. " +
        "When 'vague' is true and the client can be asked, the task asks the user to narrow the subject.",
      inputSchema: SurveySchema,
      execution: { taskSupport: "required" },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    {
      createTask: async (args, extra): Promise<CreateTaskResult> => {
        const parsed = SurveySchema.parse(args);
        const task = await extra.taskStore.createTask({ ttl: 60000, pollInterval: 500 });
        surveys.set(task.taskId, { subject: parsed.subject, phase: 0, done: false });
        void advance(task.taskId, { ...parsed, vague: parsed.vague && canAsk });
        return { task };
      },
      getTask: async (_args, extra) => {
        return await extra.taskStore.getTask(extra.taskId);
      },
      getTaskResult: async (_args, extra) => {
        return (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult;
      },
    }
  );
};
