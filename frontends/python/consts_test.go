package python

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
)

// constantDeviations are the differences from the reference that
// TestModuleConstants knows: a name bound more than once, or changed after
// its binding, is no constant for tscg (it reads no control flow), so the
// parameter keeps its type, loses what the binding held, and a warning
// says so at the default (constantWarnings).
var constantDeviations = []corpusDeviation{
	{"same_file/shelf_tools.py", "order_bins", "default /properties/count", "BIN_SIZE is bound twice; Python sees the second Field, tscg neither"},
	{"same_file/shelf_tools.py", "order_bins", "minimum /properties/count", "the rebound Field's ge=2 is lost with it"},
	{"same_file/shelf_tools.py", "order_bins", "default /properties/spare", "SPARE_BINS += 1 changes the constant; tscg reads no arithmetic on module state"},
	{"same_file/shelf_tools.py", "order_bins", "description of count", "the rebound Field's description is lost with it"},
	// Not about constants: the direct form Annotated[int, Field(default=…)]
	// does the same. FastMCP's func_metadata merges the signature's
	// default into the Annotated metadata with FieldInfo.from_annotated_attribute,
	// which (pydantic 2.13) turns "no default" into "required" over the
	// Field's default=; pydantic's own function schema keeps it
	// (TestPydanticDifferential, annotated_default), and so does tscg. The
	// framework's listing is issue 28's third part.
	{"same_file/shelf_tools.py", "fit_shelf", "default /properties/gap", "FastMCP requires gap and publishes no default; tscg publishes default 25"},
	{"same_file/shelf_tools.py", "fit_shelf", "required ", "FastMCP requires gap (see above)"},
}

// constantWarnings are the warnings of rules python-default and
// python-type the files must give: in file, at the start of the source
// text at (found once in the file), saying text. Any other warning of
// those rules is a failure, so a schema piece is never lost without one.
var constantWarnings = []struct{ file, at, text string }{
	{"same_file/shelf_tools.py", "BIN_SIZE, spare", "BIN_SIZE is bound more than once"},
	{"same_file/shelf_tools.py", "SPARE_BINS) ->", "SPARE_BINS is bound more than once"},
	{"studio/studio_server.py", "DEFAULT_VOICE) ->", `depends on the environment: tscg gives it the value the server publishes when started with the environment unset (STUDIO_VOICE), "alto"`},
}

// warningPos is file:line:col of the one occurrence of at in the file.
func warningPos(t *testing.T, file, at string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata/constants", file))
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(src), at)
	if i < 0 || strings.Count(string(src), at) != 1 {
		t.Fatalf("%s: %q is not in the file exactly once", file, at)
	}
	line := strings.Count(string(src[:i]), "\n") + 1
	col := i - strings.LastIndexByte(string(src[:i]), '\n')
	return fmt.Sprintf("%s:%d:%d", file, line, col)
}

// TestModuleConstants compiles the tool files of testdata/constants, whose
// Field(...) defaults, Annotated aliases, Literal and Enum aliases,
// default values and description strings are kept in module constants:
// in the same file, in a models.py imported beside it (absolute import
// and module attribute), through relative imports of a package, and
// re-exported by a package's __init__.py; and a low-level server's
// Tool(name=CONST, inputSchema=CONST). Each is compared with what the
// framework publishes for it (<file>.expected.json, made by
// ../frameworks/gen_expected.py with pydantic 2 under CPython; see
// testdata/README.md).
func TestModuleConstants(t *testing.T) {
	refs, err := filepath.Glob("testdata/constants/*/*.expected.json")
	if err != nil || len(refs) < 5 {
		t.Fatalf("want the five cases' expected outputs, found %v (%v)", refs, err)
	}
	seen := map[string]bool{}
	warned := map[string]bool{}
	for _, ref := range refs {
		f := strings.TrimSuffix(ref, ".expected.json") + ".py"
		rel := strings.TrimPrefix(filepath.ToSlash(f), "testdata/constants/")
		want := struct{ Tools []refTool }{readRefTools(t, ref)}
		cat, ds := Load([]string{f}, Options{})
		for _, d := range ds {
			checkConstantDiag(t, d, warned)
		}
		if len(cat.Tools) != len(want.Tools) {
			t.Errorf("%s: %d tools, the framework publishes %d", rel, len(cat.Tools), len(want.Tools))
		}
		for _, rt := range want.Tools {
			found := false
			for _, tl := range cat.Tools {
				if tl.Name != rt.Name {
					continue
				}
				found = true
				for _, d := range compareTool(t, tl, rt) {
					if !listedDeviation(constantDeviations, rel, rt.Name, d, seen) {
						t.Errorf("%s: tool %s: %s", rel, rt.Name, d)
					}
				}
			}
			if !found {
				t.Errorf("%s: tool %s missing", rel, rt.Name)
			}
		}
	}
	for _, d := range constantDeviations {
		if !seen[d.file+"\x00"+d.tool+"\x00"+d.what] {
			t.Errorf("listed deviation no longer seen (remove it): %s %s %s", d.file, d.tool, d.what)
		}
	}
	for _, w := range constantWarnings {
		if at := warningPos(t, w.file, w.at); !warned[at] {
			t.Errorf("no warning at %s saying %q", at, w.text)
		}
	}
}

// checkConstantDiag fails on errors and on schema warnings not listed in
// constantWarnings, and records the listed ones it meets.
func checkConstantDiag(t *testing.T, d diag.Diagnostic, warned map[string]bool) {
	t.Helper()
	if d.Severity == diag.Error {
		t.Errorf("%s", d)
		return
	}
	if d.RuleID != ruleDefault && d.RuleID != ruleType {
		return
	}
	at := strings.TrimPrefix(filepath.ToSlash(d.Pos.File), "testdata/constants/") + fmt.Sprintf(":%d:%d", d.Pos.Line, d.Pos.Col)
	for _, w := range constantWarnings {
		if warningPos(t, w.file, w.at) == at && strings.Contains(d.Message, w.text) && d.Severity == diag.Warning {
			warned[at] = true
			return
		}
	}
	t.Errorf("unlisted diagnostic: %s", d)
}
