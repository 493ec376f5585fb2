import { tool, type ToolSet } from 'ai';
import { z } from 'zod';

const bookTable = tool({
  description: 'ask the user to confirm a table booking at a restaurant',
  inputSchema: z.object({ restaurant: z.string() }),
  outputSchema: z.string(), // the answer comes from the user
  // no execute: a person approves it
});

const localCurrency = tool({
  description: 'tell which currency a country uses',
  inputSchema: z.object({ country: z.string() }),
  // with execute: runs without asking
  execute: async ({ country }) => {
    return country === 'Japan' ? 'JPY' : 'EUR';
  },
});

export const tools = {
  bookTable,
  localCurrency,
} satisfies ToolSet;
