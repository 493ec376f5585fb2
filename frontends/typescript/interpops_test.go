package typescript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes files (relative path → text) under a temp directory
// and changes into it.
func writeTree(t *testing.T, files map[string]string) {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// A constant a package declares in its declaration file in node_modules
// gives its keys to Object.keys (an enum built from a package's table);
// plain "zod" that only the lockfile names is that version (3 here: the
// zod-to-json-schema listing, integers without safe-integer bounds).
func TestPackageConstKeysAndLockedZod(t *testing.T) {
	writeTree(t, map[string]string{
		"package.json":                         `{"name": "app", "dependencies": {"@modelcontextprotocol/sdk": "1.30.0", "kettle-kit": "1.0.0"}}`,
		"package-lock.json":                    `{"packages": {"node_modules/zod": {"version": "3.25.76"}}}`,
		"node_modules/kettle-kit/package.json": `{"name": "kettle-kit", "types": "lib/types.d.ts"}`,
		"node_modules/kettle-kit/lib/types.d.ts": `export interface Brew { temp: number }
export declare const BrewPresets: Readonly<{
  'Green tea': Brew;
  Black: Brew;
  "Oolong (long)": Brew;
}>;
`,
		"x.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { BrewPresets } from "kettle-kit";
const presets: [string, ...string[]] = ["Off", ...Object.keys(BrewPresets)];
const server = new McpServer({ name: "s", version: "1" });
server.registerTool("brew", { inputSchema: { preset: z.enum(presets), cups: z.number().int() } }, async () => ({ content: [] }));
`,
	})
	cat, d := Load([]string{"x.ts"}, Options{})
	var b strings.Builder
	d.Print(&b)
	if len(cat.Tools) != 1 {
		t.Fatalf("tools %d, diags %s", len(cat.Tools), b.String())
	}
	ps := cat.Tools[0].Params.Properties
	var got []string
	for _, v := range ps[0].Type.Enum {
		got = append(got, string(v))
	}
	if strings.Join(got, ",") != `"Off","Green tea","Black","Oolong (long)"` {
		t.Errorf("enum %v, diags %s", got, b.String())
	}
	if ps[1].Type.Minimum != nil || ps[1].Type.Maximum != nil {
		t.Errorf("zod 3 integer written with bounds: %+v", ps[1].Type)
	}
}

// localeCompare orders names as ICU's root collation does for tool
// names: case and punctuation only break ties.
func TestLocaleCompare(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"list_pages", "listen", 1}, // "listpages" after "listen": the '_' is ignored
		{"a", "B", -1},
		{"b", "A", 1},
		{"take_snapshot", "take_snapshot", 0},
		{"new_page", "navigate_page", 1},
	} {
		if got := localeCompare(c.a, c.b); got != c.want {
			t.Errorf("localeCompare(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
