import { z } from "zod";
import { createAgent, tool } from "langchain";
import { InMemoryStore, LangGraphRunnableConfig } from "@langchain/langgraph";
import { ChatOpenAI } from "@langchain/openai";

const loadProfile = tool(
  async ({ memberId }, config: LangGraphRunnableConfig) => {
    return config.store?.get(["members"], memberId);
  },
  {
    name: "load_profile",
    description: "Load a member's profile.",
    schema: z.object({
      memberId: z.string(),
    }),
  }
);

const storeProfile = tool(
  async ({ memberId, nickname, height, city }, config: LangGraphRunnableConfig) => {
    await config.store?.put(["members"], memberId, { nickname, height, city });
    return "Profile stored.";
  },
  {
    name: "store_profile",
    description: "Store a member's profile.",
    schema: z.object({
      memberId: z.string(),
      nickname: z.string(),
      height: z.number(),
      city: z.string(),
    }),
  }
);

const agent = createAgent({
  model: new ChatOpenAI({ model: "gpt-4o" }),
  tools: [loadProfile, storeProfile],
  store: new InMemoryStore(),
});

await agent.invoke({
  messages: "Store member m-7: nickname Kit, height 181, city Porto",
});

const result = await agent.invoke({
  messages: "Load the profile of member m-7",
});
console.log(result.messages.at(-1)?.content);
