// Command genloop writes an MCP server of N tools registered by a loop
// over tool modules, the input of bench/loop-vs-node.sh: DIR/tools/tNN
// (one tool definition each), DIR/tools/index (a barrel re-exporting
// them), DIR/server (`for (const t of Object.values(tools))
// server.registerTool(...)`, then serving over stdio). Every module is
// written twice with the same text, as .ts for tscg and .js for node:
// the code has no type annotations, and `./x.js` imports resolve to
// x.ts for tscg as they do for TypeScript.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	n := flag.Int("n", 40, "number of tools")
	dir := flag.String("o", "", "directory to write (required)")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "genloop: -o DIR is required")
		os.Exit(2)
	}
	if err := write(*dir, *n); err != nil {
		fmt.Fprintln(os.Stderr, "genloop:", err)
		os.Exit(1)
	}
}

func write(dir string, n int) error {
	files := map[string]string{"server": server(), "tools/index": barrel(n)}
	for i := 0; i < n; i++ {
		files[fmt.Sprintf("tools/t%02d", i)] = toolModule(i)
	}
	for name, text := range files {
		for _, ext := range []string{".ts", ".js"} {
			p := filepath.Join(dir, name+ext)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	pkg := `{"name":"loop-bench","private":true,"type":"module","dependencies":{"@modelcontextprotocol/sdk":"^1.32.0","zod":"^4.0.0"}}` + "\n"
	return os.WriteFile(filepath.Join(dir, "package.json"), []byte(pkg), 0o644)
}

func server() string {
	return `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as tools from "./tools/index.js";

const server = new McpServer({ name: "loop-bench", version: "1.0.0" });

for (const t of Object.values(tools)) {
  server.registerTool(
    t.name,
    { title: t.title, description: t.description, inputSchema: t.input, annotations: t.annotations },
    async (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }),
  );
}

await server.connect(new StdioServerTransport());
`
}

func barrel(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "export { tool as t%02d } from \"./t%02d.js\";\n", i, i)
	}
	return b.String()
}

// toolModule varies the constructs tool inputs use: strings with checks,
// bounded integers, enums, arrays, nested objects, optional and default
// values, descriptions.
func toolModule(i int) string {
	fields := []string{
		fmt.Sprintf("query: z.string().min(1).max(%d).describe(\"What to look for in collection %d\")", 50+i, i),
		fmt.Sprintf("limit: z.number().int().min(1).max(%d).default(%d).describe(\"At most this many\")", 100+i, 10+i%5),
		"order: z.enum([\"newest\", \"oldest\", \"relevance\"]).optional()",
	}
	switch i % 4 {
	case 1:
		fields = append(fields, "filters: z.object({ owner: z.string().optional(), tags: z.array(z.string()).max(8).default([]) }).optional()")
	case 2:
		fields = append(fields, "range: z.object({ from: z.string().describe(\"ISO date\"), to: z.string().describe(\"ISO date\") })")
	case 3:
		fields = append(fields, "ids: z.array(z.string().uuid()).min(1).describe(\"Records to act on\")")
	}
	return fmt.Sprintf(`import { z } from "zod";

export const tool = {
  name: "collection_%02d_search",
  title: "Search collection %d",
  description: "Search collection %d and return matching records, best first.",
  annotations: { readOnlyHint: %t },
  input: {
    %s,
  },
};
`, i, i, i, i%2 == 0, strings.Join(fields, ",\n    "))
}
