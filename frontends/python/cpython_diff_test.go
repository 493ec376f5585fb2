package python

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestCPythonDifferential compares Outline with CPython's own ast on the
// sample of the standard library stored in testdata/cpython (see
// gen_cpython.py there; TSCG_PYDIFF=live compares against the machine's
// python3 over its whole library instead).
func TestCPythonDifferential(t *testing.T) {
	head, cases, root := cpythonData(t, "outline.jsonl")
	compared, skipped, funcs, diffs := 0, 0, 0, 0
	for _, r := range cases {
		if r.Skip != nil {
			skipped++
			continue
		}
		compared++
		n, ok := compareOutline(t, r.File, r.source(t, root), r.Outline)
		funcs += n
		if !ok {
			diffs++
		}
	}
	t.Logf("CPython %s (%s): %d files compared (%d top-level functions), %d skipped by CPython itself, %d files differ", head.Python, head.Sample, compared, funcs, skipped, diffs)
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
	var w OutlineFile
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	// Round trip through JSON, as `tscg py-outline` prints it.
	b, _ := json.Marshal(got)
	var g OutlineFile
	_ = json.Unmarshal(b, &g)
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
