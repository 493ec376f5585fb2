import { tool, type UIToolInvocation } from 'ai';
import { z } from 'zod';

function pickSky() {
  const skies = ['clear', 'hazy', 'overcast', 'drizzle'];
  return skies[Math.floor(Math.random() * skies.length)];
}

export const forecastTool = tool({
  description: 'Tell the forecast for a town',
  inputSchema: z.object({ town: z.string() }),
  async *execute() {
    yield { state: 'pending' as const };

    await new Promise(resolve => setTimeout(resolve, 200 + Math.floor(Math.random() * 800)));

    yield {
      state: 'done' as const,
      celsius: 18,
      sky: pickSky(),
    };
  },
});

export type ForecastToolInvocation = UIToolInvocation<typeof forecastTool>;
