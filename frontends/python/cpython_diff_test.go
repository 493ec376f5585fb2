package python

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestCPythonDifferential compares Outline with CPython's own ast on the
// machine's standard library (testdata/outline_ref.py computes the
// reference). By default it checks every third library file outside the
// test suites (about 240 files, a few seconds); TSCG_PYDIFF=full checks
// every .py file of the standard library.
func TestCPythonDifferential(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("python3 not on PATH: the CPython differential needs it (%v)", err)
	}
	out, err := exec.Command(py, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		t.Skipf("python3 cannot report its standard library: %v", err)
	}
	files := stdlibFiles(t, strings.TrimSpace(string(out)), os.Getenv("TSCG_PYDIFF") == "full")
	ref := exec.Command(py, "testdata/outline_ref.py")
	ref.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	refOut, err := ref.Output()
	if err != nil {
		t.Fatalf("reference script: %v", err)
	}
	compared, skipped, funcs, diffs := 0, 0, 0, 0
	sc := bufio.NewScanner(bytes.NewReader(refOut))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r struct {
			Path    string          `json:"path"`
			Skip    string          `json:"skip"`
			Outline json.RawMessage `json:"outline"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.Skip != "" {
			skipped++
			continue
		}
		compared++
		n, ok := compareOutline(t, r.Path, r.Outline)
		funcs += n
		if !ok {
			diffs++
		}
	}
	t.Logf("%d files compared (%d top-level functions), %d skipped by CPython itself, %d files differ", compared, funcs, skipped, diffs)
	if compared < 100 {
		t.Errorf("only %d files compared; the differential needs hundreds", compared)
	}
}

func stdlibFiles(t *testing.T, root string, full bool) []string {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "site-packages" || (!full && (d.Name() == "test" || d.Name() == "tests" || d.Name() == "idle_test"))) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".py") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	if full {
		return files
	}
	var sample []string
	for i := 0; i < len(files); i += 3 {
		sample = append(sample, files[i])
	}
	return sample
}

func compareOutline(t *testing.T, path string, want json.RawMessage) (int, bool) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
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
