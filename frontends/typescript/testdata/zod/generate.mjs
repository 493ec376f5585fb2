// generate.mjs writes, beside each corpus file v3/NAME.ts and v4/NAME.ts,
// NAME.json: every exported zod schema constant mapped to the JSON Schema
// zod's own converter produces for it, the reference the Go test compares
// tscg with.
//
//   zod 4 (import "zod/v4"): z.toJSONSchema(schema, { io: "input" })
//   zod 3 (import "zod/v3"): zodToJsonSchema(schema)  (zod-to-json-schema)
//
// Input mode is what a tool's caller sends, and what the MCP TypeScript
// SDK lists for tools/list. A converter that throws records {"error": msg}.
//
// Run from a directory holding zod@4, zod@3 (installed as zod3),
// zod-to-json-schema and esbuild:
//
//   npm install zod@4 zod3@npm:zod@3 zod-to-json-schema esbuild
//   node generate.mjs /path/to/scratch/node_modules
import { createRequire } from "node:module";
import { readdirSync, writeFileSync, mkdtempSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const modules = resolve(process.argv[2] ?? "node_modules");
const { build } = createRequire(join(modules, "x.js"))("esbuild");
const out = mkdtempSync(join(tmpdir(), "zodgen-"));

async function load(entry, version) {
  const wrapper = version === 4
    ? `export * as mod from ${JSON.stringify(entry)}; export { z } from "zod/v4";`
    : `export * as mod from ${JSON.stringify(entry)}; export { zodToJsonSchema } from "zod-to-json-schema";`;
  const file = join(out, `bundle-${version}-${Math.random().toString(36).slice(2)}.mjs`);
  await build({
    stdin: { contents: wrapper, resolveDir: here, loader: "js" },
    bundle: true, format: "esm", platform: "node", outfile: file, logLevel: "silent",
    nodePaths: [modules],
    alias: version === 3 ? { "zod/v3": "zod3" } : {},
  });
  return import(pathToFileURL(file).href);
}

function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
  }
  return v;
}

for (const version of [3, 4]) {
  const dir = join(here, `v${version}`);
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".ts")).sort()) {
    const m = await load(join(dir, name), version);
    const result = {};
    for (const [k, s] of Object.entries(m.mod).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!s || typeof s !== "object" || !("_def" in s || "_zod" in s)) continue;
      try {
        result[k] = version === 4 ? m.z.toJSONSchema(s, { io: "input" }) : m.zodToJsonSchema(s);
      } catch (e) {
        result[k] = { error: String(e.message ?? e) };
      }
    }
    writeFileSync(join(dir, name.replace(/\.ts$/, ".json")), JSON.stringify(sortKeys(result), null, 2) + "\n");
    console.log(`v${version}/${name}: ${Object.keys(result).length} schemas`);
  }
}
