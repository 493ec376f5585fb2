package python

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestCPythonDifferential compares Outline with CPython's own ast on a
// sample of the installed standard library, CPython's outlines stored in
// testdata/cpython/outline.jsonl (see gen_cpython.py there; TSCG_PYDIFF=live
// compares against the machine's python3 over its whole library instead).
func TestCPythonDifferential(t *testing.T) {
	head, cases, root := cpythonData(t, "outline.jsonl")
	compared, skipped, funcs, diffs := 0, 0, 0, 0
	sums := map[string]string{}
	for _, r := range cases {
		if r.Skip != nil {
			skipped++
			continue
		}
		src, ok := r.source(t, root, sums)
		if !ok {
			diffs++
			continue
		}
		compared++
		n, ok := compareOutline(t, r.File, src, r.Outline)
		funcs += n
		if !ok {
			diffs++
		}
	}
	t.Logf("CPython %s (%s, read from %s): %d files compared (%d top-level functions), %d skipped by CPython itself, %d files differ", head.Python, head.Sample, root, compared, funcs, skipped, diffs)
	if compared < 100 {
		t.Errorf("only %d files compared; the differential needs hundreds", compared)
	}
}

func compareOutline(t *testing.T, path string, src []byte, want json.RawMessage) (int, bool) {
	got, ds := Outline(path, src)
	if ds.HasErrors() {
		t.Errorf("%s: valid for CPython, rejected by Outline: %v", path, ds)
		return 0, false
	}
	var w outlineDigest
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	// Round trip through JSON, as `tscg py-outline` prints it; the stored
	// outline holds a docstring's sha256, not its text.
	b, _ := json.Marshal(got)
	var g outlineDigest
	_ = json.Unmarshal(b, &g)
	for i := range g.Functions {
		if d := g.Functions[i].Docstring; d != nil {
			s := sha256Hex([]byte(*d))
			g.Functions[i].Docstring, g.Functions[i].DocstringSHA256 = nil, &s
		}
	}
	if reflect.DeepEqual(w, g) {
		return len(w.Functions), true
	}
	for i := range max(len(w.Functions), len(g.Functions)) {
		var wf, gf any
		if i < len(w.Functions) {
			wf = w.Functions[i]
		}
		if i < len(g.Functions) {
			gf = g.Functions[i]
		}
		if !reflect.DeepEqual(wf, gf) {
			wj, _ := json.Marshal(wf)
			gj, _ := json.Marshal(gf)
			t.Errorf("%s: function %d differs\nCPython: %s\ntscg:    %s", path, i, wj, gj)
			break
		}
	}
	return len(w.Functions), false
}

// outlineDigest is an OutlineFile as outline.jsonl stores it: each
// docstring by the sha256 of its text.
type outlineDigest struct {
	Functions []struct {
		OutlineFunc
		Docstring       *string `json:"docstring,omitempty"`
		DocstringSHA256 *string `json:"docstring_sha256"`
	} `json:"functions"`
}
