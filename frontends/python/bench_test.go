package python

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gen200 writes a tools file of 200 documented, annotated functions.
func gen200(tb testing.TB) string {
	var b strings.Builder
	b.WriteString("\"\"\"Generated tools.\"\"\"\nfrom typing import Annotated, Literal, Optional\nfrom pydantic import BaseModel, Field\n\n\nclass Item(BaseModel):\n    name: str\n    qty: int = Field(1, ge=1)\n\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, `
def tool_%d(query: str, limit: Annotated[int, Field(ge=1, le=50)] = 10, mode: Literal["a", "b"] = "a", item: Optional[Item] = None) -> list[str]:
    """Do thing number %d.

    Args:
        query: What to look for.
        limit: How many results. Defaults to 10.
        mode: Which mode.
        item: An optional item.

    Returns:
        The matches.
    """
    data = [f"{query!r:>{limit}}" for _ in range(limit)]
    return [x for x in data if (y := len(x)) > 0]
`, i, i)
	}
	p := filepath.Join(tb.TempDir(), "tools.py")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkLoad200 is the frontend's work for a 200-function tools file
// (read, tokenize, outline, docstrings, types). The whole-process figure,
// including the CLI, is `time tscg schema FILE --type '*'`.
func BenchmarkLoad200(b *testing.B) {
	p := gen200(b)
	for i := 0; i < b.N; i++ {
		cat, ds := Load([]string{p}, Options{})
		if len(cat.Tools) != 200 || ds.HasErrors() {
			b.Fatalf("%d tools, %v", len(cat.Tools), ds)
		}
	}
}
