package python

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestListingMembersNotRead: icons= and meta= that tscg cannot read, or
// reads for no framework rule, are warnings at the argument, and the tool
// is still listed without them.
func TestListingMembersNotRead(t *testing.T) {
	for _, c := range []struct {
		name, src string
		warn      []string
	}{
		{"sdk.py", "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n\ndef make():\n    return []\n\n" +
			"@mcp.tool(icons=make(), meta=['not', 'a', 'dict'])\ndef pin(label: str) -> str:\n    \"\"\"Pin.\"\"\"\n    return label\n",
			[]string{"sdk.py:7:17: warning: tool pin: icons= cannot be read statically (want a list of Icon(...) or dicts); left out of the listing",
				"sdk.py:7:30: warning: tool pin: meta= cannot be read statically (want a dict); left out of the listing"}},
		{"standalone.py", "from fastmcp import FastMCP\nmcp = FastMCP('x')\n\n" +
			"@mcp.tool(icons=[{'src': 'https://example.net/a.png'}])\ndef pin(label: str) -> str:\n    \"\"\"Pin.\"\"\"\n    return label\n",
			[]string{"standalone.py:4:17: warning: tool pin: icons= is not read for fastmcp 2.x/3.x tools; left out of the listing"}},
		{"lowlevel.py", "import mcp.types as types\nfrom mcp.server.lowlevel import Server\nserver = Server('x')\n\ndef make():\n    return []\n\n" +
			"@server.list_tools()\nasync def list_tools():\n    return [types.Tool(name='pin', inputSchema={'type': 'object'}, icons=make(), _meta=[1])]\n",
			[]string{"lowlevel.py:10:74: warning: Tool pin: icons= cannot be read statically; left out of the listing",
				"lowlevel.py:10:88: warning: Tool pin: _meta= cannot be read statically; left out of the listing"}},
	} {
		path := filepath.Join(t.TempDir(), c.name)
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		cat, diags := Load([]string{path}, Options{})
		if len(cat.Tools) != 1 || cat.Tools[0].Icons != nil || cat.Tools[0].Meta != nil {
			t.Errorf("%s: want the tool without icons and _meta, got %+v", c.name, cat.Tools)
		}
		var all []string
		for _, d := range diags {
			all = append(all, strings.TrimPrefix(d.String(), filepath.Dir(path)+string(filepath.Separator)))
		}
		for _, w := range c.warn {
			if !strings.Contains(strings.Join(all, "\n"), w) {
				t.Errorf("%s: diagnostics\n%s\nwant %s", c.name, strings.Join(all, "\n"), w)
			}
		}
	}
}
