// A low-level server whose tools/list handler maps tool modules and
// folds each module's field table into JSON Schema properties with
// Object.entries(fields).reduce((acc, [key, field]) => { acc[key] = …;
// return acc; }, {}): the project's own converter, a function of
// constant data. Descriptions are folded too (reduce without an initial
// value, reduceRight), and one accumulator is filled with acc.k = v.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

interface Prop {
  type: string;
  description?: string;
  items?: Prop;
  enum?: string[];
}

type Field = { kind: "text" | "count" | "flag" | "choice" | "list"; note?: string; of?: Field; options?: string[] };

function toProp(field: Field): Prop {
  if (field.kind === "text") {
    return { type: "string", description: field.note };
  }
  if (field.kind === "count") {
    return { type: "integer", description: field.note };
  }
  if (field.kind === "choice") {
    return { type: "string", enum: field.options, description: field.note };
  }
  if (field.kind === "list" && field.of) {
    return { type: "array", items: toProp(field.of), description: field.note };
  }
  return { type: "boolean" };
}

const sowSeeds = {
  meta: { name: "sow_seeds", summary: ["Sow", "seeds", "in", "one", "bed"] },
  fields: {
    bed: { kind: "text", note: "Bed label" },
    rows: { kind: "count" },
    crop: { kind: "choice", options: ["bean", "pea", "leek"], note: "What to sow" },
  } as Record<string, Field>,
};

const waterBeds = {
  meta: { name: "water_beds", summary: ["first", "the", "Water"] },
  fields: {
    beds: { kind: "list", of: { kind: "text", note: "One bed" }, note: "Beds to water" },
    deep: { kind: "flag", note: "Soak the soil" },
  } as Record<string, Field>,
};

const modules = [sowSeeds, waterBeds];

server();

function server() {
  const srv = new Server({ name: "plot", version: "1.0.0" }, { capabilities: { tools: {} } });
  srv.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: modules.map((m, i) => ({
      name: m.meta.name,
      description: i === 0 ? m.meta.summary.reduce((s, w) => s + " " + w) : m.meta.summary.reduceRight((s, w) => (s + " " + w).trim(), "") + " beds",
      inputSchema: {
        type: "object",
        properties: Object.entries(m.fields).reduce((acc, [key, field]) => {
          acc[key] = toProp(field);
          return acc;
        }, {} as Record<string, Prop>),
        required: Object.keys(m.fields).reduce((acc: { list: string[] }, key) => {
          acc.list = [...acc.list, key];
          return acc;
        }, { list: [] as string[] }).list.slice(0, 1),
      },
    })),
  }));
  return srv;
}
