// Package corpus is how tests that read the shared corpora (../shared
// beside the checkout: real catalogs, the JSON-Schema-Test-Suite, the
// MCP and SARIF schemas) say the corpus is missing, and how tests that
// run a tool (python3 with pydantic, the go command) say it is missing. On
// a developer's machine without them they skip, saying why; with
// TSCG_REQUIRE_CORPORA=1, which .ci/run sets, they fail, so CI sees every
// test run.
package corpus

import (
	"fmt"
	"os"
	"testing"
)

// RequireEnv is the variable that turns a missing corpus into a failure.
const RequireEnv = "TSCG_REQUIRE_CORPORA"

// Required reports whether a missing corpus is a failure.
func Required() bool { return os.Getenv(RequireEnv) == "1" }

// Missing ends the test because a corpus is absent: a skip, or a failure
// when Required.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if Required() {
		t.Fatalf("%s (%s=1: corpora and the tools tests run are required)", msg, RequireEnv)
		return
	}
	t.Skip(msg)
}
