package python

import (
	"encoding/json"
	"testing"

	"github.com/tscg/tscg/internal/golden"
)

// TestOutlineGolden checks Outline on sources CPython 3.11 cannot be
// asked about here (3.12 syntax such as PEP 701 f-strings and PEP 695
// type parameters) and on bodies built to derail a parser: the want
// section lists what must be found, at the right lines.
func TestOutlineGolden(t *testing.T) {
	golden.Each(t, "testdata/outline/*.txtar", func(t *testing.T, path string) {
		g := golden.Open(t, path)
		src := g.File("input.py")
		if src == nil {
			t.Fatal("no input.py section")
		}
		out, ds := Outline("input.py", src)
		b, _ := json.MarshalIndent(out, "", "  ")
		var diags []byte
		for _, d := range ds {
			diags = append(diags, d.String()+"\n"...)
		}
		g.Check(t, "want/outline.json", b)
		g.Check(t, "want/diagnostics", diags)
		g.Close(t)
	})
}
