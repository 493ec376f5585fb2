import { z } from 'zod';
import { Agent, run, tool, RunState } from '@openai/agents';

const lookupSkyTool = tool({
  name: 'lookup_sky',
  description:
    'Describe the sky over one harbour. The answer never includes the water level.',
  parameters: z.object({
    harbour: z.string().describe('Harbour whose sky to describe.'),
  }),
  execute: async ({ harbour }) => {
    return `The sky over ${harbour} is clear`;
  },
});

// A sub-agent offered to the main agent as a tool.
const skyAgent = new Agent({
  name: 'Sky agent',
  instructions: 'Describe the sky for each harbour asked about, nothing else.',
  handoffDescription: 'Handles questions about the sky',
  tools: [lookupSkyTool],
});

const lookupWaterLevelTool = tool({
  name: 'lookup_water_level',
  description:
    'Get the water level at one harbour. Call once per harbour.',
  parameters: z.object({
    harbour: z.string().describe('Harbour whose water level to get.'),
  }),
  needsApproval: async (_ctx, { harbour }) => harbour.includes('Bremen'),
  execute: async ({ harbour }) => {
    return `The water level at ${harbour} is 4.2 m`;
  },
});

const agent = new Agent({
  name: 'Harbour assistant',
  instructions: 'Answer questions about harbours, using every tool needed.',
  tools: [
    lookupWaterLevelTool,
    skyAgent.asTool({
      toolName: 'ask_sky_agent',
      toolDescription: 'Describe the sky over one or more harbours.',
      // Ask before delegating when the question mentions Hamburg.
      needsApproval: async (_ctx, { input }) => input.includes('Hamburg'),
    }),
  ],
});

async function main() {
  let result = await run(agent, 'What are sky and water level in Hamburg and Bremen?');
  while (result.interruptions?.length > 0) {
    const state = result.state;
    for (const interruption of result.interruptions) {
      if (interruption.name === 'lookup_water_level') {
        state.approve(interruption);
      } else {
        state.reject(interruption);
      }
    }
    result = await run(agent, state);
  }
  console.log(result.finalOutput, RunState.name);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
