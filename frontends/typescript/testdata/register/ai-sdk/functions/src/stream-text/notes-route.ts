import { openai } from '@ai-sdk/openai';
import { streamText } from 'ai';
import { z } from 'zod';
import { draftNote, tagNote } from '../tools/note-tools';
import { run } from '../lib/run';

const requestSchema = z.object({ id: z.string(), text: z.string() });

run(async () => {
  // The request is validated first: .parse() gives data, not a schema.
  const body = requestSchema.parse({ id: 'n1', text: 'Plan the garden party' });
  const session = { user: body.id };
  const result = streamText({
    model: openai('gpt-4o'),
    tools: {
      draftNote: draftNote({ session }),
      tagNote: tagNote({ session }),
    },
    prompt: body.text,
  });

  console.log(await result.text);
});
