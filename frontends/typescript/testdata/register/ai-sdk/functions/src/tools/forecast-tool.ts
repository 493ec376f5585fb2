import { tool } from 'ai';
import { z } from 'zod';

const skies = [
  { name: 'clear', low: -8, high: 32 },
  { name: 'foggy', low: -2, high: 12 },
  { name: 'stormy', low: 4, high: 26 },
];

export const forecastTool = tool({
  description: 'Tell the forecast for a town',
  inputSchema: z.object({
    town: z.string().describe('The town to forecast for'),
  }),
  outputSchema: z.object({
    town: z.string(),
    sky: z.string(),
    celsius: z.number(),
  }),
  execute: async ({ town }) => {
    const sky = skies[Math.floor(Math.random() * skies.length)];
    return {
      town,
      sky: sky.name,
      celsius: Math.floor(Math.random() * (sky.high - sky.low + 1)) + sky.low,
    };
  },
});
