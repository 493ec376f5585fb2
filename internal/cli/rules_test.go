package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/ruledb"
)

// runIn runs tscg in dir and returns the exit code, stdout and stderr.
func runIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var out, errOut bytes.Buffer
	code := Run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func testFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const skillTools = `/**
 * Get the current weather for one city.
 * @readonly
 */
export declare function get_weather(args: {
  /** City and country, e.g. "Beijing, China". */
  location: string;
}): Promise<string>;
`

// TestLintExceptSkillRule: skill rules are in the one registry, so
// --except and --only accept them (this exited 2 "unknown rule").
func TestLintExceptSkillRule(t *testing.T) {
	dir := testFiles(t, map[string]string{
		"tools.ts": skillTools,
		"skills/long/SKILL.md": "---\nname: long\ndescription: A skill with a long body.\ntools: [get_weather]\n---\n" +
			strings.Repeat("Use get_weather for anything about the coming days, and say which city. ", 400),
	})
	code, stdout, stderr := runIn(t, dir, "lint", "tools.ts", "--skills", "skills", "--fail-on", "warning")
	if code != ExitFindings || !strings.Contains(stdout, "[skill-body-too-long]") {
		t.Fatalf("without --except: exit %d, want %d with skill-body-too-long; stdout:\n%s", code, ExitFindings, stdout)
	}
	code, stdout, stderr = runIn(t, dir, "lint", "tools.ts", "--skills", "skills", "--fail-on", "warning", "--except", "skill-body-too-long")
	if code != ExitOK || strings.Contains(stdout+stderr, "skill-body-too-long") {
		t.Fatalf("--except skill-body-too-long: exit %d, want %d; stdout:\n%s", code, ExitOK, stdout)
	}
	code, stdout, stderr = runIn(t, dir, "lint", "tools.ts", "--skills", "skills", "--only", "skill-unknown-tool", "--fail-on", "info")
	if code != ExitOK || stderr != "" || !strings.HasSuffix(stdout, ", no findings\n") {
		t.Fatalf("--only skill-unknown-tool: exit %d, want %d and no findings; stdout:\n%s\nstderr:\n%s", code, ExitOK, stdout, stderr)
	}
	code, _, stderr = runIn(t, dir, "lint", "tools.ts", "--except", "skill-body-too-lng")
	if code != ExitInput || !strings.Contains(stderr, `unknown rule "skill-body-too-lng"`) {
		t.Fatalf("a misspelt rule: exit %d, want %d; stderr:\n%s", code, ExitInput, stderr)
	}
}

// TestListRulesIsTheRegistry: --list-rules prints every registered rule
// (lint, suppression, breaking, workflow, skills) and docs/rules.md names
// each of them.
func TestListRulesIsTheRegistry(t *testing.T) {
	code, stdout, stderr := runIn(t, t.TempDir(), "lint", "--list-rules")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	all := ruledb.All()
	if len(all) < 30 {
		t.Fatalf("only %d rules registered in the tscg binary", len(all))
	}
	for _, r := range all {
		line := r.ID + " "
		if !strings.Contains(stdout, "\n"+line) {
			t.Errorf("--list-rules lacks %s", r.ID)
		}
		if !bytes.Contains(doc, []byte("\n## "+r.ID+"\n")) {
			t.Errorf("docs/rules.md lacks %s (TSCG_UPDATE=1 go test ./analyzer/rules)", r.ID)
		}
	}
	for _, id := range []string{"name-collision", "tool-removed", "workflow-cycle", "skill-body-too-long", "lint-directive"} {
		if _, ok := ruledb.Lookup(id); !ok {
			t.Errorf("contracted rule id %s is not registered", id)
		}
	}
}

// TestIgnoreDirectiveUnknownRule: a tscg:ignore naming no rule is
// reported, not silently useless.
func TestIgnoreDirectiveUnknownRule(t *testing.T) {
	dir := testFiles(t, map[string]string{"tools.ts": `/**
 * Delete one user and everything they own.
 * tscg:ignore permisions the approval happens upstream
 */
export declare function delete_user(args: {
  /** Identifier of the user. */
  id: string;
}): Promise<string>;
`})
	code, stdout, _ := runIn(t, dir, "lint", "tools.ts")
	if code != ExitOK || !strings.Contains(stdout, `tscg:ignore names unknown rule "permisions"`) || !strings.Contains(stdout, "[permissions]") {
		t.Fatalf("exit %d, want %d with a lint-directive warning and the unsuppressed finding; stdout:\n%s", code, ExitOK, stdout)
	}
}

// TestLintExceptWorkflowRule: a workflow warning is a registered rule, so
// lint's --except silences it like any finding (the settings accept its
// id, so ignoring the flag would be silent).
func TestLintExceptWorkflowRule(t *testing.T) {
	dir := testFiles(t, map[string]string{"tools.ts": `/**
 * Search the documents for a query.
 * @readonly
 */
export declare function search(args: {
  /** Words to look for, e.g. "quarterly revenue". */
  query: string;
}): Promise<{ total: number }>;

/**
 * Fetch one document by its identifier.
 * @readonly
 */
export declare function fetch_doc(args: {
  /** Identifier of the document, e.g. "doc-42". */
  id: string;
}): Promise<{ text: string }>;
`, "w.workflow.yaml": `name: w
description: Search the documents and return how many match.
inputs:
  q: str
steps:
  find:
    tool: search
    args: {query: "${inputs.q}"}
  extra:
    tool: fetch_doc
    args: {id: x}
output: ${steps.find.result.total}
`})
	code, _, stderr := runIn(t, dir, "lint", "tools.ts", "w.workflow.yaml")
	if !strings.Contains(stderr, "[workflow-unused-step]") {
		t.Fatalf("no workflow-unused-step warning (exit %d); stderr:\n%s", code, stderr)
	}
	code2, _, stderr := runIn(t, dir, "lint", "tools.ts", "w.workflow.yaml", "--except", "workflow-unused-step")
	if code2 != code || strings.Contains(stderr, "workflow-unused-step") {
		t.Fatalf("--except workflow-unused-step: exit %d (want %d), stderr:\n%s", code2, code, stderr)
	}
}

// TestPythonRulesRegistered: the Python frontend's diagnostics carry
// registered ids, so --list-rules shows them, --except drops their
// warnings from lint, and a tscg:ignore comment naming one silences it
// (in build too) instead of being reported as naming an unknown rule.
func TestPythonRulesRegistered(t *testing.T) {
	const src = `def lookup(city: str, units: str = "metric") -> str:
    """Look up the weather.

    Args:
        city: City name, e.g. "Paris".
    """
    return city
`
	const want = "tools.py:1:23: warning: parameter units of lookup is not documented in its docstring [python-doc-missing]"
	code, stdout, stderr := runIn(t, t.TempDir(), "lint", "--list-rules")
	for _, id := range []string{"python-syntax", "python-type", "python-untyped", "python-doc-missing", "python-no-tools"} {
		if code != ExitOK || !strings.Contains(stdout, "\n"+id+" ") {
			t.Errorf("--list-rules lacks %s (exit %d): %s", id, code, stderr)
		}
	}
	dir := testFiles(t, map[string]string{"tools.py": src})
	code, _, stderr = runIn(t, dir, "lint", "tools.py")
	if code != ExitOK || !strings.Contains(stderr, want) {
		t.Fatalf("lint: exit %d, want %d with %q; stderr:\n%s", code, ExitOK, want, stderr)
	}
	code, _, stderr = runIn(t, dir, "lint", "tools.py", "--except", "python-doc-missing")
	if code != ExitOK || strings.Contains(stderr, "python-doc-missing") {
		t.Fatalf("lint --except python-doc-missing: exit %d; stderr:\n%s", code, stderr)
	}
	dir = testFiles(t, map[string]string{"tools.py": "# tscg:ignore python-doc-missing the unit is obvious from the default\n" + src})
	for _, args := range [][]string{{"lint", "tools.py"}, {"build", "tools.py", "-o", "out"}} {
		code, _, stderr = runIn(t, dir, args...)
		if code != ExitOK || strings.Contains(stderr, "python-doc-missing") || strings.Contains(stderr, "unknown rule") {
			t.Errorf("%v with a tscg:ignore comment: exit %d; stderr:\n%s", args, code, stderr)
		}
	}
}
