import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { FrontDesk } from "../lib/desk.js";
import { enumKeys } from "../lib/keys.js";

export enum Size {
  Toy = 1,
  Medium = 3,
  Giant = 5,
}

export enum Diet {
  Raw = "raw",
  Kibble = "kibble",
}

export const listDogsSchema = z.object({
  size: z.enum(enumKeys(Size) as [string, ...string[]]).optional().describe("Only dogs of this size"),
  diet: z.array(z.enum(enumKeys(Diet) as [string, ...string[]])).optional(),
});

export const registerListDogsTool = (server: McpServer, desk: FrontDesk): void => {
  server.tool("list_dogs", "List the dogs staying tonight", listDogsSchema.shape, async (args: z.infer<typeof listDogsSchema>) => ({
    content: [{ type: "text", text: await desk.ask(JSON.stringify(args)) }],
  }));
};

export const registerBookStayTool = (server: McpServer, desk: FrontDesk): void => {
  server.tool(
    "book_stay",
    "Book a stay for a dog",
    {
      dog: z.string().describe("The dog's name"),
      arrive: z.coerce.date().describe("Arrival time"),
      leave: z.date().optional(),
      size: z.enum(enumKeys(Size) as [string, ...string[]]).default(Size[Size.Medium]),
    },
    async () => ({ content: [{ type: "text", text: await desk.ask("book") }] }),
  );
};
