package jsonval

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tscg/tscg/internal/corpus"
)

// jstsRoot is the JSON-Schema-Test-Suite checkout among the shared corpora.
const jstsRoot = "../../../shared/corpora/jsts"

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []suiteCase     `json:"tests"`
}

type suiteCase struct {
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`
}

// suiteFiles reads the suite's files of one draft directory (below
// jstsRoot), failing or skipping as corpus says when it is absent.
func suiteFiles(t testing.TB, dir string) map[string][]suiteGroup {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(jstsRoot, dir, "*.json"))
	if len(files) == 0 {
		corpus.Missing(t, "JSON-Schema-Test-Suite not found at %s (shared corpora absent)", filepath.Join(jstsRoot, dir))
	}
	out := map[string][]suiteGroup{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var gs []suiteGroup
		if err := json.Unmarshal(data, &gs); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = gs
	}
	return out
}

// suiteLoader serves the suite's remotes (http://localhost:1234/…) and,
// for references to a meta-schema, the meta-schema documents that
// santhosh-tekuri/jsonschema ships in its module: read from the module
// cache at test time, never copied into this repository.
func suiteLoader(t testing.TB) func(string) (any, error) {
	meta := metaschemaDir(t)
	return func(u string) (any, error) {
		var path string
		switch {
		case strings.HasPrefix(u, "http://localhost:1234/"):
			path = filepath.Join(jstsRoot, "remotes", strings.TrimPrefix(u, "http://localhost:1234/"))
		case strings.HasPrefix(u, "https://json-schema.org/"), strings.HasPrefix(u, "http://json-schema.org/"):
			if meta == "" {
				return nil, fmt.Errorf("%s: meta-schemas unavailable", u)
			}
			rest := u[strings.Index(u, "json-schema.org/")+len("json-schema.org/"):]
			path = filepath.Join(meta, strings.TrimSuffix(rest, "#"))
		default:
			return nil, fmt.Errorf("%s: not a suite remote", u)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return Unmarshal(data)
	}
}

var metaOnce struct {
	sync.Once
	dir string
}

func metaschemaDir(t testing.TB) string {
	metaOnce.Do(func() {
		out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/santhosh-tekuri/jsonschema/v6").Output()
		if err == nil {
			metaOnce.dir = filepath.Join(strings.TrimSpace(string(out)), "metaschemas")
		}
	})
	if metaOnce.dir == "" {
		t.Log("santhosh-tekuri/jsonschema's module directory not found: meta-schema references fail")
	}
	return metaOnce.dir
}

// suiteResult counts one run of a set of suite files.
type suiteResult struct {
	cases, passed int
	failures      []string // "file#group/case"
}

func runSuite(t testing.TB, groups map[string][]suiteGroup, draft Draft, assertFormat bool) suiteResult {
	var r suiteResult
	load := suiteLoader(t)
	for _, file := range sortedKeys(groups) {
		for _, g := range groups[file] {
			s, err := compileSuiteSchema(g.Schema, draft, assertFormat, load)
			for _, c := range g.Tests {
				r.cases++
				name := file + "#" + g.Description + "/" + c.Description
				if err != nil {
					r.failures = append(r.failures, name+": compile: "+err.Error())
					continue
				}
				v, derr := Unmarshal(c.Data)
				if derr != nil {
					t.Fatalf("%s: %v", name, derr)
				}
				if got := s.Validate(v) == nil; got != c.Valid {
					r.failures = append(r.failures, fmt.Sprintf("%s: valid=%v, suite says %v", name, got, c.Valid))
					continue
				}
				r.passed++
			}
		}
	}
	return r
}

func compileSuiteSchema(doc json.RawMessage, draft Draft, assertFormat bool, load func(string) (any, error)) (*Schema, error) {
	v, err := Unmarshal(doc)
	if err != nil {
		return nil, err
	}
	c := &Compiler{DefaultDraft: draft, AssertFormat: assertFormat, Load: load}
	if err := c.AddResource(suiteBase, v); err != nil {
		return nil, err
	}
	return c.Compile(suiteBase)
}

const suiteBase = "https://jsts.test/root.json"

func TestSuiteRequired(t *testing.T) {
	for _, d := range []struct {
		dir   string
		draft Draft
	}{{"draft2020-12", Draft2020}, {"draft7", Draft7}} {
		t.Run(d.dir, func(t *testing.T) {
			r := runSuite(t, suiteFiles(t, d.dir), d.draft, false)
			for _, f := range r.failures {
				t.Error(f)
			}
			t.Logf("%s required: %d/%d cases pass", d.dir, r.passed, r.cases)
			if r.cases < 500 {
				t.Errorf("only %d cases ran", r.cases)
			}
		})
	}
}

// optionalSkips lists the optional suite files with cases that fail, and
// why. TestSuiteOptional fails when another file fails or one of these
// passes entirely.
func optionalSkips() map[string]string {
	return map[string]string{
		"ecmascript-regex.json": "patterns are Go regexp (RE2) by default, not ECMA-262: \\c escapes, Unicode \\s, lookaround and backreferences fail; the runtime plugs an ECMAScript engine through Compiler.Regexp",
		"content.json":          "draft-07 only: contentEncoding and contentMediaType are annotations, as draft 2020-12 says (draft-07 allowed asserting them)",
		"hostname.json":         "IDNA2008 rules for A-labels (Punycode, contextual rules) are not checked",
		"idn-hostname.json":     "IDNA2008 rules for U-labels are not checked",
		"idn-email.json":        "internationalised e-mail is checked like e-mail",
		"uri.json":              "URIs are read by net/url, which accepts non-ASCII and some reserved characters RFC 3986 forbids",
		"uri-reference.json":    "as uri.json",
		"iri.json":              "as uri.json",
	}
}

// TestSuiteOptional runs the suite's optional files (formats asserted,
// under optional/format) and requires that the failing files be exactly
// those of optionalSkips.
func TestSuiteOptional(t *testing.T) {
	for _, d := range []struct {
		dir   string
		draft Draft
	}{{"draft2020-12", Draft2020}, {"draft7", Draft7}} {
		t.Run(d.dir, func(t *testing.T) {
			plain := runSuite(t, suiteFiles(t, d.dir+"/optional"), d.draft, false)
			formats := runSuite(t, suiteFiles(t, d.dir+"/optional/format"), d.draft, true)
			t.Logf("%s optional: %d/%d cases pass; formats asserted: %d/%d", d.dir, plain.passed, plain.cases, formats.passed, formats.cases)
			skips := optionalSkips()
			failing := map[string]bool{}
			for _, f := range append(plain.failures, formats.failures...) {
				file, _, _ := strings.Cut(f, "#")
				failing[file] = true
				if _, ok := skips[file]; !ok {
					t.Error(f)
				}
			}
			for _, file := range sortedKeys(skips) {
				if !failing[file] && (d.dir == "draft7" || file != "content.json") {
					t.Errorf("%s: every case passes now; remove it from optionalSkips", file)
				}
			}
		})
	}
}
