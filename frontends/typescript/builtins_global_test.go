package typescript

import (
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

// An enum a package declares in its declaration file (a file of the
// package, `pkg/interfaces/X.js` → X.d.ts) is read as the enum it
// compiles to: Object.keys lists integer keys first, then names, as
// node prints for these enums (checked with node 20 on the compiled
// enums: ["1","3","Low","High","Neg","-1"] has "-1" after its name).
func TestPackageEnumKeys(t *testing.T) {
	writeTree(t, map[string]string{
		"node_modules/@acme/kennel-api/package.json":          `{"name": "@acme/kennel-api", "types": "index.d.ts"}`,
		"node_modules/@acme/kennel-api/index.d.ts":            "export {};\n",
		"node_modules/@acme/kennel-api/interfaces/Kinds.d.ts": "export declare enum Level {\n    Low = 1,\n    High = 3,\n    Neg = -1\n}\nexport declare enum Mood {\n    Calm = \"calm\",\n    Busy = \"busy\"\n}\n",
		"x.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { Level, Mood } from "@acme/kennel-api/interfaces/Kinds.js";
const server = new McpServer({ name: "s", version: "1" });
server.tool("t", "T", {
  all: z.enum(Object.keys(Level) as [string, ...string[]]),
  names: z.enum(Object.keys(Level).filter((k) => isNaN(Number(k))) as [string, ...string[]]).default(Level[Level.High]),
  mood: z.enum(Object.values(Mood) as [string, ...string[]]),
}, async () => ({ content: [] }));
`,
	})
	cat, diags := Load([]string{"x.ts"}, Options{})
	var b strings.Builder
	diags.Print(&b)
	if len(cat.Tools) != 1 {
		t.Fatalf("tools %+v, diags:\n%s", cat.Tools, b.String())
	}
	want := map[string]string{"all": `"1" "3" "Low" "High" "Neg" "-1"`, "names": `"Low" "High" "Neg"`, "mood": `"calm" "busy"`}
	for _, p := range cat.Tools[0].Params.Properties {
		if got := enumText(p.Type.Enum); got != want[p.Name] {
			t.Errorf("%s: enum %s, want %s", p.Name, got, want[p.Name])
		}
		if p.Name == "names" && string(p.Type.Default) != `"High"` {
			t.Errorf("names: default %s, want \"High\" (Level[Level.High])", p.Type.Default)
		}
	}
}

func enumText(vs []ir.Value) string {
	var parts []string
	for _, v := range vs {
		parts = append(parts, string(v))
	}
	return strings.Join(parts, " ")
}

// Number, String, Boolean and isNaN follow JavaScript on constants
// (node 20 prints 12 7 0 NaN 1 true false 5 false true for these).
func TestGlobalConversions(t *testing.T) {
	exprs := []string{`Number("12")`, `Number(" 7 ")`, `Number("")`, `Number("x")`, `Number(true)`,
		`isNaN(Number("Low"))`, `isNaN(Number("3"))`, `String(5)`, `Boolean("")`, `Boolean("a")`}
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
server.registerTool("t", { description: [`+strings.Join(exprs, ", ")+`].join(" ") }, async () => ({ content: [] }));
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Description != "12 7 0 NaN 1 true false 5 false true" {
		t.Fatalf("tools %+v, diags %s", cat.Tools, diags)
	}
}

// A package whose root declaration file re-exports a generated file as
// a namespace (`export * as Kinds from "./interfaces/Kinds.js"`) gives
// its enums through the namespace: z.nativeEnum(Kinds.Level) and
// .default(Kinds.Level.High) (zod 4.6.7 under node:
// {"default":3,"type":"number","enum":[1,3,-1]}).
func TestPackageNamespaceEnum(t *testing.T) {
	writeTree(t, map[string]string{
		"node_modules/kennel-client/package.json":               `{"name": "kennel-client", "types": "dist/client.d.ts"}`,
		"node_modules/kennel-client/dist/client.d.ts":           "export declare class Client {}\nexport * as Kinds from \"./interfaces/Kinds.js\";\n",
		"node_modules/kennel-client/dist/interfaces/Kinds.d.ts": "export declare enum Level {\n    Low = 1,\n    High = 3,\n    Neg = -1\n}\n",
		"x.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { Client, Kinds } from "kennel-client";
const server = new McpServer({ name: "s", version: "1" });
server.tool("t", "T", { level: z.nativeEnum(Kinds.Level).default(Kinds.Level.High) }, async () => ({ content: [] }));
`,
	})
	cat, diags := Load([]string{"x.ts"}, Options{})
	var b strings.Builder
	diags.Print(&b)
	if len(cat.Tools) != 1 || diags.HasErrors() {
		t.Fatalf("tools %+v, diags:\n%s", cat.Tools, b.String())
	}
	ty := cat.Tools[0].Params.Properties[0].Type
	if got := enumText(ty.Enum); got != "1 3 -1" || string(ty.Default) != "3" {
		t.Errorf("enum %s default %s, diags:\n%s", got, ty.Default, b.String())
	}
}
