import { openai } from '@ai-sdk/openai';
import { generateText, isStepCount, tool } from 'ai';
import { z } from 'zod';
import { forecastTool } from '../tools/forecast-tool';
import { run } from '../lib/run';

run(async () => {
  const { text } = await generateText({
    model: openai('gpt-4o'),
    tools: {
      forecast: forecastTool,
      museumHours: tool({
        inputSchema: z.object({ museum: z.string() }),
      }),
    },
    activeTools: [], // no tool may be called
    stopWhen: isStepCount(3),
    prompt:
      'Will it rain in Ghent tomorrow, and when does the design museum open?',
  });

  console.log(text);
});
