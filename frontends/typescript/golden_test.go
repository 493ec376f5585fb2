package typescript

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/golden"
)

// Golden cases live in testdata/golden/*.txtar. Every .ts file of an
// archive is given to Load, except files under dep/, which are reachable
// only through imports. The want/* sections hold the JSON Schema of every
// named type, the tools, and the diagnostics; TSCG_UPDATE=1 rewrites them.

const wantPrefix = "want/"

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
	want := map[string]string{}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, wantPrefix) {
			want[f.Name] = string(f.Data)
			continue
		}
		full := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f.Name, ".ts") && !strings.HasPrefix(f.Name, "dep/") {
			roots = append(roots, f.Name)
		}
	}
	t.Chdir(dir)
	got := render(t, roots)
	// Determinism: the reverse argument order gives the same output.
	rev := append([]string(nil), roots...)
	sort.Sort(sort.Reverse(sort.StringSlice(rev)))
	if again := render(t, rev); !equalMaps(got, again) {
		t.Errorf("output depends on the order of files")
	}
	if os.Getenv("TSCG_UPDATE") != "" {
		writeGolden(t, path, ar, got)
		return
	}
	for _, name := range goldenKeys(got, want) {
		if got[name] != want[name] {
			t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got[name], want[name])
		}
	}
}

// render loads the roots and renders the want/* sections.
func render(t *testing.T, roots []string) map[string]string {
	t.Helper()
	cat, diags := Load(roots, Options{})
	out := map[string]string{}
	var db strings.Builder
	diags.Print(&db)
	if db.Len() > 0 {
		out[wantPrefix+"diagnostics"] = db.String()
	}
	if !diags.HasErrors() {
		checkPositions(t, cat)
	}
	if len(cat.Types) > 0 {
		b, err := jsonschema.NamedMap(cat.Types, jsonschema.Options{})
		if err != nil {
			t.Fatalf("NamedMap: %v", err)
		}
		out[wantPrefix+"types.json"] = string(b) + "\n"
	}
	if len(cat.Tools) > 0 {
		out[wantPrefix+"tools.json"] = renderTools(t, cat.Tools)
	}
	return out
}

// toolDoc is the golden rendering of a tool.
type toolDoc struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	Group       string          `json:"group"`
	Pos         string          `json:"pos"`
	Deprecated  bool            `json:"deprecated,omitempty"`
	Annotations map[string]bool `json:"annotations,omitempty"`
	Examples    []ir.Value      `json:"examples,omitempty"`
	Params      json.RawMessage `json:"params"`
	Result      json.RawMessage `json:"result,omitempty"`
}

func renderTools(t *testing.T, tools []*ir.Tool) string {
	var docs []toolDoc
	for _, tl := range tools {
		d := toolDoc{Name: tl.Name, Title: tl.Title, Description: tl.Description, Group: tl.Group,
			Pos: tl.Pos.String(), Deprecated: tl.Deprecated, Annotations: annotations(tl.Annotations)}
		for _, e := range tl.Examples {
			d.Examples = append(d.Examples, e.Arguments)
		}
		d.Params = schema(t, tl.Params)
		if tl.Result != nil {
			d.Result = schema(t, tl.Result)
		}
		docs = append(docs, d)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(docs); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func schema(t *testing.T, ty *ir.Type) json.RawMessage {
	b, err := jsonschema.Type(ty, jsonschema.Options{})
	if err != nil {
		t.Fatalf("jsonschema.Type: %v", err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func annotations(a ir.Annotations) map[string]bool {
	m := map[string]bool{}
	for name, p := range map[string]*bool{"readOnly": a.ReadOnly, "destructive": a.Destructive,
		"idempotent": a.Idempotent, "openWorld": a.OpenWorld} {
		if p != nil {
			m[name] = *p
		}
	}
	if a.RequiresApproval {
		m["requiresApproval"] = true
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// checkPositions asserts that every type node of the catalog has a
// position.
func checkPositions(t *testing.T, cat *ir.Catalog) {
	t.Helper()
	seen := map[*ir.Type]bool{}
	var walk func(ty *ir.Type, where string)
	walk = func(ty *ir.Type, where string) {
		if ty == nil || seen[ty] {
			return
		}
		seen[ty] = true
		if ty.Pos.Line == 0 || ty.Pos.Col == 0 || ty.Pos.File == "" {
			t.Errorf("%s: %s node without a position", where, ty.Kind)
		}
		walk(ty.Items, where)
		walk(ty.AdditionalType, where)
		for _, x := range ty.PrefixItems {
			walk(x, where)
		}
		for _, x := range ty.Variants {
			walk(x, where)
		}
		for _, p := range ty.Properties {
			walk(p.Type, where+"."+p.Name)
		}
	}
	for _, n := range cat.Types {
		walk(n.Type, n.Name)
	}
	for _, tl := range cat.Tools {
		walk(tl.Params, tl.Name)
		walk(tl.Result, tl.Name)
	}
}

func writeGolden(t *testing.T, path string, ar *txtar.Archive, got map[string]string) {
	var files []txtar.File
	for _, f := range ar.Files {
		if !strings.HasPrefix(f.Name, wantPrefix) {
			files = append(files, f)
		}
	}
	for _, name := range []string{"types.json", "tools.json", "diagnostics"} {
		if s, ok := got[wantPrefix+name]; ok {
			files = append(files, txtar.File{Name: wantPrefix + name, Data: []byte(s)})
		}
	}
	ar.Files = files
	if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func goldenKeys(ms ...map[string]string) []string {
	set := map[string]bool{}
	for _, m := range ms {
		for k := range m {
			set[k] = true
		}
	}
	var ks []string
	for k := range set {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
