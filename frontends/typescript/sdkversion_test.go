package typescript

import (
	"os"
	"path/filepath"
	"testing"
)

// The SDK version a project resolves to decides whether its listing
// has execution: 1.24.0 and later do (checked in the SDK's published
// packages: 1.23.0's McpServer lists none, 1.24.0's lists
// {"taskSupport": "forbidden"}).
func TestSDKPublishesExecution(t *testing.T) {
	for _, c := range []struct {
		pkg, lock string
		want      bool
	}{
		{`{"dependencies": {"@modelcontextprotocol/sdk": "^1.12.1"}}`, "", true},
		{`{"dependencies": {"@modelcontextprotocol/sdk": "~1.12.1"}}`, "", false},
		{`{"dependencies": {"@modelcontextprotocol/sdk": "1.23.0"}}`, "", false},
		{`{"dependencies": {"@modelcontextprotocol/sdk": "1.24.0"}}`, "", true},
		{`{"dependencies": {"@modelcontextprotocol/sdk": "^1.12.1"}}`, `{"packages": {"node_modules/@modelcontextprotocol/sdk": {"version": "1.13.2"}}}`, false},
		{`{"name": "@modelcontextprotocol/sdk", "version": "1.29.0"}`, "", true},
		{`{"dependencies": {"zod": "^3"}}`, "", true},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "package.json"), []byte(c.pkg), 0o644)
		if c.lock != "" {
			os.WriteFile(filepath.Join(dir, "package-lock.json"), []byte(c.lock), 0o644)
		}
		f := &file{abs: filepath.Join(dir, "x.ts")}
		if got := sdkPublishesExecution(f); got != c.want {
			t.Errorf("%s %s: %v, want %v", c.pkg, c.lock, got, c.want)
		}
	}
}
