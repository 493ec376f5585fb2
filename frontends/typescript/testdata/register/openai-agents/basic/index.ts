import { z } from 'zod';
import { Agent, Runner, tool } from '@openai/agents';

const lookupTideTool = tool({
  name: 'lookup_tide',
  description: 'Look up the next high tide for a harbour',
  parameters: z.object({ harbour: z.string() }),
  execute: async (input) => {
    return `High tide at ${input.harbour} is at 14:10`;
  },
});

const tideAgent = new Agent({
  name: 'Tide agent',
  instructions: 'You answer questions about tides',
  handoffDescription: 'Knows the tide tables',
  modelSettings: {
    toolChoice: 'required',
  },
  tools: [lookupTideTool],
});

const agent = new Agent({
  name: 'Harbour master',
  instructions: 'You help sailors plan a trip',
  handoffs: [tideAgent],
});

async function main() {
  const runner = new Runner({
    groupId: 'Harbour group',
    traceMetadata: { sailor_id: '42' },
  });
  const result = await runner.run(agent, 'When is high tide in Kiel?');
  console.log(result.finalOutput);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
