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
	// Since issue 28 the static reading follows jsonschema-go's rules
	// for a go-sdk tool (a nil slice accepts null), so nothing differs:
	// a change on either side shows here. A root type's $defs entry and
	// $ref spellings are never differences: the check compares schemas
	// in one spelling.
	if code != ExitOK || !strings.Contains(stdout.String(), "equals the live listing") || !strings.Contains(stdout.String(), "(2 tools)") {
		t.Fatalf("exit %d, want 0, the two readings equal (2 tools):\n%s%s", code, &stdout, &stderr)
	}
}
