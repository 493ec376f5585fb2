package jsonschema

// Tests tscg adds to its copy of santhosh-tekuri/jsonschema/v6 (see
// README.md). sync.sh keeps files named *_tscg_test.go.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	// Keeps the upstream module in this test's build list, so its source
	// is in the module cache for TestForkMatchesUpstream.
	_ "github.com/santhosh-tekuri/jsonschema/v6"
)

const (
	upstreamPath = "github.com/santhosh-tekuri/jsonschema/v6"
	forkPath     = "github.com/tscg/tscg/internal/thirdparty/jsonschema"
)

// loadedAtStart records whether the meta-schemas were compiled before any
// test ran, i.e. during package initialisation (TestMain runs after every
// init function).
var loadedAtStart bool

func TestMain(m *testing.M) {
	loadedAtStart = Draft2020.sch != nil
	os.Exit(m.Run())
}

func TestMetaSchemasAreNotCompiledAtInit(t *testing.T) {
	if loadedAtStart {
		t.Fatal("the meta-schemas were compiled during package initialisation; lazy-metaschemas.patch is not in effect")
	}
}

// TestMetaSchemasLoadOnFirstUse compiles from several goroutines at once
// (run with -race) and checks that schemas are still validated against
// their meta-schema: an invalid keyword value is refused.
func TestMetaSchemasLoadOnFirstUse(t *testing.T) {
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := NewCompiler()
			doc, err := UnmarshalJSON(strings.NewReader(`{"type": 5}`))
			if err != nil {
				errs[i] = err
				return
			}
			url := fmt.Sprintf("mem://bad%d.json", i)
			if err := c.AddResource(url, doc); err != nil {
				errs[i] = err
				return
			}
			_, errs[i] = c.Compile(url)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		var sve *SchemaValidationError
		if !errors.As(err, &sve) {
			t.Errorf("goroutine %d: compiling {\"type\": 5} gave %v, want a *SchemaValidationError", i, err)
		}
	}
	for _, d := range []*Draft{Draft4, Draft6, Draft7, Draft2019, Draft2020} {
		if d.sch == nil {
			t.Errorf("%s: meta-schema not loaded after first use", d.url)
		}
		for name, s := range d.allVocabs {
			if s == nil {
				t.Errorf("%s: vocabulary %s not loaded", d.url, name)
			}
		}
	}
}

// TestForkMatchesUpstream checks that this directory is exactly what
// sync.sh makes of the upstream version go.mod requires: every upstream
// source file with the import path rewritten, and lazy-metaschemas.patch
// applied to the files it names.
func TestForkMatchesUpstream(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", upstreamPath).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", upstreamPath, err)
	}
	src := strings.TrimSpace(string(out))
	if src == "" {
		t.Fatalf("%s is not in the module cache; run go mod download %s", upstreamPath, upstreamPath)
	}
	patched, err := readPatch("lazy-metaschemas.patch")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	err = filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if rel == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !forked(rel) {
			return nil
		}
		want = append(want, rel)
		up, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		up = bytes.ReplaceAll(up, []byte(`"`+upstreamPath+`/kind"`), []byte(`"`+forkPath+`/kind"`))
		if hunks, ok := patched[rel]; ok {
			if up, err = applyHunks(up, hunks); err != nil {
				return fmt.Errorf("%s: %v", rel, err)
			}
			delete(patched, rel)
		}
		got, err := os.ReadFile(rel)
		if err != nil {
			return fmt.Errorf("%s is upstream but missing here: %v", rel, err)
		}
		if !bytes.Equal(got, up) {
			t.Errorf("%s differs from upstream + lazy-metaschemas.patch; run sync.sh", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name := range patched {
		t.Errorf("lazy-metaschemas.patch names %s, which upstream does not have", name)
	}
	// Nothing here that upstream does not have, but tscg's own files.
	err = filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch {
		case strings.HasSuffix(path, "_tscg_test.go"), path == "README.md", path == "sync.sh", path == "lazy-metaschemas.patch":
			return nil
		}
		for _, w := range want {
			if w == path {
				return nil
			}
		}
		t.Errorf("%s is not an upstream file", path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// forked reports whether sync.sh copies the upstream file rel.
func forked(rel string) bool {
	switch {
	case rel == "LICENSE", rel == filepath.Join("kind", "kind.go"):
		return true
	case strings.HasPrefix(rel, "metaschemas"+string(filepath.Separator)):
		return true
	case filepath.Dir(rel) == "." && strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go"):
		return true
	}
	return false
}

type hunk struct {
	oldStart int // 1-based line in the original
	old, new []string
}

// readPatch reads a unified diff made with `diff -u a/F b/F` per file.
func readPatch(name string) (map[string][]hunk, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	files := map[string][]hunk{}
	var file string
	var cur *hunk
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "--- "):
			cur = nil
		case strings.HasPrefix(line, "+++ "):
			file = strings.TrimPrefix(strings.Fields(line)[1], "b/")
			cur = nil
		case strings.HasPrefix(line, "@@ "):
			f := strings.Fields(line) // @@ -a,b +c,d @@
			start, err := strconv.Atoi(strings.Split(strings.TrimPrefix(f[1], "-"), ",")[0])
			if err != nil || file == "" {
				return nil, fmt.Errorf("%s:%d: bad hunk header %q", name, i+1, line)
			}
			files[file] = append(files[file], hunk{oldStart: start})
			cur = &files[file][len(files[file])-1]
		case cur == nil:
			return nil, fmt.Errorf("%s:%d: text outside a hunk", name, i+1)
		case strings.HasPrefix(line, " ") || line == "":
			text := strings.TrimPrefix(line, " ")
			cur.old, cur.new = append(cur.old, text), append(cur.new, text)
		case strings.HasPrefix(line, "-"):
			cur.old = append(cur.old, line[1:])
		case strings.HasPrefix(line, "+"):
			cur.new = append(cur.new, line[1:])
		default:
			return nil, fmt.Errorf("%s:%d: unexpected line %q", name, i+1, line)
		}
	}
	return files, nil
}

// applyHunks applies hunks exactly where they say; any mismatch is an
// error (the patch no longer fits upstream).
func applyHunks(src []byte, hunks []hunk) ([]byte, error) {
	lines := strings.Split(string(src), "\n")
	var out []string
	next := 0 // index in lines of the first line not yet copied
	for _, h := range hunks {
		at := h.oldStart - 1
		if at < next || at+len(h.old) > len(lines) {
			return nil, fmt.Errorf("hunk at line %d is out of range", h.oldStart)
		}
		for k, l := range h.old {
			if lines[at+k] != l {
				return nil, fmt.Errorf("hunk at line %d does not match upstream line %d: %q", h.oldStart, at+k+1, lines[at+k])
			}
		}
		out = append(out, lines[next:at]...)
		out = append(out, h.new...)
		next = at + len(h.old)
	}
	out = append(out, lines[next:]...)
	return []byte(strings.Join(out, "\n")), nil
}
