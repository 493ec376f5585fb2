package typescript

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkZodFile loads bench/genzod's file of 200 zod schema constants
// (the input of bench/zod-vs-node.sh).
func BenchmarkZodFile(b *testing.B) { benchZodFile(b, "") }

// BenchmarkZodFile3 loads the same file as zod 3 (a package.json
// depending on zod 3 beside it): every .optional(), .nullable() and
// .default() is then an object of its own (zgraph).
func BenchmarkZodFile3(b *testing.B) { benchZodFile(b, `{"dependencies": {"zod": "^3.25.0"}}`) }

func benchZodFile(b *testing.B, pkg string) {
	dir := b.TempDir()
	if pkg != "" {
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(pkg), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	path := filepath.Join(dir, "zod.ts")
	out, err := exec.Command("go", "run", "../../bench/genzod", "-n", "200").Output()
	if err != nil {
		b.Skipf("cannot run bench/genzod: %v", err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cat, ds := Load([]string{path}, Options{})
		if ds.HasErrors() || len(cat.Types) < 200 {
			b.Fatalf("types = %d, diags = %v", len(cat.Types), ds)
		}
	}
}
