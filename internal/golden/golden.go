// Package golden compares test output with expectations stored in txtar
// archives under testdata/. Setting TSCG_UPDATE=1 rewrites the expected
// sections instead of comparing, so golden files are never edited by hand.
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// Updating reports whether golden files are being rewritten.
func Updating() bool { return os.Getenv("TSCG_UPDATE") == "1" }

// Archive is a txtar file being checked.
type Archive struct {
	path  string
	ar    *txtar.Archive
	dirty bool
}

// Open reads a txtar archive; with TSCG_UPDATE=1 a missing file starts
// empty.
func Open(t testing.TB, path string) *Archive {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		if !Updating() || !os.IsNotExist(err) {
			t.Fatalf("golden: %v", err)
		}
		ar = &txtar.Archive{}
	}
	return &Archive{path: path, ar: ar}
}

// File returns the contents of the named section, or nil.
func (a *Archive) File(name string) []byte {
	for _, f := range a.ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

// Names lists the sections in order.
func (a *Archive) Names() []string {
	var out []string
	for _, f := range a.ar.Files {
		out = append(out, f.Name)
	}
	return out
}

// Check compares got with the named section (or records it when
// updating). Output is normalised to end in a newline.
func (a *Archive) Check(t testing.TB, name string, got []byte) {
	t.Helper()
	if len(got) == 0 || got[len(got)-1] != '\n' {
		got = append(append([]byte(nil), got...), '\n')
	}
	for i, f := range a.ar.Files {
		if f.Name != name {
			continue
		}
		if bytes.Equal(f.Data, got) {
			return
		}
		if Updating() {
			a.ar.Files[i].Data = got
			a.dirty = true
			return
		}
		t.Errorf("%s: section %s differs (TSCG_UPDATE=1 rewrites it)\n--- want\n%s--- got\n%s", a.path, name, f.Data, got)
		return
	}
	if Updating() {
		a.ar.Files = append(a.ar.Files, txtar.File{Name: name, Data: got})
		a.dirty = true
		return
	}
	t.Errorf("%s: no section %s (TSCG_UPDATE=1 adds it); got\n%s", a.path, name, got)
}

// Close writes the archive back when sections changed while updating.
func (a *Archive) Close(t testing.TB) {
	t.Helper()
	if !a.dirty {
		return
	}
	if err := os.WriteFile(a.path, txtar.Format(a.ar), 0o644); err != nil {
		t.Fatalf("golden: %v", err)
	}
}

// Each runs fn as a subtest for every file matching pattern (named after
// the file without its extension), and fails when nothing matches.
func Each(t *testing.T, pattern string, fn func(t *testing.T, path string)) {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil || len(paths) == 0 {
		t.Fatalf("golden: no files match %s (%v)", pattern, err)
	}
	for _, p := range paths {
		p := p
		t.Run(strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)), func(t *testing.T) { fn(t, p) })
	}
}
