package typescript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse runs the lexer, the declaration parser and the type converter
// on arbitrary input: they must neither panic nor hang. Seeds are the .ts
// files of the golden cases and of the conformance cases (which hold the
// declaration forms tscg shares with ts-json-schema-generator:
// namespaces, classes, open unions …).
func FuzzParse(f *testing.F) {
	_, srcs := testdataSources(f)
	for _, src := range srcs {
		f.Add(src)
	}
	f.Add("type A = `x${`y${'}'}`}`; interface B { a: A }")
	f.Add("export declare namespace N { export { type A as B }; namespace M { export type C = N.B | M.C } } export type A = N.B;")
	f.Add("export class C<T> extends B implements I { @d() x = 1\n #p: T; static { } constructor(public a: T, private b?) {} get g() { return 1 } [K.A]?: string; *gen() {} }")
	f.Add("const K = 'k'; export type T = ('a' | (string & {})) & ({ [K]: 1 } | { b: 2 }); export interface L extends Array<T> {}")
	f.Add("export type T = { [K in 'a']: T }; /")
	f.Add(`const a = [1, 2, 3]; function f(n) { return a.map((x) => f(n + x)); } server.registerTool(f(0).join(), {}, () => 1);`)
	f.Add(`const o = { g() { return this.g(); } }; for (const [k, v] of Object.entries({ a: o.g() })) server.tool(k, v, {});`)
	f.Add("function h({ a = 1, b: [c, ...d] } = {}, ...r) { const { x } = r; return `${a}${c}${x}` } x.registerTool(h(), {});")
	f.Add(`class T { constructor(private a: string, b) { this.b = b; this.c = this; } register(s) { s.registerTool(this.a + this.b, { inputSchema: { x: z.string().default(process.env.X || "") } }, () => 1); } }
new T("t", process.env.N ?? "n").register(server); new T(1, 2).register(server);`)
	f.Add(`enum E { A = 1, B, C = -1 } if (isNaN(Number(Object.keys(E)[0]))) { server.tool(E[E.B], "d", {}, async function h() {}); } else { s.registerTool(String(E.C), {}, h); }`)
	f.Add(`const t = (n: string): void => { srv.registerTool(n, {}, f) }; function g<T extends Record<K, V>>(x: T): string[] { return [] } if (process.env.A === "1") { t("a") } else { t("a") } await guard("x", null, async () => ({ tools: [] }));`)
	f.Add(`const o = Object.entries({ a: 1, b: "x" }).reduce((acc, [k, v]) => { acc[k] = { v }; acc.n = k; return acc; }, {}); [].reduce((s, w) => s + w); [1, 2].reduceRight((s, w) => s - w); const z2 = z.string(); z2._def?.typeName === "ZodString"; s.registerTool(o.n, {}, f);`)
	f.Add(`const g = new Set([1, "1", 1]); g.add(g); const w = (k, fn) => { if (g.has(k)) { fn(); } }; w(1, () => s.tool(String(g.size), {})); w(2, function () { s.tool("n", {}); }); const a = [0]; a.push(1); a[0] = 2; const o = {}; o["k"] = 1;`)
	// zod 3's _def walked by a project's converter (zoddef.go).
	f.Add(`import { z } from "zod/v3"; const s = { a: z.string().describe("d").optional().nullish(), b: z.union([z.literal(1), z.number()]).or(z.string()).transform((x) => x).pipe(z.any()), c: z.object({ d: z.array(z.enum(["x"])).default([]) }).partial().merge(z.object({})).brand().catch({}).readonly() };
function j(x: any): any { const d = x._def; if (d?.typeName === "ZodObject") { return Object.entries(d.shape()).map(([k, v]) => [k, j(v), v.isOptional()]); } if (d.innerType ?? d.schema ?? d.type ?? d.in) { return j(d.innerType ?? d.schema ?? d.type ?? d.in); } return [d.typeName, d.description, x.description, d.values, d.value, d.options?.map(j), d.checks]; }
s.c._def.innerType._def.innerType.unwrap().removeDefault; server.tool("t", JSON.stringify(Object.values(s).map(j)), {}, async () => 1);`)
	f.Add(`import { z } from "zod/v3"; const L = z.lazy(() => L.optional()); const P = z.preprocess((v) => v, z.string().refine((s) => !!s)); server.tool(L._def.typeName + P._def.schema._def.typeName, P.isOptional() + "" + L.isOptional(), { x: L }, async () => 1);`)
	f.Fuzz(func(t *testing.T, src string) {
		p := parseSource(src)
		fl := newFile("f.ts", "f.ts", src)
		(&loader{}).parse(fl, p)
		r := newResolver([]*file{fl})
		fl.root = true
		r.catalog([]*file{fl}, &Selection{Types: []string{"T"}, Tools: []string{"t"}})
		ParseType(src)
	})
}

// TestLoadMissingFile: a file that cannot be read is a diagnostic naming it.
func TestLoadMissingFile(t *testing.T) {
	_, diags := Load([]string{filepath.Join(t.TempDir(), "nope.ts")}, Options{})
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "cannot read") {
		t.Fatalf("diags = %v", diags)
	}
}

// TestLoadParsesEveryFileOnce: a file given twice (relative and absolute)
// is loaded once, so its tools are not duplicates.
func TestLoadParsesEveryFileOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.ts")
	if err := os.WriteFile(path, []byte("export declare function f(a: string): void;"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	cat, diags := Load([]string{"t.ts", path}, Options{})
	if diags.HasErrors() || len(cat.Tools) != 1 {
		t.Fatalf("tools = %d, diags = %v", len(cat.Tools), diags)
	}
}

// FuzzEval runs the expression evaluator and the zod reader on arbitrary
// input read as a constant's initializer and as a file of constants:
// they must neither panic nor hang. Seeds are the zod corpus and the
// registration goldens (testdata/register).
func FuzzEval(f *testing.F) {
	paths, _ := filepath.Glob("testdata/zod/v*/*.ts")
	filepath.WalkDir(registerDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".ts") {
			paths = append(paths, p)
		}
		return nil
	})
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add(`import { z } from "zod"; export const A = z.object({ a: z.lazy(() => A), ...{ b: z.string() } }).pick({ a: true });`)
	f.Add(`import { z } from "zod"; const c = { name: "x", inputSchema: { type: "object" } }; server.registerTool("t", c, async () => 1);`)
	f.Add(`const a = [1, 2, 3]; function f(n) { return a.map((x) => f(n + x)); } server.registerTool(f(0).join(), {}, () => 1);`)
	f.Add(`const o = { g() { return this.g(); } }; for (const [k, v] of Object.entries({ a: o.g() })) server.tool(k, v, {});`)
	f.Add("function h({ a = 1, b: [c, ...d] } = {}, ...r) { const { x } = r; return `${a}${c}${x}` } x.registerTool(h(), {});")
	f.Add(`class T { constructor(private a: string, b) { this.b = b; this.c = this; } register(s) { s.registerTool(this.a + this.b, { inputSchema: { x: z.string().default(process.env.X || "") } }, () => 1); } }
new T("t", process.env.N ?? "n").register(server); new T(1, 2).register(server);`)
	f.Add(`enum E { A = 1, B, C = -1 } if (isNaN(Number(Object.keys(E)[0]))) { server.tool(E[E.B], "d", {}, async function h() {}); } else { s.registerTool(String(E.C), {}, h); }`)
	f.Add(`const t = (n: string): void => { srv.registerTool(n, {}, f) }; function g<T extends Record<K, V>>(x: T): string[] { return [] } if (process.env.A === "1") { t("a") } else { t("a") } await guard("x", null, async () => ({ tools: [] }));`)
	// zod 3's _def walked by a project's converter (zoddef.go).
	f.Add(`import { z } from "zod/v3"; const s = { a: z.string().describe("d").optional().nullish(), b: z.union([z.literal(1), z.number()]).or(z.string()).transform((x) => x).pipe(z.any()), c: z.object({ d: z.array(z.enum(["x"])).default([]) }).partial().merge(z.object({})).brand().catch({}).readonly() };
function j(x: any): any { const d = x._def; if (d?.typeName === "ZodObject") { return Object.entries(d.shape()).map(([k, v]) => [k, j(v), v.isOptional()]); } if (d.innerType ?? d.schema ?? d.type ?? d.in) { return j(d.innerType ?? d.schema ?? d.type ?? d.in); } return [d.typeName, d.description, x.description, d.values, d.value, d.options?.map(j), d.checks]; }
s.c._def.innerType._def.innerType.unwrap().removeDefault; server.tool("t", JSON.stringify(Object.values(s).map(j)), {}, async () => 1);`)
	f.Add(`import { z } from "zod/v3"; const L = z.lazy(() => L.optional()); const P = z.preprocess((v) => v, z.string().refine((s) => !!s)); server.tool(L._def.typeName + P._def.schema._def.typeName, P.isOptional() + "" + L.isOptional(), { x: L }, async () => 1);`)
	f.Fuzz(func(t *testing.T, src string) {
		p := parseSource(src)
		fl := newFile("f.ts", "f.ts", src)
		(&loader{}).parse(fl, p)
		fl.root = true
		r := newResolver([]*file{fl})
		r.catalog([]*file{fl}, nil)
		r.evalAt(fl, 0)
	})
}
