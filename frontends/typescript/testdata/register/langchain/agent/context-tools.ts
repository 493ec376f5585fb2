/**
 * Tools that read the caller's identity from the run's context, so that each
 * caller only sees their own bookings.
 */

import { createAgent, tool } from "langchain";
import {
  getContextVariable,
  setContextVariable,
} from "@langchain/core/context";
import { z } from "zod";

const bookingsByGuest = {
  g1: [{ id: "b1", room: "Garden suite", night: "2025-03-02" }],
  g2: [
    { id: "b2", room: "Attic", night: "2025-04-11" },
    { id: "b3", room: "Attic", night: "2025-04-12" },
  ],
};

/**
 * Lists the calling guest's bookings.
 */
const listBookingsTool = tool(
  async (input: { newest?: number }) => {
    const guest = getContextVariable("guestId");
    if (!guest) {
      return "Error: no guest signed in.";
    }
    const all = bookingsByGuest[guest as keyof typeof bookingsByGuest] || [];
    const shown = input.newest ? all.slice(-input.newest) : all;
    return shown.map((b) => `${b.room} on ${b.night}`).join("\n");
  },
  {
    name: "list_bookings",
    description: "List the signed-in guest's bookings",
    schema: z.object({
      newest: z
        .number()
        .optional()
        .describe("Only list this many of the latest bookings"),
    }),
  }
);

/**
 * Tells the calling guest's loyalty level.
 */
const loyaltyLevelTool = tool(
  async () => {
    const guest = getContextVariable("guestId");
    return guest ? `Guest ${guest} is at level silver` : "Error: no guest signed in.";
  },
  {
    name: "loyalty_level",
    description: "Tell the signed-in guest's loyalty level",
    schema: z.object({}),
  }
);

const concierge = createAgent({
  model: "openai:gpt-4o",
  tools: [listBookingsTool, loyaltyLevelTool],
  systemPrompt: "You are a hotel concierge. Use the tools to answer about the guest's own stays.",
});

async function ask(guestId: string, question: string) {
  setContextVariable("guestId", guestId);
  const result = await concierge.invoke({ messages: question });
  console.log(result.messages[result.messages.length - 1].content);
}

await ask("g2", "Which rooms have I booked?");
await ask("", "What is my loyalty level?");
