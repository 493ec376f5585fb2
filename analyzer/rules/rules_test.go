package rules

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/lazyre"
)

// TestFixtures runs each rule on testdata/<rule-id>/*: TypeScript fixtures
// carry expectations inline as `// want "regex"` (one or more per line);
// JSON fixtures in a sidecar <file>.want of `line "regex"` lines. Every
// expectation must match a finding of that rule on that line and every
// finding must be expected. An optional settings.yaml holds a lint:
// section for the directory.
func TestFixtures(t *testing.T) {
	for _, r := range All() {
		t.Run(r.ID, func(t *testing.T) {
			dir := filepath.Join("testdata", r.ID)
			files, _ := filepath.Glob(filepath.Join(dir, "*"))
			var inputs []string
			for _, f := range files {
				if compiler.LanguageOf(f) != "" {
					inputs = append(inputs, f)
				}
			}
			if len(inputs) == 0 {
				t.Fatalf("rule %s has no fixtures in %s", r.ID, dir)
			}
			s := fixtureSettings(t, dir)
			for _, in := range inputs {
				t.Run(filepath.Base(in), func(t *testing.T) { checkFixture(t, r, in, s) })
			}
		})
	}
}

func fixtureSettings(t *testing.T, dir string) *analyzer.Settings {
	data, err := os.ReadFile(filepath.Join(dir, "settings.yaml"))
	if os.IsNotExist(err) {
		return analyzer.Defaults()
	}
	if err != nil {
		t.Fatal(err)
	}
	s, err := analyzer.ParseSettings(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(IDs()); err != nil {
		t.Fatal(err)
	}
	return s
}

func compileFixture(t *testing.T, file string) *ir.Catalog {
	t.Helper()
	cat, ds := compiler.Compile([]string{file}, &compiler.Config{})
	for _, d := range ds {
		if d.Severity == 0 && d.RuleID != NameCollision.ID {
			t.Fatalf("fixture does not compile: %s", d)
		}
	}
	return cat
}

type want struct {
	line int
	re   *regexp.Regexp
	hit  bool
}

func checkFixture(t *testing.T, r *analyzer.Rule, file string, s *analyzer.Settings) {
	cat := compileFixture(t, file)
	found, err := analyzer.Run(cat, []*analyzer.Rule{r}, s)
	if err != nil {
		t.Fatal(err)
	}
	found, _ = analyzer.Suppress(found, s, nil)
	wants := readWants(t, file)
	for _, f := range found {
		if !matchWant(wants, f) {
			t.Errorf("unexpected finding: %s", f.Diagnostic)
		}
	}
	for _, w := range wants {
		if !w.hit {
			t.Errorf("%s:%d: no finding matching %q", file, w.line, w.re)
		}
	}
}

func matchWant(wants []*want, f analyzer.Finding) bool {
	for _, w := range wants {
		if !w.hit && w.line == f.Pos.Line && w.re.MatchString(f.Message) {
			w.hit = true
			return true
		}
	}
	return false
}

// Expectations are Go string literals, interpreted or raw.
var wantRe = regexp.MustCompile("want ((?:(?:\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)\\s*)+)")
var quotedRe = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`")

func readWants(t *testing.T, file string) []*want {
	if strings.HasSuffix(file, ".json") {
		return readSidecar(t, file+".want")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []*want
	for i, line := range strings.Split(string(data), "\n") {
		// `// wantfile "re"` expects a finding without a line (catalog
		// level); `/* want "re" */` keeps a trailing // comment from
		// becoming a description.
		for _, form := range []struct {
			marker string
			line   int
		}{{"// want ", i + 1}, {"/* want ", i + 1}, {"// wantfile ", 0}} {
			if c := strings.Index(line, form.marker); c >= 0 {
				text := strings.Replace(line[c+3:], "wantfile", "want", 1)
				out = append(out, parseWants(t, form.line, text)...)
			}
		}
	}
	return out
}

func parseWants(t *testing.T, line int, text string) []*want {
	m := wantRe.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("line %d: malformed want comment %q", line, text)
	}
	var out []*want
	for _, q := range quotedRe.FindAllString(m[1], -1) {
		s, err := strconv.Unquote(q)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		out = append(out, &want{line: line, re: regexp.MustCompile(s)})
	}
	return out
}

// readSidecar reads `LINE want "regex"…` lines.
func readSidecar(t *testing.T, path string) []*want {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*want
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		n, rest, _ := strings.Cut(text, " ")
		line, err := strconv.Atoi(n)
		if err != nil {
			t.Fatalf("%s: want lines start with a line number: %q", path, text)
		}
		out = append(out, parseWants(t, line, rest)...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].line < out[j].line })
	return out
}

// TestProsePrefiltersLoseNothing: limit-in-prose skips its expressions
// on descriptions without a digit (limits) or without "default"/默认
// (defaults); no text they match lacks what the skip looks for.
func TestProsePrefiltersLoseNothing(t *testing.T) {
	texts := []string{
		"Defaults to 5.", "DEFAULT: 'metric'", "default is true", "dEfAuLt = x", "默认值为 10", "默认: 北京",
		"between 1 and 10", "from -2 to 3.5", "1–5", "at most 20", "最多 3", "no less than 0", "min. 4",
		"The city name.", "up to twenty", "défaut 3", "deFAULTS TO celsius", "Kelvin \u212a default 1",
	}
	n := 0
	for _, d := range texts {
		if proseDefault.MatchString(d) {
			n++
			if !mayStateDefault(d) {
				t.Errorf("%q: proseDefault matches, mayStateDefault says no", d)
			}
		}
		for _, re := range []*lazyre.Regexp{proseRange, proseMin, proseMax} {
			if re.MatchString(d) && !strings.ContainsAny(d, "0123456789") {
				t.Errorf("%q: a limit pattern matches without a digit", d)
			}
		}
	}
	if n < 7 {
		t.Errorf("proseDefault matched %d texts: the test lost its point", n)
	}
	if mayStateDefault("The city name.") || mayStateDefault("défaut 3") {
		t.Error("mayStateDefault accepts a text without default")
	}
}
