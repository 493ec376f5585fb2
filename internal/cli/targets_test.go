package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/targets"
)

// A tool name with a dot: valid for MCP and Gemini, invalid for OpenAI
// and Anthropic, so provider-limits names the target in its finding.
const dottedTool = `/**
 * Read one file of the workspace.
 * @readonly
 */
export declare function files_read(args: {
  /** Path of the file, relative to the workspace root, e.g. "src/main.go". */
  path: string;
}): Promise<string>;
`

// TestLintTargetsBothSpellings: lint --targets takes the one vocabulary
// and the older spellings; findings use the one name.
func TestLintTargetsBothSpellings(t *testing.T) {
	dir := testFiles(t, map[string]string{"tools.json": `[{"name": "files.read", "description": "Read one file of the workspace.",
  "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "Path of the file, relative to the workspace root, e.g. \"src/main.go\"."}}, "required": ["path"], "additionalProperties": false}}]`})
	for _, tc := range []struct {
		targets string
		code    int
		want    string
	}{
		{"openai.chat.strict", ExitFindings, `[openai.chat.strict] tool name "files.read" is not valid`},
		{"openai-strict", ExitFindings, `[openai.chat.strict] tool name "files.read" is not valid`},
		{"openai.responses", ExitFindings, `[openai.responses] tool name "files.read" is not valid`},
		{"anthropic.strict,anthropic-strict", ExitFindings, `[anthropic.strict] tool name "files.read" is not valid`},
		{"mcp.tools-list,mcp,gemini", ExitOK, ""},
		{"openai.chat.stict", ExitInput, `unknown target "openai.chat.stict"`},
	} {
		code, stdout, stderr := runIn(t, dir, "lint", "tools.json", "--targets", tc.targets)
		stderr += stdout // findings on stdout, usage errors on stderr
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("--targets %s: exit %d, want %d and %q; stderr:\n%s", tc.targets, code, tc.code, tc.want, stderr)
		}
		if strings.Count(stderr, "is not valid") > 1 {
			t.Errorf("--targets %s: a target named twice is checked twice:\n%s", tc.targets, stderr)
		}
	}
	// The config takes the same names.
	if err := os.WriteFile(filepath.Join(dir, "tscg.yaml"), []byte("inputs: [tools.json]\nlint:\n  targets: [openai.chat.strict, mcp]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runIn(t, dir, "lint")
	if code != ExitFindings || !strings.Contains(stdout, `[openai.chat.strict] tool name "files.read" is not valid`) {
		t.Errorf("tscg.yaml lint.targets: exit %d, want %d; stdout:\n%s", code, ExitFindings, stdout)
	}
}

// TestDescribeTargetBothSpellings: describe --target prints the same
// manifest for a target's name and its older spelling, the bytes build
// writes to providers/<name>.json.
func TestDescribeTargetBothSpellings(t *testing.T) {
	dir := testFiles(t, map[string]string{"tools.ts": dottedTool})
	if code, _, stderr := runIn(t, dir, "build", "tools.ts", "-o", "out"); code != ExitOK {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	aliases := map[string]string{"openai.chat": "openai", "openai.chat.strict": "openai-strict",
		"anthropic.strict": "anthropic-strict", "mcp.tools-list": "mcp"}
	for _, name := range targets.Names() {
		built, err := os.ReadFile(filepath.Join(dir, "out", "providers", name+".json"))
		if err != nil {
			t.Fatalf("build wrote no manifest for target %s: %v", name, err)
		}
		spellings := []string{name}
		if a, ok := aliases[name]; ok {
			spellings = append(spellings, a)
		}
		for _, s := range spellings {
			code, stdout, stderr := runIn(t, dir, "describe", "tools.ts", "--target", s)
			if code != ExitOK || stdout != string(built) {
				t.Errorf("describe --target %s: exit %d, output equal to providers/%s.json: %v; stderr: %s", s, code, name, stdout == string(built), stderr)
			}
			if !json.Valid([]byte(stdout)) {
				t.Errorf("describe --target %s: not JSON", s)
			}
		}
	}
	code, _, stderr := runIn(t, dir, "describe", "tools.ts", "--target", "claude")
	if code != ExitInput || !strings.Contains(stderr, `unknown --target "claude" (want one of anthropic, anthropic.strict, gemini, mcp.tools-list, openai.chat, openai.chat.strict, openai.responses)`) {
		t.Errorf("describe --target claude: exit %d, want %d; stderr: %s", code, ExitInput, stderr)
	}
}
