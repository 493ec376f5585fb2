package providers

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/txtar"
)

// sdkTypes maps each manifest to the SDK type its entries must match
// (testdata/sdktypes/README.md says where each schema comes from); each
// says whether the manifest is a list of entries or one value.
var sdkTypes = map[string]struct {
	file, def string
	perEntry  bool
}{
	"providers/anthropic.json":          {"anthropic.ToolUnion.schema.json", "#/definitions/ToolUnion", true},
	"providers/anthropic.strict.json":   {"anthropic.ToolUnion.schema.json", "#/definitions/ToolUnion", true},
	"providers/openai.chat.json":        {"openai.ChatCompletionTool.schema.json", "#/definitions/ChatCompletionTool", true},
	"providers/openai.chat.strict.json": {"openai.ChatCompletionTool.schema.json", "#/definitions/ChatCompletionTool", true},
	"providers/openai.responses.json":   {"openai.responses.Tool.schema.json", "#/definitions/Tool", true},
	"providers/gemini.json":             {"genai.Tool.schema.json", "#/definitions/Tool", true},
	"providers/mcp.tools-list.json":     {"mcp.ListToolsResult.schema.json", "", false},
}

func sdkSchema(t *testing.T, c *jsonschema.Compiler, file, def string) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join("testdata", "sdktypes", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	url := "sdk:///" + file
	if err := c.AddResource(url, doc); err != nil && !strings.Contains(err.Error(), "already") {
		t.Fatal(err)
	}
	sch, err := c.Compile(url + def)
	if err != nil {
		t.Fatalf("%s%s: %v", path, def, err)
	}
	return sch
}

// checkSDK validates one manifest against its SDK type; it returns the
// problems found.
func checkSDK(t *testing.T, c *jsonschema.Compiler, path string, data []byte) []string {
	t.Helper()
	ty, ok := sdkTypes[path]
	if !ok {
		t.Fatalf("manifest %s has no SDK type to check it against", path)
	}
	sch := sdkSchema(t, c, ty.file, ty.def)
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	values := []any{v}
	if ty.perEntry {
		list, ok := v.([]any)
		if !ok {
			return []string{path + ": not a list"}
		}
		values = list
	}
	var bad []string
	for i, e := range values {
		if err := sch.Validate(e); err != nil {
			bad = append(bad, fmt.Sprintf("%s entry %d: %v", path, i, err))
		}
	}
	return bad
}

// TestManifestsMatchSDKTypes validates every provider manifest golden
// against the JSON Schemas derived from the providers' published SDK
// types: field names, value types and enums are the SDKs' own.
func TestManifestsMatchSDKTypes(t *testing.T) {
	c := jsonschema.NewCompiler()
	seen := map[string]bool{}
	for _, golden := range []string{"weather.txtar", "plan.txtar", "current.txtar", "listing.txtar"} {
		ar, err := txtar.ParseFile(filepath.Join("testdata", golden))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name == "providers/lowering.json" {
				continue
			}
			seen[f.Name] = true
			for _, p := range checkSDK(t, c, f.Name, f.Data) {
				t.Errorf("%s: %s", golden, p)
			}
		}
	}
	for _, m := range Manifests {
		if !seen[m.Path] {
			t.Errorf("no golden of %s was checked", m.Path)
		}
	}
	// The check can fail: a misspelt field and a wrong-cased Gemini type
	// are refused.
	for path, bad := range map[string]string{
		"providers/anthropic.json":      `[{"name":"x","input_schema":{"type":"object"},"input_example":[{}]}]`,
		"providers/gemini.json":         `[{"functionDeclarations":[{"name":"x","parameters":{"type":"object"}}]}]`,
		"providers/openai.chat.json":    `[{"type":"function","function":{"name":"x","parameters":{},"strict":"yes"}}]`,
		"providers/mcp.tools-list.json": `{"tools":[{"name":"x"}]}`,
	} {
		if len(checkSDK(t, c, path, []byte(bad))) == 0 {
			t.Errorf("%s: %s passed the SDK type check", path, bad)
		}
	}
}
