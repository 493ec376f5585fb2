package jsonschema_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/typescript"
)

// BenchmarkNamedMap2000 renders `tscg schema --type '*'` for the input of
// bench/schema-vs-tsjsg.sh (bench/gentools -n 2000: 4,001 exported types),
// the rendering half of that whole-process comparison.
func BenchmarkNamedMap2000(b *testing.B) {
	types := load2000(b)
	b.ResetTimer()
	for b.Loop() {
		out, err := jsonschema.NamedMap(types, jsonschema.Options{})
		if err != nil || len(out) < 1<<20 {
			b.Fatalf("len=%d err=%v", len(out), err)
		}
		b.SetBytes(int64(len(out)))
	}
}

// BenchmarkWriteNamedMap2000 is BenchmarkNamedMap2000 streamed to a
// writer, without the output in memory.
func BenchmarkWriteNamedMap2000(b *testing.B) {
	types := load2000(b)
	b.ResetTimer()
	for b.Loop() {
		var w countWriter
		if err := jsonschema.WriteNamedMap(&w, types, jsonschema.Options{}); err != nil || w < 1<<20 {
			b.Fatalf("len=%d err=%v", w, err)
		}
		b.SetBytes(int64(w))
	}
}

type countWriter int

func (w *countWriter) Write(p []byte) (int, error) {
	*w += countWriter(len(p))
	return len(p), nil
}

func load2000(b *testing.B) []*ir.Named {
	var src strings.Builder
	src.WriteString("/** How results are ordered. */\nexport type Order = 'asc' | 'desc';\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&src, `
/** Filter of tool %[1]d. */
export interface Filter%[1]d {
  /** Field to filter on. */
  field: string;
  /** Accepted values. */
  values: string[];
}

/**
 * Tool number %[1]d: searches collection %[1]d.
 */
export interface Tool%[1]dParams {
  /**
   * Search keywords.
   * @minLength 1
   */
  query: string;
  /**
   * Maximum number of results.
   * @minimum 1
   * @maximum 50
   */
  limit?: number;
  order?: Order;
  filters?: Filter%[1]d[];
  range?: { from: string; to?: string };
  flags: [boolean, boolean?];
}
`, i)
	}
	path := filepath.Join(b.TempDir(), "tools.ts")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	cat, diags := typescript.Load([]string{path}, typescript.Options{})
	if diags.HasErrors() || len(cat.Types) != 4001 {
		b.Fatalf("types=%d diags=%v", len(cat.Types), diags)
	}
	return cat.Types
}
