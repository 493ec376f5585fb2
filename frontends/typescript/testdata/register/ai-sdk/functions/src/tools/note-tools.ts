import { tool } from 'ai';
import { z } from 'zod';

type Props = { session: { user: string } };

export const noteKinds = ['memo', 'todo', 'idea'] as const;

// Tool factories written as arrows whose body is the tool() call; each is
// given to the model under the factory's own name.
export const draftNote = ({ session }: Props) =>
  tool({
    description: 'Draft a note for the signed-in user.',
    inputSchema: z.object({
      title: z.string(),
      kind: z.enum(noteKinds),
    }),
    execute: async ({ title }) => ({ owner: session.user, title }),
  });

export const tagNote = ({ session }: Props) =>
  tool({
    description: 'Add tags to one of the user\'s notes',
    inputSchema: z.object({
      noteId: z.string().describe('The note to tag'),
      tags: z.array(z.string()).min(1),
    }),
    execute: async () => session.user,
  });
