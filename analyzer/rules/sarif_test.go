package rules

import (
	"bytes"
	"path/filepath"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/corpus"
)

// TestSARIFValid validates WriteSARIF's output against the SARIF 2.1.0
// JSON Schema from ../shared/schemas.
func TestSARIFValid(t *testing.T) {
	schemaPath := filepath.Join("..", "..", "..", "shared", "schemas", "sarif", "sarif-schema-2.1.0.json")
	c := sjs.NewCompiler()
	sch, err := c.Compile(schemaPath)
	if err != nil {
		corpus.Missing(t, "SARIF schema not available (%v); it lives in ../shared/schemas", err)
	}
	cat := compileFixture(t, filepath.Join("testdata", "permissions", "effects.ts"))
	found, err := analyzer.Run(cat, All(), analyzer.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	found = append(found, analyzer.Finding{Diagnostic: diag.Diagnostic{RuleID: "token-budget", Severity: diag.Warning,
		Message: "a finding without a position"}})
	if len(found) < 2 {
		t.Fatalf("want findings to render, got %d", len(found))
	}
	var buf bytes.Buffer
	if err := analyzer.WriteSARIF(&buf, found, All()); err != nil {
		t.Fatal(err)
	}
	doc, err := sjs.UnmarshalJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(doc); err != nil {
		t.Fatalf("SARIF output does not validate: %v", err)
	}
	// Repository-relative paths under %SRCROOT%, as lint writes them.
	for i := range found {
		if found[i].Pos.File != "" {
			found[i].Pos.File = filepath.Join("testdata", "permissions", "effects.ts")
		}
	}
	buf.Reset()
	if err := analyzer.WriteSARIFRoot(&buf, found, All(), "/work/repo"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(buf.Bytes(), []byte(`"uri": "testdata/permissions/effects.ts",`+"\n"+`                  "uriBaseId": "%SRCROOT%"`)) ||
		!bytes.Contains(buf.Bytes(), []byte(`"%SRCROOT%": {`+"\n"+`          "uri": "file:///work/repo/"`)) {
		t.Fatalf("no relative uri under %%SRCROOT%%:\n%s", buf.String())
	}
	if doc, err = sjs.UnmarshalJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(doc); err != nil {
		t.Fatalf("SARIF output with %%SRCROOT%% does not validate: %v", err)
	}
	// The check must be able to fail: a result without a message is invalid.
	bad := map[string]any{"version": "2.1.0", "runs": []any{map[string]any{
		"tool": map[string]any{"driver": map[string]any{"name": "tscg"}}, "results": []any{map[string]any{"ruleId": "x"}}}}}
	if sch.Validate(bad) == nil {
		t.Fatal("schema accepted a result without a message")
	}
}
