package python

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tscg/tscg/internal/corpus"
)

// cpythonRef is one line of testdata/cpython/grammar.jsonl or
// outline.jsonl, written by testdata/cpython/gen_cpython.py. File is
// relative to the standard library's directory; SHA256 is the file's
// digest (on the unmutated case of grammar.jsonl and on every line of
// outline.jsonl).
type cpythonRef struct {
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
	Mut    *struct {
		Kind   string `json:"kind"`
		Line   int    `json:"line"`
		SHA256 string `json:"sha256"`
	} `json:"mut"`
	OK      bool            `json:"ok"`
	Line    int             `json:"line"`
	Col     int             `json:"col"`
	Msg     string          `json:"msg"`
	Skip    json.RawMessage `json:"skip"`
	Outline json.RawMessage `json:"outline"`
}

// cpythonHead is the first line of those files. Stdlib is "installed"
// (the standard library of the python3 on PATH) or the directory the
// verdicts were taken from.
type cpythonHead struct {
	Python string `json:"python"`
	Stdlib string `json:"stdlib"`
	Sample string `json:"sample"`
	Files  int    `json:"files"`
	Cases  int    `json:"cases"`
}

// installedPython is the python3 on PATH: its version and the directory
// of its standard library (sysconfig's "stdlib" path), asked once.
var installedPython = sync.OnceValues(func() ([2]string, error) {
	py, err := exec.LookPath("python3")
	if err != nil {
		return [2]string{}, fmt.Errorf("no python3 on PATH: %v", err)
	}
	out, err := exec.Command(py, "-c", "import platform, sysconfig; print(platform.python_version()); print(sysconfig.get_path('stdlib'))").Output()
	if err != nil {
		return [2]string{}, fmt.Errorf("%s cannot name its standard library: %v", py, err)
	}
	f := strings.Fields(string(out))
	if len(f) != 2 {
		return [2]string{}, fmt.Errorf("%s printed %q for its version and standard library", py, out)
	}
	return [2]string{f[0], f[1]}, nil
})

// cpythonData reads the stored CPython verdicts (name is grammar.jsonl or
// outline.jsonl) and returns their header, their cases and the standard
// library the cases' files are read from: the installed CPython's. With
// no python3, or no standard library where it says, the test skips
// saying why (fails under TSCG_REQUIRE_CORPORA=1); a CPython of another
// version than the verdicts' is reported the same way, naming both.
// TSCG_PYDIFF=live regenerates the verdicts first from the machine's
// python3 over its whole standard library (test suites included) into a
// temporary directory: opt-in, so a missing python3 is a failure there.
func cpythonData(t *testing.T, name string) (cpythonHead, []cpythonRef, string) {
	t.Helper()
	dir := filepath.Join("testdata", "cpython")
	py, err := installedPython()
	live := os.Getenv("TSCG_PYDIFF") == "live"
	if err != nil {
		if live {
			t.Fatalf("TSCG_PYDIFF=live needs python3: %v", err)
		}
		corpus.Missing(t, "the CPython differential reads the installed CPython's standard library: %v", err)
	}
	if live {
		out := t.TempDir()
		cmd := exec.Command("python3", filepath.Join(dir, "gen_cpython.py"), "--all", out)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("gen_cpython.py: %v", err)
		}
		dir = out
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	var head cpythonHead
	var cases []cpythonRef
	for sc.Scan() {
		if head.Python == "" {
			if err := json.Unmarshal(sc.Bytes(), &head); err != nil || head.Python == "" {
				t.Fatalf("%s: first line is not the header: %s", name, sc.Bytes())
			}
			continue
		}
		var r cpythonRef
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cases = append(cases, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) != head.Cases {
		t.Fatalf("%s: header announces %d cases, the file holds %d", name, head.Cases, len(cases))
	}
	root := head.Stdlib
	if root == "installed" {
		root = py[1]
		if py[0] != head.Python {
			corpus.Missing(t, "%s holds CPython %s's verdicts on its own standard library; the installed python3 is CPython %s (%s): install %s, or regenerate with gen_cpython.py (see its docstring)", name, head.Python, py[0], root, head.Python)
		}
	}
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		corpus.Missing(t, "the standard library of CPython %s is not at %s, where sysconfig puts it: %v", py[0], root, err)
	}
	return head, cases, root
}

// source returns the case's input: the library file, with the mutation's
// line rewritten when it is a mutated copy. ok is false, the difference
// reported, when the installed file is not the one the verdict was
// taken from (its sha256 differs) or the rewritten line is not the one
// CPython judged.
func (r cpythonRef) source(t *testing.T, root string, sums map[string]string) ([]byte, bool) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.File)))
	if err != nil {
		t.Errorf("%s: the verdict names a file the installed standard library lacks: %v", r.name(), err)
		return nil, false
	}
	if r.SHA256 != "" {
		sums[r.File] = r.SHA256
	}
	if want := sums[r.File]; want == "" || sha256Hex(src) != want {
		t.Errorf("%s: the installed file (%s) is not the one CPython's verdict was taken from: sha256 %s, recorded %q; regenerate the verdicts with gen_cpython.py", r.name(), filepath.Join(root, r.File), sha256Hex(src), want)
		return nil, false
	}
	if r.Mut == nil {
		return src, true
	}
	lines := strings.Split(string(src), "\n")
	if r.Mut.Line < 1 || r.Mut.Line > len(lines) {
		t.Fatalf("%s: mutation at line %d of %d", r.File, r.Mut.Line, len(lines))
	}
	text := mutateLine(r.Mut.Kind, lines[r.Mut.Line-1])
	if sha256Hex([]byte(text)) != r.Mut.SHA256 {
		t.Errorf("%s: the %s mutation rewrites line %d to %q, not the line CPython judged (sha256 %s)", r.name(), r.Mut.Kind, r.Mut.Line, text, r.Mut.SHA256)
		return nil, false
	}
	lines[r.Mut.Line-1] = text
	return []byte(strings.Join(lines, "\n")), true
}

// mutateLine rewrites one line as gen_cpython.py's mutations() does: a
// deleted colon, a bad indent, a deleted bracket, `return = x`, a
// misplaced `else`.
func mutateLine(kind, l string) string {
	indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
	switch kind {
	case "colon":
		t := strings.TrimRight(l, " ")
		return t[:len(t)-1]
	case "indent":
		return "  " + l
	case "bracket":
		return strings.Replace(l, ")", "", 1)
	case "return":
		_, rhs, _ := strings.Cut(strings.TrimSpace(l), " = ")
		return indent + "return = " + rhs
	case "keyword":
		return indent + "else " + strings.TrimSpace(l)
	}
	return l
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func (r cpythonRef) name() string {
	if r.Mut == nil {
		return r.File
	}
	return r.File + "#" + r.Mut.Kind + "@" + strconv.Itoa(r.Mut.Line)
}

// TestGrammarDifferential compares tscg's accept/reject verdict, and the
// line and column of a refusal (columns count bytes, CPython's characters:
// the same on these ASCII lines), with CPython's parser on a sample of the
// standard library and on mutated copies of it (a deleted colon, a bad
// indent, an unbalanced bracket, `return = x`, a misplaced `else`), as
// stored by testdata/cpython/gen_cpython.py.
func TestGrammarDifferential(t *testing.T) {
	head, cases, root := cpythonData(t, "grammar.jsonl")
	var n, agree, rejects, lineAgree, colAgree, cookie int
	sums := map[string]string{}
	for _, r := range cases {
		if r.Skip != nil {
			continue
		}
		src, ok := r.source(t, root, sums)
		if !ok {
			continue
		}
		n++
		_, ds := parseFile(r.name(), src)
		switch gotOK := !ds.HasErrors(); {
		case gotOK == r.OK:
			agree++
			if r.OK {
				continue
			}
			rejects++
			got := ds[0].Pos
			if r.Line == 0 {
				// Deliberate: CPython reports a bad encoding declaration
				// with no position (line 0); tscg names the line of the
				// declaration (the first or second), with CPython's message.
				if got.Line < 1 || got.Line > 2 || !strings.HasSuffix(ds[0].Message, ": "+r.Msg) {
					t.Errorf("%s: CPython refuses its encoding declaration (%s), tscg says %s", r.name(), r.Msg, ds[0])
					continue
				}
				cookie++
				continue
			}
			if got.Line != r.Line {
				t.Errorf("%s: CPython refuses it at line %d:%d (%s), tscg at %s", r.name(), r.Line, r.Col, r.Msg, ds[0])
				continue
			}
			lineAgree++
			if got.Col == r.Col {
				colAgree++
			} else {
				t.Errorf("%s: CPython refuses it at %d:%d (%s), tscg at column %d: %s", r.name(), r.Line, r.Col, r.Msg, got.Col, ds[0])
			}
		case r.OK:
			t.Errorf("%s: valid for CPython, tscg says %s", r.name(), ds[0])
		default:
			t.Errorf("%s: CPython refuses it at line %d (%s); tscg accepts it", r.name(), r.Line, r.Msg)
		}
	}
	if n < 300 {
		t.Errorf("only %d cases compared; the differential needs hundreds", n)
	}
	t.Logf("grammar differential against CPython %s (%s, read from %s): %d library files, %d cases, %d verdicts agree; of %d refused, %d at CPython's line, %d also at its column; %d encoding declarations CPython gives no line for",
		head.Python, head.Sample, root, head.Files, n, agree, rejects, lineAgree, colAgree, cookie)
}
