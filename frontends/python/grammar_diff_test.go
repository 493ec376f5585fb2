package python

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGrammarDifferential compares tscg's accept/reject verdict (and the
// error's line) with CPython's parser on the machine's standard library
// and on mutated copies of it: a deleted colon, a bad indent, an
// unbalanced bracket, a misplaced keyword, `return = x`. CPython's
// verdicts come from testdata/grammar_ref.py. TSCG_PYDIFF=full uses every
// library file (test suites included) instead of every twelfth.
func TestGrammarDifferential(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("python3 not on PATH: the grammar differential needs it (%v)", err)
	}
	out, err := exec.Command(py, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		t.Skipf("python3 cannot report its standard library: %v", err)
	}
	full := os.Getenv("TSCG_PYDIFF") == "full"
	files := stdlibFiles(t, strings.TrimSpace(string(out)), full)
	if !full { // every twelfth library file, and its mutated copies
		var half []string
		for i := 0; i < len(files); i += 4 {
			half = append(half, files[i])
		}
		files = half
	}
	dir := t.TempDir()
	var all []string
	for i, f := range files {
		all = append(all, f)
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for k, m := range mutations(string(src), i) {
			p := filepath.Join(dir, fmt.Sprintf("%d_%d_%s.py", i, k, m.kind))
			if err := os.WriteFile(p, []byte(m.src), 0o644); err != nil {
				t.Fatal(err)
			}
			all = append(all, p)
		}
	}
	ref := exec.Command(py, "testdata/grammar_ref.py")
	ref.Stdin = strings.NewReader(strings.Join(all, "\n") + "\n")
	refOut, err := ref.Output()
	if err != nil {
		t.Fatalf("reference script: %v", err)
	}
	var n, agree, rejects, lineAgree, falseAccept, falseReject int
	sc := bufio.NewScanner(bytes.NewReader(refOut))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r struct {
			Path string
			OK   bool
			Line int
			Msg  string
			Skip bool
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.Skip {
			continue
		}
		src, _ := os.ReadFile(r.Path)
		_, ds := parseFile(r.Path, src)
		n++
		gotOK := !ds.HasErrors()
		switch {
		case gotOK == r.OK:
			agree++
			if !r.OK {
				rejects++
				if ds[0].Pos.Line == r.Line {
					lineAgree++
				} else if lineAgree+5 > rejects || testing.Verbose() {
					t.Logf("%s: CPython line %d (%s), tscg %s", r.Path, r.Line, r.Msg, ds[0])
				}
			}
		case r.OK:
			falseReject++
			t.Errorf("%s: valid for CPython, tscg says %s", r.Path, ds[0])
		default:
			falseAccept++
			t.Errorf("%s: CPython refuses it at line %d (%s); tscg accepts it", r.Path, r.Line, r.Msg)
		}
	}
	if n < 300 {
		t.Errorf("only %d files compared; the differential needs hundreds", n)
	}
	t.Logf("grammar differential: %d files (%d library files), %d verdicts agree, %d wrongly accepted, %d wrongly rejected; of %d rejected files, %d at CPython's line", n, len(files), agree, falseAccept, falseReject, rejects, lineAgree)
}

type mutation struct{ kind, src string }

// mutations derives broken copies of a file deterministically (seed picks
// which line each mutation hits).
func mutations(src string, seed int) []mutation {
	lines := strings.Split(src, "\n")
	var out []mutation
	pick := func(ok func(string) bool) int {
		var cands []int
		for i, l := range lines {
			if ok(l) {
				cands = append(cands, i)
			}
		}
		if len(cands) == 0 {
			return -1
		}
		return cands[(seed*7919+len(out)*104729)%len(cands)]
	}
	with := func(kind string, i int, repl string) {
		if i < 0 {
			return
		}
		c := append([]string(nil), lines...)
		c[i] = repl
		out = append(out, mutation{kind, strings.Join(c, "\n")})
	}
	header := func(l string) bool {
		t := strings.TrimSpace(l)
		return strings.HasSuffix(t, ":") && !strings.HasPrefix(t, "#") && (strings.HasPrefix(t, "if ") || strings.HasPrefix(t, "for ") || strings.HasPrefix(t, "def ") || strings.HasPrefix(t, "while ") || strings.HasPrefix(t, "else") || strings.HasPrefix(t, "try") || strings.HasPrefix(t, "class "))
	}
	i := pick(header)
	if i >= 0 {
		with("colon", i, strings.TrimSuffix(strings.TrimRight(lines[i], " "), ":"))
	}
	body := func(l string) bool {
		t := strings.TrimSpace(l)
		return strings.HasPrefix(l, "    ") && t != "" && !strings.HasPrefix(t, "#") && !strings.HasSuffix(t, ",") && !strings.HasSuffix(t, "(") && !strings.HasSuffix(t, "\\")
	}
	if i = pick(body); i >= 0 {
		with("indent", i, "  "+lines[i])
	}
	if i = pick(func(l string) bool {
		return strings.Contains(l, ")") && !strings.Contains(l, "#") && !strings.Contains(l, "\"") && !strings.Contains(l, "'")
	}); i >= 0 {
		with("bracket", i, strings.Replace(lines[i], ")", "", 1))
	}
	assign := func(l string) bool {
		t := strings.TrimSpace(l)
		return strings.HasPrefix(l, "    ") && strings.Contains(t, " = ") && !strings.HasSuffix(t, "\\") && !strings.HasSuffix(t, "(") && !strings.HasSuffix(t, "[") && !strings.HasSuffix(t, "{")
	}
	if i = pick(assign); i >= 0 {
		ind := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " "))]
		with("return", i, ind+"return = "+strings.SplitN(strings.TrimSpace(lines[i]), " = ", 2)[1])
	}
	if i = pick(body); i >= 0 {
		ind := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " "))]
		with("keyword", i, ind+"else "+strings.TrimSpace(lines[i]))
	}
	return out
}
