package typescript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/jsonschema"
)

// .passthrough() is written as each converter writes it: zod-to-json-schema
// "additionalProperties": true, zod 4 "additionalProperties": {} (both
// checked with the converters from npm: zod-to-json-schema 3.25.2, zod 4.6.7).
func TestPassthroughAsWritten(t *testing.T) {
	for _, c := range []struct{ zod, want string }{
		{"^3.23.0", `"additionalProperties":true`},
		{"^4.0.0", `"additionalProperties":{}`},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"dependencies":{"zod":"`+c.zod+`"}}`), 0o644)
		os.WriteFile(filepath.Join(dir, "x.ts"), []byte(`import { z } from "zod";
server.registerTool("t", { inputSchema: { extras: z.object({}).passthrough() } }, async () => ({ content: [] }));
`), 0o644)
		t.Chdir(dir)
		cat, _ := Load([]string{"x.ts"}, Options{})
		if len(cat.Tools) != 1 {
			t.Fatalf("zod %s: %d tools", c.zod, len(cat.Tools))
		}
		b, err := jsonschema.Type(cat.Tools[0].Params, jsonschema.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(strings.Fields(string(b)), ""); !strings.Contains(got, c.want) {
			t.Errorf("zod %s: %s, want %s", c.zod, got, c.want)
		}
	}
}
