import { z } from "zod/v3";
import { Id, Page } from "./shared";
import * as shared from "./shared";

const Tag = z.object({ label: z.string(), color: z.string().optional() });
const LIMIT = 50;
const Names = ["alpha", "beta"] as const;

export const Item = z.object({ id: Id, tags: z.array(Tag), page: Page.optional() });
export const ById = z.object({ id: shared.Id });
export const Limited = z.array(z.string()).max(LIMIT);
export const Named = z.enum(Names);
export const Category: z.ZodType<{ name: string; sub: unknown[] }> = z.lazy(() =>
  z.object({ name: z.string(), sub: z.array(Category) }),
);
export const Tree = z.object({ value: z.number(), children: z.lazy(() => z.array(Tree)).optional() });
export const Search = Page.extend({ query: z.string().min(1), filters: z.record(z.string(), z.string()).optional() });
