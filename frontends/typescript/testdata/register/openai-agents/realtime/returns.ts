import { RealtimeAgent, tool } from "@openai/agents/realtime";

// A voice agent's tools from the realtime entry point of Agents JS, with
// JSON Schema literal parameters.
export const repairsAgent = new RealtimeAgent({
  name: "repairs",
  voice: "sage",
  handoffDescription: "Books bicycle repairs and looks up repair tickets.",
  instructions: "Help the rider book a repair or find a ticket.",
  tools: [
    tool({
      name: "lookupTicket",
      description: "Find a repair ticket by the rider's phone number.",
      parameters: {
        type: "object",
        properties: {
          phoneNumber: { type: "string", description: "The rider's phone number." },
        },
        required: ["phoneNumber"],
        additionalProperties: false,
      },
      execute: async () => ({ tickets: [] }),
    }),
    tool({
      name: "bookRepair",
      description: "Book a repair slot.",
      parameters: {
        type: "object",
        properties: {
          kind: { type: "string", enum: ["flat", "brakes", "gears"], description: "What to repair." },
          day: { type: "string", description: "Preferred day, e.g. Tuesday." },
        },
        required: ["kind", "day"],
        additionalProperties: false,
      },
      execute: async () => ({ booked: true }),
    }),
  ],
});
