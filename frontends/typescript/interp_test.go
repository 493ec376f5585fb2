package typescript

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A part of a description tscg cannot evaluate is a placeholder naming
// it, with a warning at that part; the tool is built.
func TestDescriptionPlaceholder(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const where = () => `+"`in ${process.cwd()} and ${'here'}`"+`;
server.registerTool("look", { description: "Look " + where() }, async () => ({ content: [] }));
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Description != "Look in <process.cwd()> and here" {
		t.Fatalf("tools %+v, diags %s", cat.Tools, diags)
	}
	if !strings.Contains(diags, `x.ts:3:27: warning: tool "look": its description holds a value known only when the server runs (a call of process.cwd())`) {
		t.Errorf("diags: %s", diags)
	}
}

// A zod .describe() text with a part known only at run time keeps it
// as a placeholder naming the expression, with a warning there, as a
// tool's description does (chrome-devtools-mcp's `Call ${listPages().name}`).
func TestDescribePlaceholder(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "s", version: "1" });
server.registerTool("look", { inputSchema: { dir: z.string().describe(`+"`Below ${process.cwd()}.`"+`) } }, async () => ({ content: [] }));
`)
	if len(cat.Tools) != 1 {
		t.Fatalf("tools %+v, diags %s", cat.Tools, diags)
	}
	if d := cat.Tools[0].Params.Properties[0].Type.Description; d != "Below <process.cwd()>." {
		t.Errorf("description %q, diags %s", d, diags)
	}
	if !strings.Contains(diags, `x.ts:4:80: warning: .describe: the description holds a value known only when the server runs (a call of process.cwd())`) {
		t.Errorf("diags: %s", diags)
	}
}

// Every tool whose name cannot be read is reported at the expression
// that made it unknown, and the tools that can be read are still built.
func TestUnreadableToolsEachReported(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const defs = [
  { name: process.env.A },
  { name: "fine" },
  { name: readName() },
];
for (const d of defs) {
  server.registerTool(d.name, {}, async () => ({ content: [] }));
}
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "fine" {
		t.Errorf("tools: %+v", cat.Tools)
	}
	for _, want := range []string{"x.ts:4:11: error: registerTool: the tool's name must be", "x.ts:6:11: error: registerTool: the tool's name must be",
		"(read as element 2 of defs at x.ts:8:17)"} {
		if !strings.Contains(diags, want) {
			t.Errorf("missing %q in:\n%s", want, diags)
		}
	}
}

// Recursion and loops that multiply stop at the step budget with a
// positioned warning instead of running on.
func TestEvaluationBudget(t *testing.T) {
	_, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const ten = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
function grow(n) { return ten.map((x) => grow([n, x])).join(""); }
server.registerTool("t" + grow(0), {}, async () => ({ content: [] }));
`)
	if !strings.Contains(diags, "the evaluation budget") && !strings.Contains(diags, "nested more than") {
		t.Errorf("diags: %s", diags)
	}
}

// Statements that change a bound name: push and += are followed; an
// assignment under a condition known only at run time makes the name
// unknown (a placeholder in a description), never silently stale.
func TestAssignments(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
function setup() {
  const list = [];
  list.push({ name: "a" });
  list.push({ name: "b" });
  let plain = "Plain";
  plain += " text.";
  let env = "E";
  if (process.env.Z) {
    env = "other";
  }
  for (const d of list) {
    server.registerTool(d.name, { description: plain, title: env }, async () => ({ content: [] }));
  }
}
setup();
`)
	if len(cat.Tools) != 2 || cat.Tools[0].Name != "a" || cat.Tools[1].Description != "Plain text." {
		t.Fatalf("tools %+v, diags %s", cat.Tools, diags)
	}
	if cat.Tools[0].Title != "<env>" || !strings.Contains(diags, `warning: tool "a": its title holds a value known only when the server runs (env (changed by code tscg does not run))`) {
		t.Errorf("diags: %s", diags)
	}
}

// A return under a condition known only at run time, or inside a loop
// over values tscg cannot know, makes the function's result unknown: the
// later return is not taken for it. A loop over a constant array runs.
func TestReturnsUnderUnknownConditions(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
function where() {
  if (process.env.BOX) {
    return "in a box";
  }
  return "outside";
}
function first(xs) {
  for (const x of xs) {
    return x;
  }
  return "none";
}
server.registerTool("place", { description: "Runs " + where() + ", " + first([1]) + ", " + first(loadAll()) }, async () => ({ content: [] }));
`)
	if len(cat.Tools) != 1 || !strings.HasPrefix(cat.Tools[0].Description, "Runs <where()>, 1, <first(loadAll())>") {
		t.Fatalf("tools %+v, diags %s", cat.Tools, diags)
	}
}

// An unknown value from another module, on a long minified line, is
// reported in that module at its own line and byte column.
func TestPositionsAcrossModulesOnLongLines(t *testing.T) {
	dir := t.TempDir()
	pad := strings.Repeat(`/*minified*/`, 400) // 4800 bytes
	defs := pad + `export const defs=[{name:"ok"},{name:globalThis.toolName}];` + "\n"
	server := `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { defs } from "./defs";
const server = new McpServer({ name: "s", version: "1" });
for (const d of defs) server.registerTool(d.name, {}, async () => ({ content: [] }));
`
	for name, src := range map[string]string{"defs.ts": defs, "x.ts": server} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	cat, diags := Load([]string{"x.ts"}, Options{})
	var b strings.Builder
	diags.Print(&b)
	col := len(pad) + len(`export const defs=[{name:"ok"},{name:`) + 1
	want := fmt.Sprintf("defs.ts:1:%d: error: registerTool: the tool's name must be", col)
	if len(cat.Tools) != 1 || !strings.Contains(b.String(), want) {
		t.Errorf("tools %d, want %q in:\n%s", len(cat.Tools), want, b.String())
	}
}

// An environment variable with a fallback (`process.env.X || d`,
// `?? d`) is read as the fallback, its value when the variable is unset,
// with one warning at the variable; only the field that uses it depends
// on it. A variable without a fallback stays unknown.
func TestEnvFallback(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "s", version: "1" });
const who = process.env.WHO || "";
const n = process.env.N ?? "3";
server.registerTool("greet", { inputSchema: { who: z.string().default(who), n: z.string().default(n) } }, async () => ({ content: [] }));
server.registerTool("wave", { description: "Wave " + (process.env.HAND && "hand") }, async () => ({ content: [] }));
`)
	if len(cat.Tools) != 2 {
		t.Fatalf("tools %+v, diags %s", cat.Tools, diags)
	}
	ps := cat.Tools[0].Params.Properties
	if string(ps[0].Type.Default) != `""` || string(ps[1].Type.Default) != `"3"` {
		t.Errorf("defaults %s %s, diags %s", ps[0].Type.Default, ps[1].Type.Default, diags)
	}
	for _, w := range []string{
		"x.ts:4:13: warning: process.env.WHO is known only when the server runs; tscg reads `process.env.WHO || …` as string \"\"",
		"x.ts:5:11: warning: process.env.N is known only when the server runs; tscg reads `process.env.N ?? …` as string \"3\"",
	} {
		if strings.Count(diags, w) != 1 {
			t.Errorf("want once %q in diags: %s", w, diags)
		}
	}
	if d := cat.Tools[1].Description; d != "Wave <(process.env.HAND && \"hand\")>" {
		t.Errorf("description %q", d)
	}
}

// A project's own zod-to-JSON converter that reads zod 4's internals
// (`_def.typeName`, as a low-level server's tools/list handler may do
// inside a reduce) is not followed (zod 3's _def is, see
// TestZod3DefUnmodelledNamed and the walker/ golden): each tool it builds
// is an error naming the internal read, and the reduce around it runs;
// the list's other tools are built (an entry blocks only its own tool).
func TestZodInternalsNamed(t *testing.T) {
	cat, diags := loadSource(t, `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
const tools = [{ name: "b", shape: {} }, { name: "a", shape: { q: z.string() } }];
function conv(s: z.ZodTypeAny) {
  if (s._def?.typeName === "ZodString") { return { type: "string" }; }
  return { type: "object" };
}
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: tools.map((t) => ({ name: t.name, inputSchema: { type: "object",
    properties: Object.entries(t.shape).reduce((acc, [k, v]) => { acc[k] = conv(v); return acc; }, {} as Record<string, unknown>) } })),
}));
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "b" {
		t.Errorf("tools %+v, want only b (its shape is empty); diags %s", cat.Tools, diags)
	}
	if !strings.Contains(diags, `error: tool "a": its JSON Schema literal holds the result of a function that returns under a condition known only at run time (property typeName of a zod 4 schema's internal ._def, which tscg does not model (it reads zod 3's))`) {
		t.Errorf("diags: %s", diags)
	}
}

// zod 3's _def as a converter reads it: what tscg keeps is read (the
// wrapper chain, descriptions per level, .isOptional()); a property it
// does not keep (checks, a ZodDefault's defaultValue) and .isOptional()
// of a refinement that would see undefined are unknown, an error at that
// read naming it and the tool it blocks, never a guess; the other tools
// are built.
func TestZod3DefUnmodelledNamed(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("package.json", []byte(`{"dependencies": {"zod": "3.25.76"}}`), 0o644)
	os.WriteFile("x.ts", []byte(`import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
const shapes = {
  ok: { a: z.string().describe("A").optional(), b: z.number().describe("B") },
  checks: { c: z.string().min(3) },
  dflt: { d: z.number().default(5) },
  refined: { e: z.string().optional().refine((s) => s !== "x") },
};
function conv(s: z.ZodTypeAny): any {
  const def = s._def;
  if (def.typeName === "ZodOptional") { return { type: "string", description: JSON.stringify({ inner: conv(def.innerType), d: def.description, o: s.isOptional() }) }; }
  if (def.typeName === "ZodDefault") { return { t: def.typeName, d: s.description, v: def.defaultValue() }; }
  if (def.typeName === "ZodString" && !def.description) { return { t: "string", min: def.checks.length }; }
  if (def.typeName === "ZodEffects") { return { t: "effects", o: s.isOptional() }; }
  return { t: def.typeName, d: def.description };
}
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: Object.entries(shapes).map(([name, shape]) => ({ name, inputSchema: { type: "object",
    properties: Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, conv(v)])) } })),
}));
`), 0o644)
	cat, ds := Load([]string{"x.ts"}, Options{})
	var b strings.Builder
	ds.Print(&b)
	diags := b.String()
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "ok" {
		t.Fatalf("tools %+v, want only ok; diags %s", cat.Tools, diags)
	}
	if got, want := cat.Tools[0].Params.Properties[0].Type.Description, `{"inner":{"t":"ZodString","d":"A"},"d":"A","o":true}`; got != want {
		t.Errorf("ok.a: got %s, want %s", got, want)
	}
	for _, w := range []string{
		`x.ts:14:90: error: tool "checks": its JSON Schema literal holds property length of property checks of a zod 3 ._def of a ZodString (tscg models typeName, description)`,
		`x.ts:13:91: error: tool "dflt": its JSON Schema literal holds a call of property defaultValue of a zod 3 ._def of a ZodDefault (tscg models typeName, description, innerType)`,
		`x.ts:15:68: error: tool "refined": its JSON Schema literal holds .isOptional() of a schema whose check on undefined runs project code`,
	} {
		if !strings.Contains(diags, w) {
			t.Errorf("want %q in diags: %s", w, diags)
		}
	}
}

// A module constant changed in place by a statement tscg does not run
// (a top-level push, an add on a Set, a property set in a function) is
// unknown where it is used, naming the change: its initializer alone
// would list the wrong tools without a word.
func TestMutatedConstantUnknown(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const names = ["a"];
names.push("b");
const on = new Set(["x"]);
function enable() { on.add("y"); }
enable();
const cfg = { extra: false };
cfg.extra = true;
for (const n of names) {
  server.registerTool(n, {}, async () => ({ content: [] }));
}
if (on.has("y")) { server.registerTool("why", {}, async () => ({ content: [] })); }
if (cfg.extra) { server.registerTool("extra", {}, async () => ({ content: [] })); }
`)
	var got []string
	for _, tl := range cat.Tools {
		got = append(got, tl.Name)
	}
	if strings.Join(got, ",") != "why,extra" {
		t.Errorf("tools %v, want why,extra (listed with warnings); diags %s", got, diags)
	}
	for _, want := range []string{
		`x.ts:11:23: error: registerTool: the tool's name must be a string constant tscg can read, found an element of names (changed at x.ts:4:1 by code tscg does not run)`,
		"x.ts:13:5: warning: tools registered in this block are listed only when `on.has(\"y\")` holds",
		"x.ts:14:5: warning: tools registered in this block are listed only when `cfg.extra` holds",
	} {
		if !strings.Contains(diags, want) {
			t.Errorf("diags lack %q: %s", want, diags)
		}
	}
}

// A callback given to a project function runs where that function
// calls it: under a condition tscg cannot decide, the tools it
// registers are listed with a warning at that condition.
func TestPassedCallbackCondition(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const when = (ok: boolean, fn: () => void) => { if (ok) { fn(); } };
function setup(flag: boolean) {
  when(flag, () => server.registerTool("maybe", {}, async () => ({ content: [] })));
  when(false, () => server.registerTool("never", {}, async () => ({ content: [] })));
  when(true, () => server.registerTool("always", {}, async () => ({ content: [] })));
}
setup(Math.random() > 0.5);
`)
	var got []string
	for _, tl := range cat.Tools {
		got = append(got, tl.Name)
	}
	if strings.Join(got, ",") != "maybe,always" {
		t.Errorf("tools %v, want maybe,always; diags %s", got, diags)
	}
	if !strings.Contains(diags, "x.ts:3:53: warning: tools registered in this block are listed only when `ok` holds") {
		t.Errorf("diags: %s", diags)
	}
}

// process.argv is read as a run without arguments, with a warning at
// the read: a tool registered only under some flags is left out, and
// the warning says so (before, it was left out without a word).
func TestProcessArgvWarned(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
if (process.argv.length > 5) {
  server.registerTool("maybe", {}, async () => ({ content: [] }));
}
server.registerTool("always", {}, async () => ({ content: [] }));
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "always" {
		t.Errorf("tools %+v", cat.Tools)
	}
	if !strings.Contains(diags, `x.ts:3:13: warning: process.argv is known only when the server runs; tscg reads it as ["node", "<script>"], a run without arguments`) {
		t.Errorf("diags: %s", diags)
	}
}

// A callback the project function also passes on (or stores) may run
// elsewhere: it is read as called, not dropped because the function's
// own call of it is in a branch known not to run.
func TestPassedCallbackPassedOn(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const later: Array<() => void> = [];
const when = (ok: boolean, fn: () => void) => { if (ok) { fn(); } else { later.push(fn); } };
when(false, () => server.registerTool("deferred", {}, async () => ({ content: [] })));
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "deferred" {
		t.Errorf("tools %+v, diags %s", cat.Tools, diags)
	}
}

// A static import of the project's JSON file (`import pkg from
// "../package.json" with { type: "json" }`, also as a namespace) is its
// data, as import() of one is: no "cannot find module" warning, and a
// description built from it is known.
func TestStaticJSONImport(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.MkdirAll("src", 0o755)
	os.WriteFile("package.json", []byte(`{"name": "x", "version": "1.4.2", "dependencies": {"zod": "3.25.76"}}`), 0o644)
	os.WriteFile("src/x.ts", []byte(`import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import pkg from "../package.json" with { type: "json" };
import * as meta from "../package.json";
const server = new McpServer({ name: "s", version: pkg.version });
server.tool("about", "About " + pkg.name + " " + meta.default.version, {}, async () => ({ content: [] }));
`), 0o644)
	cat, ds := Load([]string{"src/x.ts"}, Options{})
	var b strings.Builder
	ds.Print(&b)
	if b.Len() != 0 {
		t.Errorf("diags: %s", b.String())
	}
	if len(cat.Tools) != 1 || cat.Tools[0].Description != "About x 1.4.2" {
		t.Errorf("tools %+v", cat.Tools)
	}
}
