package cli

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSnapshotCheckGoSDK is the drift check as an oracle: the Go
// frontend's static reading of a go-sdk server's source against what the
// same server, built and started, lists. Each remaining difference is
// listed here and asserted, so a change on either side shows. (Before
// the check compared one spelling it also found the mcp.tools-list
// manifest keeping a root type's $defs entry after inlining it.)
func TestSnapshotCheckGoSDK(t *testing.T) {
	src := "../../frontends/mcplive/testdata/gosdkfixed"
	bin := filepath.Join(t.TempDir(), "gosdkfixed")
	if out, err := exec.Command("go", "build", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("build the server: %v\n%s", err, out)
	}
	var stdout, stderr bytes.Buffer
	code := Run([]string{"snapshot", "--check", src, "--", bin}, strings.NewReader(""), &stdout, &stderr)
	want := []string{
		// Deliberate: tscg's input schemas do not accept null for a nil
		// slice (README, Go frontend); jsonschema-go's do. A root type's
		// $defs entry and $ref spellings are not differences: the check
		// compares schemas in one spelling.
		`tool "store": /inputSchema/properties/tags/type: static "array", live ["array","null"]`,
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if code != ExitFindings || len(lines) != len(want) {
		t.Fatalf("exit %d, want 1 with %d differences:\n%s%s", code, len(want), &stdout, &stderr)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], "gosdkfixed/main.go:") || !strings.Contains(lines[i], w) {
			t.Errorf("difference %d:\n got %s\nwant %s…", i+1, lines[i], w)
		}
	}
}
