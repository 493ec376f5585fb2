package inputfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestRefusesWhatIsNoRegularFile: a named pipe without a writer is
// refused at once (opening it the ordinary way waits for a writer
// forever), a link to /dev/zero is refused (reading it never ends).
func TestRefusesWhatIsNoRegularFile(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe.json")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	for p, kind := range map[string]string{pipe: "a named pipe", zero: "a character device", dir: "a directory"} {
		_, err := Read(p)
		var nr *NotRegularError
		if !errors.As(err, &nr) || err.Error() != "not a regular file ("+kind+"): tscg reads only regular files as inputs" {
			t.Errorf("%s: %v", p, err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if _, err := ReadFS(RootFS(root), "pipe.json"); !errors.As(err, new(*NotRegularError)) {
		t.Errorf("a named pipe through RootFS: %v", err)
	}
	if _, err := ReadFS(RootFS(root), "zero.json"); err == nil {
		t.Error("RootFS followed a link out of its root")
	}
}

// TestLimitHoldsWhileReading: the limit is enforced on the bytes read,
// not on the size fstat reports. A Linux /proc file reports size 0 and
// has content, as a file that grows after it was checked does.
func TestLimitHoldsWhileReading(t *testing.T) {
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() != 0 || !st.Mode().IsRegular() {
		t.Fatalf("/proc/self/maps: %v %v: not the empty-looking regular file this test needs", st, err)
	}
	_, err = readLimited(f, 64)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != -1 || err.Error() != "the file grew past the limit of 0 MiB for one file while it was read" {
		t.Errorf("a file past the limit while read: %v", err)
	}
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, make([]byte, 65), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, err := readLimited(g, 64); !errors.As(err, &tl) || tl.Size != 65 {
		t.Errorf("a file over the limit by its size: %v", err)
	}
	if _, err := g.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	if data, err := readLimited(g, 65); err != nil || len(data) != 65 {
		t.Errorf("a file at the limit: %d bytes, %v", len(data), err)
	}
}
