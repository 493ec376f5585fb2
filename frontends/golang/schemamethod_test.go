package golang

import (
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// TestSchemaMethods: invopop's JSONSchema and JSONSchemaExtend methods are
// read when they are literals (Currency, Money; the differential checks
// the result against invopop's) and warned at otherwise (Computed,
// Tweaked), with the type's fields and tags as the schema.
func TestSchemaMethods(t *testing.T) {
	cat, ds := Load([]string{"./testdata/diffstructs"}, Options{})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds.Err())
	}
	var warnings []string
	for _, d := range ds {
		if d.Severity == diag.Warning && strings.Contains(d.Message, "is not run") {
			warnings = append(warnings, d.String())
		}
	}
	want := []string{
		"testdata/diffstructs/methods.go:47:17: warning: Computed.JSONSchema is not run: tscg reads the type's fields and tags statically, where invopop would call it, and reads the method only when it is a literal (its body is more than one return statement); state what it does in jsonschema tags instead",
		"testdata/diffstructs/methods.go:58:16: warning: Tweaked.JSONSchemaExtend is not run: tscg reads the type's fields and tags statically, where invopop would call it, and reads the method only when it is a literal (a statement is not an assignment to a field of the schema); state what it does in jsonschema tags instead",
	}
	if strings.Join(warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warnings, "\n"), strings.Join(want, "\n"))
	}
	for name, has := range map[string]string{
		"Currency": `"pattern": "^[A-Z]{3}$"`, // from the literal
		"Money":    `"title": "Money"`,        // from the extension
		"Computed": `"a"`,                     // its fields, as the method is not read
		"Tweaked":  `"b"`,
	} {
		n := cat.Type(name)
		if n == nil {
			t.Errorf("no type %s", name)
			continue
		}
		out, err := jsonschema.Named(n, jsonschema.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), has) {
			t.Errorf("%s: no %s in\n%s", name, has, out)
		}
	}
}
