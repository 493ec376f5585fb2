package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tscg/tscg/compiler/diag"
)

// TestInputSwappedAfterCollect is issue 18's hostile-files finding at
// the read, not the check: CollectInputs refuses a named pipe or a link
// to /dev/zero, but a file swapped for one after the inputs were
// collected (a pull request's checkout can race the build) used to hang
// the frontend's read (a pipe) or exhaust memory (/dev/zero). Every
// frontend and the config reader now read through one descriptor they
// check, and refuse it naming the file.
func TestInputSwappedAfterCollect(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"catalog.json": `{"tools": [{"name": "echo", "description": "Echo.", "inputSchema": {"type": "object"}}]}`,
		"tools.ts":     "/** @tool */\nexport declare function ping(host: string): void;\n",
		"tools.py":     "def greet(name: str) -> str:\n    return name\n",
		"tscg.yaml":    "inputs: [.]\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in, ds := CollectInputs([]string{dir})
	if ds.HasErrors() || len(in.Files) != 3 {
		t.Fatalf("collect: %v %v", in.Files, ds)
	}
	swap(t, filepath.Join(dir, "catalog.json"), "pipe")
	swap(t, filepath.Join(dir, "tools.ts"), "zero")
	swap(t, filepath.Join(dir, "tools.py"), "pipe")
	swap(t, filepath.Join(dir, "tscg.yaml"), "zero")
	got := within(t, func() diag.List {
		_, ds := CompileInputs(in, &Config{})
		_, cds := LoadConfig(filepath.Join(dir, "tscg.yaml"))
		return append(ds, cds...)
	})
	for name, kind := range map[string]string{"catalog.json": "a named pipe", "tools.ts": "a character device", "tools.py": "a named pipe", "tscg.yaml": "a character device"} {
		want := "not a regular file (" + kind + "): tscg reads only regular files as inputs"
		found := false
		for _, d := range got {
			found = found || d.Pos.File == filepath.Join(dir, name) && strings.Contains(d.Message, want)
		}
		if !found {
			t.Errorf("%s swapped for %s: no diagnostic %q in %v", name, kind, want, got)
		}
	}
}

// swap replaces p with a named pipe or a link to /dev/zero.
func swap(t *testing.T, p, with string) {
	t.Helper()
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	var err error
	if with == "pipe" {
		err = syscall.Mkfifo(p, 0o644)
	} else {
		err = os.Symlink("/dev/zero", p)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// within runs f, failing the test if it has not returned after a minute:
// before the fix it never returned.
func within(t *testing.T, f func() diag.List) diag.List {
	t.Helper()
	done := make(chan diag.List, 1)
	go func() { done <- f() }()
	select {
	case ds := <-done:
		return ds
	case <-time.After(time.Minute):
		t.Fatal("reading the swapped inputs did not return: a read blocks or never ends")
		return nil
	}
}
