package mcplive

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
)

var (
	goServerOnce sync.Once
	goServerPath string
	goServerErr  error
)

// goServer builds testdata/gosdkserver once per test binary.
func goServer(t testing.TB) string {
	t.Helper()
	goServerOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mcplive-")
		if err != nil {
			goServerErr = err
			return
		}
		goServerPath = filepath.Join(dir, "gosdkserver")
		out, err := exec.Command("go", "build", "-o", goServerPath, "./testdata/gosdkserver").CombinedOutput()
		if err != nil {
			goServerErr = errors.New(string(out))
		}
	})
	if goServerErr != nil {
		t.Fatalf("build the go-sdk test server: %v", goServerErr)
	}
	return goServerPath
}

var (
	pythonOnce sync.Once
	pythonPath string
)

// python is the interpreter itself, not a version manager's shim (which
// is a shell script and costs a second a start on a loaded machine).
func python(t testing.TB) string {
	t.Helper()
	pythonOnce.Do(func() {
		out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
		if err == nil {
			pythonPath = strings.TrimSpace(string(out))
		}
	})
	if pythonPath == "" {
		corpus.Missing(t, "python3 not on PATH: it runs the Python test server")
	}
	return pythonPath
}

// pyServer runs testdata/pyserver.py isolated (-I: no site packages).
func pyServer(t testing.TB, args ...string) Server {
	return Server{Command: append([]string{python(t), "-I", "testdata/pyserver.py"}, args...)}
}

func take(t *testing.T, s Server, lim Limits) (*Snapshot, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return Take(ctx, s, lim)
}

func names(s *Snapshot) []string {
	var out []string
	for _, t := range s.Tools {
		out = append(out, t.Str("name"))
	}
	return out
}

// TestGoSDKPaginated: 7 tools served 2 a page by the go-sdk come back
// sorted, with the server's identity, and the JSON frontend reads the
// snapshot without a diagnostic.
func TestGoSDKPaginated(t *testing.T) {
	s, err := take(t, Server{Command: []string{goServer(t), "-tools", "7", "-page", "2"}}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names(s), " "); got != "search_000 search_001 search_002 search_003 search_004 search_005 search_006" {
		t.Errorf("tools = %s", got)
	}
	if s.Name != "gosdk-test" || s.Version != "1.2.3" || s.ProtocolVersion != protocolVersion || s.Pages != 4 {
		t.Errorf("server = %q %q %q, %d pages", s.Name, s.Version, s.ProtocolVersion, s.Pages)
	}
	cat, ds := jsonschema.LoadBytes("snap.json", s.JSON(), jsonschema.Options{})
	if len(ds) > 0 || len(cat.Tools) != 7 || cat.Tools[0].Result == nil {
		t.Errorf("JSON frontend: %d tools, diagnostics %v", len(cat.Tools), ds)
	}
}

// TestPythonPaginated: a hand-written Python server's cursors are
// followed, the tools sorted, and each tool's keys put in order while
// its schema keeps the server's order (zeta before alpha).
func TestPythonPaginated(t *testing.T) {
	s, err := take(t, pyServer(t, "list", "5", "2"), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names(s), " "); got != "tool_000 tool_001 tool_002 tool_003 tool_004" {
		t.Errorf("tools = %s", got)
	}
	out := string(s.JSON())
	if !strings.Contains(out, `"name": "tool_000",
      "description"`) || strings.Index(out, `"zeta"`) > strings.Index(out, `"alpha"`) {
		t.Errorf("key order:\n%s", out)
	}
	if s.ProtocolVersion != "2025-06-18" || s.Name != "py-test" || s.Pages != 3 {
		t.Errorf("server = %q %q, %d pages", s.Name, s.ProtocolVersion, s.Pages)
	}
}

func wantErr(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one mentioning %q", parts)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("error %T, want *Error: %v", err, err)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error does not mention %q:\n%v", p, err)
		}
	}
}

func TestJunkOnStdout(t *testing.T) {
	_, err := take(t, pyServer(t, "junk"), Limits{Start: 10 * time.Second})
	wantErr(t, err, "not an MCP server", "Welcome to the server!")
}

// TestJunkLater: a log line on stdout after initialize is named too.
func TestJunkLater(t *testing.T) {
	_, err := take(t, pyServer(t, "junklater", "1", "1"), Limits{List: 10 * time.Second})
	wantErr(t, err, "not an MCP server", "INFO listing tools")
}

func TestExitsDuringListing(t *testing.T) {
	_, err := take(t, pyServer(t, "dieonlist", "1", "1"), Limits{List: 10 * time.Second})
	wantErr(t, err, "exited (exit status 4)", "tools/list", "panic: index out of range")
}

func TestListingTimeout(t *testing.T) {
	_, err := take(t, pyServer(t, "stalllist", "1", "1"), Limits{List: 500 * time.Millisecond})
	wantErr(t, err, "no answer to tools/list within 500ms (--list-timeout)")
}

func TestServerExits(t *testing.T) {
	_, err := take(t, pyServer(t, "exit"), Limits{Start: 10 * time.Second})
	wantErr(t, err, "exited (exit status 3)", "fatal: no configuration found")
}

func TestWrongProtocolVersion(t *testing.T) {
	_, err := take(t, pyServer(t, "oldproto"), Limits{})
	wantErr(t, err, "unsupported protocol version", "1999-01-01")
}

func TestNoToolsCapability(t *testing.T) {
	_, err := take(t, pyServer(t, "notools"), Limits{})
	wantErr(t, err, "no tools capability")
}

func TestSizeLimit(t *testing.T) {
	_, err := take(t, pyServer(t, "huge", "2000"), Limits{MaxBytes: 256 << 10})
	wantErr(t, err, "more than 262144 bytes", "--max-bytes")
}

func TestNotFound(t *testing.T) {
	_, err := take(t, Server{Command: []string{"./no-such-server"}}, Limits{})
	wantErr(t, err, "start ./no-such-server")
}
