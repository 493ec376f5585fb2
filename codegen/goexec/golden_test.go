package goexec

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/golden"
)

// searchTool is the benchmark's 6-property schema
// (runtime/testdata/search.schema.json) as a tool named "search".
func searchTool(t testing.TB) *ir.Catalog {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "runtime", "testdata", "search.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	typ, named, ds := jsonfront.Schema("search", data, jsonfront.Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return &ir.Catalog{Tools: []*ir.Tool{{Name: "search", Description: "Search flights.", Params: typ}}, Types: named}
}

func TestGolden(t *testing.T) {
	for name, cat := range map[string]*ir.Catalog{"weather": weatherCatalog(t), "search": searchTool(t)} {
		t.Run(name, func(t *testing.T) {
			files, err := Generate(cat, Options{Package: name})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(files[0].Contents, []byte(Header+"\n")) {
				t.Errorf("generated file does not start with %q", Header)
			}
			again, err := Generate(cat, Options{Package: name})
			if err != nil || !bytes.Equal(again[0].Contents, files[0].Contents) {
				t.Errorf("generation is not deterministic (err %v)", err)
			}
			a := golden.Open(t, filepath.Join("testdata", name+".txtar"))
			for _, f := range files {
				a.Check(t, f.Path, f.Contents)
			}
			a.Close(t)
		})
	}
}
