package golang

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/golden"
)

const goMod = "module example.com/x\n\ngo 1.26\n"

// TestGolden loads the Go module in each testdata/*.txtar archive (its
// .go files; a go.mod is added) and checks the tools, the named types'
// schemas and the diagnostics. A "patterns" section overrides ./... .
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden archives")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			ar := golden.Open(t, file)
			var dir string
			patterns := []string{"./..."}
			if d := ar.File("dir"); d != nil {
				// Packages of the golden servers' module (they import the
				// MCP SDKs), loaded in place so their build stays cached.
				dir, _ = filepath.Abs(serversDir)
				patterns = []string{"./" + strings.TrimSpace(string(d))}
			} else {
				dir = writeModule(t, ar)
			}
			if p := ar.File("patterns"); p != nil {
				patterns = strings.Fields(string(p))
			}
			cat, ds := Load(patterns, Options{Dir: dir})
			ar.Check(t, "tools", dumpTools(t, cat))
			ar.Check(t, "types", dumpTypes(t, cat))
			ar.Check(t, "diagnostics", dumpDiags(ds))
			ar.Close(t)
		})
	}
}

func writeModule(t *testing.T, ar *golden.Archive) string {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte(goMod))
	for _, name := range ar.Names() {
		if strings.HasSuffix(name, ".go") || name == "go.mod" {
			write(name, ar.File(name))
		}
	}
	return dir
}

func dumpTools(t testing.TB, cat *ir.Catalog) []byte {
	var b bytes.Buffer
	for _, tool := range cat.Tools {
		fmt.Fprintf(&b, "## %s (%s) at %s\n", tool.Name, tool.Source, tool.Pos)
		if tool.Title != "" {
			fmt.Fprintf(&b, "title: %s\n", tool.Title)
		}
		fmt.Fprintf(&b, "description: %q\n", tool.Description)
		if !tool.Annotations.IsZero() || tool.Deprecated {
			a, _ := json.Marshal(tool.Annotations)
			fmt.Fprintf(&b, "annotations: %s deprecated=%v\n", a, tool.Deprecated)
		}
		b.WriteString("input: ")
		b.Write(render(t, tool.Params))
		if tool.Result != nil {
			b.WriteString("output: ")
			b.Write(render(t, tool.Result))
		}
	}
	return b.Bytes()
}

func render(t testing.TB, typ *ir.Type) []byte {
	out, err := jsonschema.Type(typ, jsonschema.Options{})
	if err != nil {
		t.Fatalf("render: %v", err)
	}
	return append(out, '\n')
}

func dumpTypes(t testing.TB, cat *ir.Catalog) []byte {
	var b bytes.Buffer
	for _, n := range cat.Types {
		fmt.Fprintf(&b, "%s exported=%v at %s\n", n.Name, n.Exported, n.Pos)
	}
	if len(cat.Types) > 0 {
		out, err := jsonschema.NamedMap(cat.Types, jsonschema.Options{})
		if err != nil {
			t.Fatalf("render types: %v", err)
		}
		b.Write(out)
	}
	for _, u := range cat.Unconverted {
		fmt.Fprintf(&b, "unconverted %s exported=%v at %s: %s\n", u.Name, u.Exported, u.Pos, u.Why)
	}
	return b.Bytes()
}

func dumpDiags(ds diag.List) []byte {
	var b bytes.Buffer
	ds.Print(&b)
	if b.Len() == 0 {
		return []byte("(none)\n")
	}
	return b.Bytes()
}
