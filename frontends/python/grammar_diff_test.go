package python

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// cpythonRef is one line of testdata/cpython/grammar.jsonl or
// outline.jsonl, written by testdata/cpython/gen_cpython.py.
type cpythonRef struct {
	File string `json:"file"`
	Mut  *struct {
		Kind string `json:"kind"`
		Line int    `json:"line"`
		Text string `json:"text"`
	} `json:"mut"`
	OK      bool            `json:"ok"`
	Line    int             `json:"line"`
	Col     int             `json:"col"`
	Msg     string          `json:"msg"`
	Skip    json.RawMessage `json:"skip"`
	Outline json.RawMessage `json:"outline"`
}

// cpythonHead is the first line of those files.
type cpythonHead struct {
	Python string `json:"python"`
	Root   string `json:"root"`
	Sample string `json:"sample"`
	Files  int    `json:"files"`
	Cases  int    `json:"cases"`
}

// cpythonData reads the stored CPython reference (name is grammar.jsonl or
// outline.jsonl) and returns its header, its cases and the directory the
// cases' files are relative to. TSCG_PYDIFF=live regenerates it first from
// the machine's python3 over its whole standard library (test suites
// included) into a temporary directory: opt-in, so a missing python3 is a
// failure there, and the default run never needs Python.
func cpythonData(t *testing.T, name string) (cpythonHead, []cpythonRef, string) {
	t.Helper()
	dir := filepath.Join("testdata", "cpython")
	if os.Getenv("TSCG_PYDIFF") == "live" {
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Fatalf("TSCG_PYDIFF=live needs python3: %v", err)
		}
		out := t.TempDir()
		cmd := exec.Command(py, filepath.Join(dir, "gen_cpython.py"), "--all", "--no-copy", out)
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
	root := head.Root
	if !filepath.IsAbs(root) {
		root = filepath.Join(dir, root)
	}
	return head, cases, root
}

// source returns the case's input: the library file, with the mutation's
// line replaced when it is a mutated copy.
func (r cpythonRef) source(t *testing.T, root string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.File)))
	if err != nil {
		t.Fatal(err)
	}
	if r.Mut == nil {
		return src
	}
	lines := strings.Split(string(src), "\n")
	if r.Mut.Line < 1 || r.Mut.Line > len(lines) {
		t.Fatalf("%s: mutation at line %d of %d", r.File, r.Mut.Line, len(lines))
	}
	lines[r.Mut.Line-1] = r.Mut.Text
	return []byte(strings.Join(lines, "\n"))
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
	for _, r := range cases {
		if r.Skip != nil {
			continue
		}
		n++
		_, ds := parseFile(r.name(), r.source(t, root))
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
	t.Logf("grammar differential against CPython %s (%s): %d library files, %d cases, %d verdicts agree; of %d refused, %d at CPython's line, %d also at its column; %d encoding declarations CPython gives no line for",
		head.Python, head.Sample, head.Files, n, agree, rejects, lineAgree, colAgree, cookie)
}
