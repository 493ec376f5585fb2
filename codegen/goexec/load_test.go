package goexec

import (
	"path/filepath"
	"testing"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
)

// weatherCatalog compiles examples/weather, the catalog the golden and
// compile tests run on.
func weatherCatalog(t testing.TB) *ir.Catalog {
	t.Helper()
	files, ds := compiler.Collect([]string{filepath.Join("..", "..", "examples", "weather")})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	cat, ds := compiler.Compile(files, nil)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return cat
}
