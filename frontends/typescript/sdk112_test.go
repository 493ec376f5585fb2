package typescript

import (
	"encoding/json"
	"testing"
)

// Before SDK 1.23 the SDK made a raw shape, even {}, into its own zod 3
// z.object and listed it through zod-to-json-schema (closed, $schema);
// a declared function is a handler like an arrow. The expected listing
// is what SDK 1.12.0 with zod 3.24.2 and zod-to-json-schema 3.24.4
// (npm) answered to tools/list for the same server run with node
// (hyperbrowserai/mcp's setup_server.ts has this shape).
func TestSDK112Listing(t *testing.T) {
	writeTree(t, map[string]string{
		"package.json":      `{"name": "app", "dependencies": {"@modelcontextprotocol/sdk": "^1.12.0", "zod": "^3.24.2"}}`,
		"package-lock.json": `{"packages": {"node_modules/@modelcontextprotocol/sdk": {"version": "1.12.0"}, "node_modules/zod": {"version": "3.24.2"}}}`,
		"x.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "s", version: "1" });
async function listShelves() { return { content: [] }; }
server.tool("list_shelves", "List the shelves", {}, listShelves);
server.tool("count_books", "Count books", { shelf: z.number().int().positive().min(1) }, listShelves);
`,
	})
	const listed = `[{"name":"list_shelves","description":"List the shelves","inputSchema":{"type":"object","properties":{},"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}},{"name":"count_books","description":"Count books","inputSchema":{"type":"object","properties":{"shelf":{"type":"integer","exclusiveMinimum":0,"minimum":1}},"required":["shelf"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}}]`
	var want []expectedTool
	if err := json.Unmarshal([]byte(listed), &want); err != nil {
		t.Fatal(err)
	}
	cat, diags := Load([]string{"x.ts"}, Options{})
	if len(cat.Tools) != len(want) || diags.HasErrors() {
		t.Fatalf("tools %+v, diags %v", cat.Tools, diags)
	}
	for i, w := range want {
		if d := compareTool(t, cat.Tools[i], w); d != "" {
			t.Errorf("%s: %s", w.Name, d)
		}
	}
}
