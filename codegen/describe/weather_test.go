package describe

import (
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/frontends/typescript"
	"github.com/tscg/tscg/internal/golden"
)

func weather(t testing.TB) *ir.Catalog {
	t.Helper()
	cat, ds := typescript.Load([]string{filepath.Join("..", "..", "examples", "weather", "tools.ts")}, typescript.Options{})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds)
	}
	return cat
}

func TestGoldenWeather(t *testing.T) {
	cat := weather(t)
	files, err := Generate(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ar := golden.Open(t, filepath.Join("testdata", "weather.txtar"))
	for _, f := range files {
		ar.Check(t, f.Path, f.Contents)
	}
	ar.Close(t)
}

// TestRoundTripWeather covers what the JSON corpora lack: named types,
// references, tool examples, annotations and results.
func TestRoundTripWeather(t *testing.T) {
	cat := weather(t)
	if checkRoundTrip(t, "weather", cat) {
		checkTerseConstraints(t, "weather", cat)
	}
}

// TestDeterministicOrder renders the catalog with tools in reverse order
// loaded from the files in reverse order: same bytes.
func TestDeterministicOrder(t *testing.T) {
	files := []string{filepath.Join("..", "..", "examples", "weather", "tools.ts"), filepath.Join("..", "..", "examples", "weather", "types.ts")}
	a, _ := typescript.Load(files, typescript.Options{})
	b, _ := typescript.Load([]string{files[1], files[0]}, typescript.Options{})
	for _, s := range Styles {
		x, _ := Render(a, s)
		y, _ := Render(b, s)
		if string(x) != string(y) {
			t.Errorf("style %s depends on input order", s)
		}
	}
}

func BenchmarkCompact50(b *testing.B) {
	cats := corpusCatalogs(b)
	cat := &ir.Catalog{}
	for _, name := range slices.Sorted(maps.Keys(cats)) {
		for _, t := range cats[name].Tools {
			if len(cat.Tools) < 50 {
				cat.Tools = append(cat.Tools, t)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		Compact(cat, LevelCompact)
	}
}
