// harness.mjs produces the expected tool lists of the registration
// goldens in this directory (our own entry files, one directory per
// registration style) by running the real frameworks: each entry file is
// bundled with esbuild and run with the frameworks' own packages from npm,
// and the tools it registers are read back the way each framework exposes
// them:
//
//   MCP TypeScript SDK: the server's own tools/list handler (McpServer and
//     low-level Server instances are recorded as they are made; exported
//     register*(server) functions are called with a fresh McpServer whose
//     client can do everything, so that conditional registrations happen).
//   fastmcp: the tools added to each FastMCP instance, listed as its own
//     tools/list handler lists them (xsschema's strictJsonSchema of
//     toJsonSchema).
//   Vercel AI SDK: tools passed to generateText/streamText (named by key)
//     or exported (named by export name, or by key for an exported tool
//     set), schemas converted by the SDK's asSchema(...).jsonSchema.
//   OpenAI Agents JS: the FunctionTool objects tool() returns (their
//     parameters are the SDK's JSON Schema).
//   LangChain.js: the tools tool() returns, schemas converted by
//     @langchain/core's toJsonSchema.
//
// zod-to-json-schema (installed with the SDK) runs for real where an
// entry calls it itself. Packages the entries import that are none of
// these (model providers,
// loggers, missing relative modules) are replaced by an inert stub; stdio
// transports by one that does nothing. Plain "zod" is zod 3 where the
// nearest package.json depends on zod 3 (installed as zod3). Writes
// <source>/expected/<entry>.json; an optional second argument names the one
// source to regenerate.
//
//   npm install @modelcontextprotocol/sdk@1.32.2 ai@6 @openai/agents@0.20 \
//     @langchain/core@1.4 langchain@1.5 zod@4 zod3@npm:zod@3 esbuild fastmcp@4.20 yargs@18
//   node harness.mjs /path/to/scratch/node_modules [source]
import { createRequire } from "node:module";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync, readFileSync } from "node:fs";
import { dirname, join, resolve, relative } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";

const here = dirname(fileURLToPath(import.meta.url));
const modules = resolve(process.argv[2] ?? "node_modules");
const { build } = createRequire(join(modules, "x.js"))("esbuild");
const work = mkdtempSync(join(tmpdir(), "harness-"));

export const entries = {
  "mcp-register": ["shout", "pixel", "labelled-note", "list-items", "item-ref", "list-folders", "weather-report",
    "pack-file", "toggle-heartbeat", "ask-model-async", "open-link", "research"].map((n) => `tools/${n}.ts`),
  "mcp-module": ["notes/index.ts", "thinking/index.ts", "files/index.ts", "outline/index.ts"],
  "mcp-sdk-examples": ["forecastOutputSchema", "digestWithSampling"].map((n) => `src/examples/server/${n}.ts`),
  "mcp-lowlevel": ["server.ts"],
  "mcp-legacy-tool": ["src/tools/archiveSearch.ts", "src/tools/supplierLookup.ts", "src/tools/shelfSort.ts", "src/tools/pantryStatus.ts"],
  "ai-sdk": ["app/tool/forecast-tool.ts", "app/api/approval/tools.ts", "functions/src/generate-text/active-tools.ts", "functions/src/tools/guide-tools.ts", "functions/src/stream-text/notes-route.ts"],
  "openai-agents": ["basic/index.ts", "patterns/approvals.ts", "realtime/returns.ts"],
  "langchain": ["agent/profile-tools.ts", "agent/context-tools.ts", "agent/registry.ts"],
  "mcp-data": ["loop/index.ts", "wrapper/server.ts", "lowlevel/server.ts", "modules/server.ts", "wrapped/server.ts", "classes/index.ts", "aliases/server.ts", "envlist/server.ts", "guarded/server.ts", "branches/server.ts", "jsonimport/server.ts", "folded/server.ts", "gated/server.ts"],
  "mcp-data-zod3": ["handler/server.ts", "flags/main.ts", "enums/server.ts", "reuse/server.ts", "walker/server.ts"],
  "fastmcp": ["garden/server.ts"],
};

const shims = {
  "@modelcontextprotocol/sdk/server/mcp.js": `
    import * as real from "@modelcontextprotocol/sdk/server/mcp.js";
    export * from "@modelcontextprotocol/sdk/server/mcp.js";
    export class McpServer extends real.McpServer {
      constructor(...a) { super(...a); (globalThis.__servers ??= []).push(this.server); }
    }`,
  "@modelcontextprotocol/sdk/server/index.js": `
    import * as real from "@modelcontextprotocol/sdk/server/index.js";
    export * from "@modelcontextprotocol/sdk/server/index.js";
    export class Server extends real.Server {
      constructor(...a) { super(...a); (globalThis.__servers ??= []).push(this); }
    }`,
  "@modelcontextprotocol/sdk/server/stdio.js": `
    export class StdioServerTransport { async start() {} async send() {} async close() {} }`,
  "ai": `
    import * as real from "ai";
    export * from "ai";
    export function tool(def) { return real.tool(def); }
    function capture(opts) { if (opts && opts.tools) (globalThis.__aiSets ??= []).push(opts.tools); }
    export async function generateText(opts) { capture(opts); return { text: "", steps: [], toolCalls: [], toolResults: [], response: { messages: [] } }; }
    // Newer than the installed SDK (the goldens use it as current examples do).
    export const isStepCount = () => () => false;
    export function streamText(opts) { capture(opts); return { textStream: [], toUIMessageStreamResponse() {} }; }`,
  "@openai/agents": `
    import * as real from "@openai/agents";
    export * from "@openai/agents";
    export function tool(def) { const t = real.tool(def); (globalThis.__agentTools ??= []).push(t); return t; }
    export async function run() { return { finalOutput: "", interruptions: [], state: { approve() {}, reject() {} } }; }
    export class Runner { async run() { return { finalOutput: "", interruptions: [] }; } }`,
  "@openai/agents/realtime": `
    import * as real from "@openai/agents/realtime";
    export * from "@openai/agents/realtime";
    export function tool(def) { const t = real.tool(def); (globalThis.__agentTools ??= []).push(t); return t; }`,
  // fastmcp: instances are recorded with the tools added to them, and
  // start() does nothing (the collector lists them as fastmcp's tools/list
  // handler does).
  "fastmcp": `
    import * as real from "fastmcp";
    export * from "fastmcp";
    export class FastMCP extends real.FastMCP {
      constructor(...a) { super(...a); this.__tools = []; (globalThis.__fastmcp ??= []).push(this); }
      addTool(t) { super.addTool(t); this.__tools = this.__tools.filter((x) => x.name !== t.name).concat([t]); }
      async start() {}
    }`,
  "@langchain/core/tools": `
    import * as real from "@langchain/core/tools";
    export * from "@langchain/core/tools";
    export function tool(fn, cfg) { const t = real.tool(fn, cfg); (globalThis.__lcTools ??= []).push(t); return t; }`,
  "langchain": `
    import * as real from "@langchain/core/tools";
    export function tool(fn, cfg) { const t = real.tool(fn, cfg); (globalThis.__lcTools ??= []).push(t); return t; }
    import stub from "./stub.cjs";
    export const createAgent = stub, createMiddleware = stub, HumanMessage = stub, SystemMessage = stub;`,
};
const real = new Set(["zod", "zod/v3", "zod/v4", "zod-to-json-schema", "yargs", "yargs/helpers", "fastmcp", "xsschema", "ai", "@openai/agents", "@openai/agents/realtime", "@langchain/core/tools",
  "@langchain/core/utils/json_schema"]);
// The stub: every property is the stub, calls and new return it, and a
// function passed to it is called (so that run(async () => …) runs), its
// failures ignored. It is its own prototype, so esbuild's ESM wrapper of a
// CommonJS module finds every named import on it.
const stubSource = `const h = { get: (t, k) => (k === "then" ? undefined : k === Symbol.toPrimitive ? () => 0 : k === "__esModule" ? false : P),
  getPrototypeOf: () => P,
  apply: (t, self, args) => { for (const a of args) if (typeof a === "function") { try { const r = a(); if (r && r.catch) r.catch(() => {}); } catch {} } return P; },
  construct: () => P };
const P = new Proxy(function () {}, h);
module.exports = P;`;

const shimFiles = {};
for (const [spec, src] of Object.entries(shims)) {
  const f = join(work, spec.replace(/[^a-z0-9]/gi, "_") + ".mjs");
  writeFileSync(f, src);
  shimFiles[spec] = f;
}
const stubFile = join(work, "stub.cjs");
writeFileSync(stubFile, stubSource);

function existsTs(base) {
  return [base, base.replace(/\.js$/, ".ts"), base + ".ts", join(base, "index.ts")].some((c) => existsSync(c) && !c.endsWith("/"));
}

function zodMajor(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const pj = join(dir, "package.json");
    if (!existsSync(pj)) continue;
    const pkg = JSON.parse(readFileSync(pj, "utf8"));
    const v = pkg.dependencies?.zod ?? pkg.peerDependencies?.zod ?? pkg.devDependencies?.zod;
    if (v) return /^[\^~>=< v]*3/.test(v) ? 3 : 4;
  }
  return 4;
}

const plugin = {
  name: "harness",
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      const spec = args.path;
      if (args.pluginData?.probe) return undefined; // esbuild's own resolution, asked below
      const fromShim = Object.values(shimFiles).includes(args.importer);
      if (spec.startsWith("node:") || spec.startsWith("/") || args.kind === "entry-point") return undefined;
      if (args.importer.includes("/node_modules/")) return undefined; // the packages' own dependencies
      if (spec.startsWith(".")) {
        // mcp-sdk-examples import the SDK by relative path, as the SDK's own examples do.
        const m = /^(?:\.\.\/)+((?:server|shared|client|experimental)\/.*|types\.js)$/.exec(spec);
        if (m && args.importer.includes("/mcp-sdk-examples/")) {
          const sdk = "@modelcontextprotocol/sdk/" + m[1];
          return shimFiles[sdk] ? { path: shimFiles[sdk] } : { path: createRequire(join(modules, "x.js")).resolve(sdk) };
        }
        return existsTs(resolve(args.resolveDir, spec)) ? undefined : { path: stubFile };
      }
      if (!fromShim && shimFiles[spec]) return { path: shimFiles[spec] };
      // Plain "zod" is the version the entry's package.json depends on
      // (zod 3 is installed as zod3), as in the project itself.
      if (spec === "zod" && zodMajor(args.importer) === 3) return { path: createRequire(join(modules, "x.js")).resolve("zod3") };
      if (spec.startsWith("@modelcontextprotocol/sdk") || real.has(spec) || spec.startsWith("@langchain/core")) return undefined;
      if (["fs", "path", "os", "url", "crypto", "child_process", "util", "events", "stream", "zlib", "http", "fs/promises", "readline", "process", "buffer"].includes(spec)) return undefined;
      // A tsconfig path alias or baseUrl import of a project file, as
      // esbuild resolves it (it reads tsconfig.json as TypeScript does).
      const found = await b.resolve(spec, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { probe: true } });
      if (found.errors.length === 0 && found.path && !found.path.includes("/node_modules/")) return { path: found.path };
      return { path: stubFile };
    });
  },
};

const collector = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { asSchema } from "ai";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { strictJsonSchema, toJsonSchema as xsJsonSchema } from "xsschema";
import { writeFileSync } from "node:fs";
export async function collect(mod, out) {
  await new Promise((r) => setTimeout(r, 300));
  for (const [k, v] of Object.entries(mod)) {
    if (typeof v === "function" && /^register/.test(k)) {
      const s = new McpServer({ name: "harness", version: "1.0.0" }, { capabilities: { tools: {}, logging: {}, resources: { subscribe: true } } });
      // A client that can do everything, for tools registered only then.
      s.server.getClientCapabilities = () => ({ roots: {}, sampling: {}, elicitation: { form: {}, url: {} }, tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } } });
      try { await v(s, {}); } catch (e) { console.error(k, e); }
    }
  }
  const result = { mcp: [], ai: [], agents: [], langchain: [] };
  for (const s of globalThis.__servers ?? []) {
    const h = s._requestHandlers.get("tools/list");
    if (!h) continue;
    const res = await h({ method: "tools/list", params: {} }, { signal: new AbortController().signal, requestId: 1,
      sendNotification: async () => {}, sendRequest: async () => {} });
    result.mcp.push(...res.tools);
  }
  // fastmcp's tools/list handler (fastmcp 4.20): strictJsonSchema of
  // xsschema's toJsonSchema of the parameters.
  for (const s of globalThis.__fastmcp ?? []) for (const tool of s.__tools) result.mcp.push({
    annotations: tool.annotations, description: tool.description,
    inputSchema: tool.parameters ? strictJsonSchema(await xsJsonSchema(tool.parameters)) : { additionalProperties: false, properties: {}, type: "object" },
    name: tool.name, ...(tool.outputSchema && { outputSchema: await xsJsonSchema(tool.outputSchema) }) });
  const isTool = (v) => v && typeof v === "object" && ("inputSchema" in v || "parameters" in v) && ("execute" in v || "description" in v || "outputSchema" in v);
  const ai = new Map();
  for (const set of globalThis.__aiSets ?? []) for (const [k, t] of Object.entries(set)) ai.set(k, t);
  for (const [k, v] of Object.entries(mod)) {
    // A tool factory (an exported function taking no required argument
    // that returns a tool) is named by the function, as callers key it.
    if (typeof v === "function" && v.length === 0 && !/^register/.test(k)) {
      let made; try { made = v(); } catch {}
      if (isTool(made) && !(globalThis.__agentTools ?? []).includes(made)) ai.set(k, made);
    }
    if (isTool(v) && !(globalThis.__agentTools ?? []).includes(v)) ai.set(k, v);
    else if (v && typeof v === "object" && !Array.isArray(v) && Object.values(v).length && Object.values(v).every(isTool)) for (const [kk, t] of Object.entries(v)) ai.set(kk, t);
  }
  for (const [name, t] of ai) {
    const e = { name, description: t.description, inputSchema: await asSchema(t.inputSchema ?? t.parameters).jsonSchema };
    if (t.outputSchema) e.outputSchema = await asSchema(t.outputSchema).jsonSchema;
    result.ai.push(e);
  }
  for (const t of globalThis.__agentTools ?? []) result.agents.push({ name: t.name, description: t.description, parameters: t.parameters, strict: t.strict });
  for (const t of globalThis.__lcTools ?? []) result.langchain.push({ name: t.name, description: t.description, schema: toJsonSchema(t.schema) });
  writeFileSync(out, JSON.stringify(result, null, 2) + "\\n");
  process.exit(0);
}`;
writeFileSync(join(work, "collector.mjs"), collector);

// An optional third argument names the one source to regenerate.
const only = process.argv[3];
for (const [source, files] of Object.entries(entries)) {
  if (only && source !== only) continue;
  for (const rel of files) {
    const entry = join(here, source, rel);
    const out = join(here, source, "expected", rel.replace(/\.ts$/, ".json"));
    mkdirSync(dirname(out), { recursive: true });
    const bundle = join(work, source + "-" + rel.replace(/[^a-z0-9]/gi, "_") + ".mjs");
    await build({
      // A module that fails after registering (an example calling a stubbed
      // model) still leaves its registrations behind.
      stdin: { contents: `import { collect } from ${JSON.stringify(join(work, "collector.mjs"))};
        const mod = await import(${JSON.stringify(entry)}).catch((e) => { console.error("(after registering) " + e); return {}; });
        await collect(mod, ${JSON.stringify(out)});`,
        resolveDir: here, loader: "js" },
      bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "error", nodePaths: [modules], plugins: [plugin],
      // xsschema's converters for other schema libraries, imported only for them.
      external: ["effect", "sury", "@valibot/to-json-schema", "arktype"],
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    try {
      execFileSync("node", [bundle, work], { stdio: ["ignore", "ignore", "inherit"], timeout: 30000 });
      console.log(`${source}/${rel}`);
    } catch (e) {
      console.error(`${source}/${rel}: ${e.message}`);
    }
  }
}
