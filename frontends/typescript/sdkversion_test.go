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

// The SDK version is read from the project's lockfile whichever package
// manager wrote it: pnpm (the workspace's pnpm-lock.yaml, under the
// package's importer, peers in parentheses), bun and yarn.
func TestLockedVersionLockfiles(t *testing.T) {
	const sdk = "@modelcontextprotocol/sdk"
	root := t.TempDir()
	pkg := filepath.Join(root, "packages", "server")
	os.MkdirAll(pkg, 0o755)
	os.WriteFile(filepath.Join(root, "pnpm-lock.yaml"), []byte(`lockfileVersion: '9.0'
importers:
  .:
    dependencies:
      '@modelcontextprotocol/sdk':
        specifier: ^1.13.1
        version: 1.15.1
  packages/server:
    dependencies:
      '@modelcontextprotocol/sdk':
        specifier: ^1.20.0
        version: 1.22.0(zod@3.25.76)
`), 0o644)
	bun := t.TempDir()
	os.WriteFile(filepath.Join(bun, "bun.lock"), []byte(`{
  "lockfileVersion": 1,
  "packages": {
    "@modelcontextprotocol/sdk": ["@modelcontextprotocol/sdk@1.26.0", "", {}, "sha512-x"],
    "@modelcontextprotocol/sdk/zod": ["zod@4.3.6", "", {}, "sha512-y"],
  }
}
`), 0o644)
	yarn := t.TempDir()
	os.WriteFile(filepath.Join(yarn, "yarn.lock"), []byte(`# yarn lockfile v1

"@modelcontextprotocol/sdk@^1.10.0", "@modelcontextprotocol/sdk@^1.12.0":
  version "1.12.3"
  resolved "https://example.invalid/sdk.tgz"
`), 0o644)
	for _, c := range []struct{ dir, want string }{
		{root, "1.15.1"}, {pkg, "1.22.0"}, {bun, "1.26.0"}, {yarn, "1.12.3"},
	} {
		if got := lockedVersion(c.dir, sdk); got != c.want {
			t.Errorf("%s: %q, want %q", c.dir, got, c.want)
		}
	}
	if got := lockedVersion(bun, "zod"); got != "" {
		t.Errorf("bun zod: %q, want none (only the SDK's own copy is locked)", got)
	}
}
