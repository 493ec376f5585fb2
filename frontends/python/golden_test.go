package python

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/golden"
)

// Golden cases live in testdata/golden/*.txtar. Every .py file of an
// archive outside dep/ is given to Load (dep/ files are reached through
// imports only). want/tools holds each tool's description, input and
// result schema; want/types the named types; want/groups the groups; and
// want/diagnostics the findings. TSCG_UPDATE=1 rewrites them.
func TestGolden(t *testing.T) {
	golden.Each(t, "testdata/golden/*.txtar", runGolden)
}

func runGolden(t *testing.T, path string) {
	path, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var roots []string
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "want/") {
			continue
		}
		full := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f.Name, ".py") && !strings.HasPrefix(f.Name, "dep/") {
			roots = append(roots, f.Name)
		}
	}
	t.Chdir(dir)
	got := renderCatalog(t, roots)
	rev := make([]string, len(roots))
	for i, r := range roots {
		rev[len(roots)-1-i] = r
	}
	if again := renderCatalog(t, rev); !equalMaps(got, again) {
		t.Errorf("output depends on the order of files")
	}
	g := golden.Open(t, path)
	for _, name := range []string{"tools", "types", "groups", "diagnostics"} {
		g.Check(t, "want/"+name, []byte(got[name]))
	}
	g.Close(t)
}

func equalMaps(a, b map[string]string) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

func renderCatalog(t *testing.T, roots []string) map[string]string {
	cat, ds := Load(roots, Options{})
	out := map[string]string{}
	var tools bytes.Buffer
	for _, tl := range cat.Tools {
		fmt.Fprintf(&tools, "# %s (group %s, %s)\n", tl.Name, tl.Group, tl.Pos)
		if tl.Description != "" {
			fmt.Fprintf(&tools, "description: %q\n", tl.Description)
		}
		tools.Write(mustSchema(t, tl.Params))
		if tl.Result != nil {
			tools.WriteString("result: ")
			tools.Write(mustSchema(t, tl.Result))
		}
	}
	out["tools"] = tools.String()
	var types []*ir.Named
	for _, n := range cat.Types {
		if n.Exported {
			types = append(types, n)
		}
	}
	b, err := jsonschema.NamedMap(types, jsonschema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out["types"] = string(b)
	var groups bytes.Buffer
	for _, g := range cat.Groups {
		d, _ := json.Marshal(g.Description)
		fmt.Fprintf(&groups, "%s %s %s\n", g.Name, g.Pos, d)
	}
	out["groups"] = groups.String()
	var diags bytes.Buffer
	ds.Print(&diags)
	out["diagnostics"] = diags.String()
	return out
}

func mustSchema(t *testing.T, ty *ir.Type) []byte {
	b, err := jsonschema.Type(ty, jsonschema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
