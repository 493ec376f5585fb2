#!/usr/bin/env node
// A low-level server whose tools/list handler turns each tool module's
// zod 3 shape into JSON Schema with its own converter, which reads zod's
// internals: _def.typeName, _def.description, _def.innerType,
// _def.schema, _def.type, _def.shape(), _def.values, _def.value,
// _def.options, .description and .isOptional(). What it lists is what
// zod 3 really holds for each schema (a description sits on the object
// .describe() was called on; .optional(), .default(), .transform(),
// .or(), .brand() and .catch() copy it into the wrapper; .refine(),
// .readonly(), .pipe(), z.array() and .merge() do not).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

import * as sow from "./tools/sow.js";
import * as harvest from "./tools/harvest.js";
import * as ledger from "./tools/ledger.js";
import * as weather from "./tools/weather.js";
import * as status from "./tools/status.js";

const tools = [sow, harvest, ledger, weather, status];

interface Prop {
  type?: string;
  description?: string;
  properties?: Record<string, Prop>;
  required?: string[];
  items?: Prop;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Prop[];
  nullable?: boolean;
}

function toProp(schema: z.ZodTypeAny): Prop {
  const description = schema._def?.description;
  const kind = schema._def?.typeName;

  if (kind === "ZodString") {
    return { type: "string", description };
  }
  if (kind === "ZodNumber") {
    return { type: "number", description };
  }
  if (kind === "ZodBoolean") {
    return { type: "boolean", description };
  }
  if (kind === "ZodArray") {
    return { type: "array", description, items: toProp(schema._def.type) };
  }
  if (kind === "ZodObject") {
    const shape = schema._def.shape();
    const properties: Record<string, Prop> = {};
    for (const [key, value] of Object.entries(shape)) {
      properties[key] = toProp(value as z.ZodTypeAny);
    }
    const required = Object.keys(shape).filter((key) => !shape[key].isOptional());
    return { type: "object", description, properties, required };
  }
  if (kind === "ZodEnum") {
    return { type: "string", enum: schema._def.values, description };
  }
  if (kind === "ZodLiteral") {
    return { const: schema._def.value };
  }
  if (kind === "ZodOptional") {
    return toProp(schema._def.innerType);
  }
  if (kind === "ZodNullable") {
    return { ...toProp(schema._def.innerType), nullable: true };
  }
  if (kind === "ZodDefault") {
    const inner = toProp(schema._def.innerType);
    return { ...inner, description: schema.description ?? inner.description };
  }
  if (kind === "ZodEffects") {
    return toProp(schema._def.schema);
  }
  if (kind === "ZodUnion") {
    const options = schema._def.options;
    if (options.length === 2) {
      return { ...toProp(options[0]), description: description ?? "(either)" };
    }
    return { anyOf: options.map((option: z.ZodTypeAny) => toProp(option)) };
  }

  return { type: "string", description };
}

const server = new Server(
  { name: "greenhouse", version: "0.2.0" },
  { capabilities: { tools: {} } },
);

server.setRequestHandler(ListToolsRequestSchema, async () => {
  return {
    tools: tools.map((tool) => ({
      name: tool.metadata.name,
      description: tool.metadata.description,
      inputSchema: {
        type: "object",
        properties: Object.entries(tool.inputSchema).reduce((acc, [key, schema]) => {
          acc[key] = toProp(schema);
          return acc;
        }, {} as Record<string, Prop>),
        required: Object.entries(tool.inputSchema)
          .filter(([, schema]) => !schema.isOptional())
          .map(([key]) => key),
      },
    })),
  };
});

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((t) => t.metadata.name === request.params.name);
  if (!tool) {
    throw new Error(`Unknown tool: ${request.params.name}`);
  }
  const text = await tool.handler(request.params.arguments ?? {});
  return { content: [{ type: "text", text }] };
});

async function main() {
  const transport = new StdioServerTransport();
  await server.connect(transport);
}

main().catch((error) => {
  console.error("greenhouse:", error);
  process.exit(1);
});
