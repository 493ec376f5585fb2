import { tool } from "ai";
import { z } from "zod";

// Tool factories: exported functions that return an AI SDK tool, called
// by users as `tools: { searchGuides: searchGuides(), readGuide: readGuide({ apiKey }) }`.
type GuideConfig = { apiKey?: string };

const SEARCH_GUIDES_DESCRIPTION = `Search the trail guides by place name.
Returns guide ids to pass to readGuide.`;

export function searchGuides(config: GuideConfig = {}) {
  const { apiKey } = config;
  return tool({
    description: SEARCH_GUIDES_DESCRIPTION,
    inputSchema: z.object({
      place: z.string().describe("A place name, e.g. 'Snowdon'."),
      limit: z.number().int().min(1).max(20).optional(),
    }),
    execute: async ({ place }) => ({ place, apiKey: apiKey ? "set" : "unset", ids: [] }),
  });
}

export function readGuide(config: GuideConfig = {}) {
  return tool({
    description: "Read one trail guide by id.",
    inputSchema: z.object({ id: z.string() }),
    execute: async ({ id }) => ({ id, text: String(config.apiKey) }),
  });
}
