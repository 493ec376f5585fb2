package typescript

import (
	"strings"
	"testing"
)

// One registration call that registers a name twice on one server (two
// loop elements, two calls of its wrapper) is an error at both places,
// and that tool is not built; McpServer (SDK 1.32.2, run with node)
// throws "Tool alpha is already registered" on these inputs. The other
// tools of the call are built.
func TestReregistrationFromOneCall(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const defs = [
  { name: "alpha" },
  { name: "kept" },
  { name: "alpha" },
];
for (const d of defs) {
  server.registerTool(d.name, {}, async () => ({ content: [] }));
}
function addGamma(srv: McpServer) {
  srv.registerTool("gamma", {}, async () => ({ content: [] }));
}
addGamma(server);
addGamma(server);
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "kept" {
		t.Errorf("tools: %+v", cat.Tools)
	}
	for _, want := range []string{
		`x.ts:4:11: error: tool "alpha" is registered by the call at x.ts:9:10 (element 0 of defs at x.ts:8:17), and again on the same server at x.ts:6:11: the SDK throws "Tool alpha is already registered" [name-collision]`,
		`x.ts:6:11: error: tool "alpha" is registered again by the call at x.ts:9:10 (element 2 of defs at x.ts:8:17), on the server it registered it on at x.ts:4:11`,
		`x.ts:14:1: error: tool "gamma" is registered by the call at x.ts:12:7 (the call of addGamma() at x.ts:14:1), and again on the same server at x.ts:15:1`,
		`x.ts:15:1: error: tool "gamma" is registered again`,
	} {
		if !strings.Contains(diags, want) {
			t.Errorf("missing %q in:\n%s", want, diags)
		}
	}
}

// The same call registering one name on two servers is two servers
// each holding the tool once: no error, the tool listed once.
func TestSameNameOnTwoServers(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const one = new McpServer({ name: "a", version: "1" });
const two = new McpServer({ name: "b", version: "1" });
function addGamma(srv: McpServer) {
  srv.registerTool("gamma", {}, async () => ({ content: [] }));
}
addGamma(one);
addGamma(two);
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "gamma" || strings.Contains(diags, "error") {
		t.Errorf("tools %+v, diags:\n%s", cat.Tools, diags)
	}
}

// A factory that makes its server and registers on it, called twice,
// makes two servers (SDK 1.32.2 under node: no throw).
func TestFactoryCalledTwice(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
function addTools(server: McpServer) {
  server.registerTool("delta", {}, async () => ({ content: [] }));
}
function createServer() {
  const server = new McpServer({ name: "a", version: "1" });
  addTools(server);
  return server;
}
export const stdio = createServer();
export function forSession() {
  return createServer();
}
forSession();
`)
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "delta" || strings.Contains(diags, "error") {
		t.Errorf("tools %+v, diags:\n%s", cat.Tools, diags)
	}
}

// A wrapper defined inside the factory closes over that run's server:
// two runs of the factory are two servers, each registering each name
// once (SDK 1.32.2 under node: no throw).
func TestClosureWrapperInFactory(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const createServer = (): McpServer => {
  const server = new McpServer({ name: "a", version: "1" });
  const tool = (name: string, description: string) => {
    server.registerTool(name, { description }, async () => ({ content: [] }));
  };
  tool("epsilon", "E");
  tool("zeta", "Z");
  return server;
};
const forStdio = async () => { const s = createServer(); return s; };
const forHttp = async () => { const s = createServer(); return s; };
forStdio();
forHttp();
`)
	if len(cat.Tools) != 2 || strings.Contains(diags, "error") {
		t.Errorf("tools %+v, diags:\n%s", cat.Tools, diags)
	}
}

// A registration in a block whose condition only the run decides is
// listed, with a warning at the condition; one whose condition is known
// not to hold (an environment variable read as unset) is not.
func TestRegistrationInBlocks(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const pluginInstalled = (name: string): boolean => require("fs").existsSync(name);
if (pluginInstalled("ai")) {
  server.registerTool("ask_ai", {}, async () => ({ content: [] }));
}
if (process.env.READ_ONLY === "true") {
  server.registerTool("read_only_status", {}, async () => ({ content: [] }));
} else {
  server.registerTool("write_status", {}, async () => ({ content: [] }));
}
`)
	var names []string
	for _, tl := range cat.Tools {
		names = append(names, tl.Name)
	}
	if strings.Join(names, " ") != "ask_ai write_status" {
		t.Errorf("tools %v, diags:\n%s", names, diags)
	}
	for _, want := range []string{
		"x.ts:4:5: warning: tools registered in this block are listed only when `pluginInstalled(\"ai\")` holds, which is known only when the server runs; tscg lists them",
		"x.ts:7:5: warning: process.env.READ_ONLY is known only when the server runs; tscg reads `process.env.READ_ONLY === \"true\"` as false, its value when the variable is unset",
	} {
		if !strings.Contains(diags, want) {
			t.Errorf("missing %q in:\n%s", want, diags)
		}
	}
}
