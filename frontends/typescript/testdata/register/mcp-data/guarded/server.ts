// A low-level server whose handlers all go through one guard: the
// tools/list handler returns `await guard("list_tools", params, async ()
// => {…})`, and the guard runs its callback through a breaker object's
// execute(() => fn(checked)) before returning the result.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const breaker = {
  failures: 0,
  async execute<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      breaker.failures++;
      throw err;
    }
  },
};

function check(method: string, params: unknown): unknown {
  if (params !== undefined && typeof params !== "object") {
    throw new Error(`${method}: bad params`);
  }
  return params;
}

async function guard<T>(method: string, params: unknown, fn: (checked: unknown) => Promise<T>): Promise<T> {
  const checked = check(method, params);
  const result = await breaker.execute(() => fn(checked));
  return result;
}

const server = new Server({ name: "orchard", version: "1.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  return await guard("list_tools", request.params, async () => {
    const listed = [
      {
        name: "count_trees",
        description: "Count the trees in one row",
        inputSchema: {
          type: "object",
          properties: { row: { type: "integer", minimum: 1 } },
          required: ["row"],
        },
        annotations: { title: "Count trees", readOnlyHint: true },
      },
      {
        name: "pick_apples",
        description: "Pick the ripe apples of a tree",
        inputSchema: {
          type: "object",
          properties: {
            tree: { type: "string", description: "Tree label, e.g. \"R3-T7\"" },
            basket: { type: "string", enum: ["small", "large"] },
          },
          required: ["tree"],
        },
      },
    ];
    return { tools: listed };
  });
});
