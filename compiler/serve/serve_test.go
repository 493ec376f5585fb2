package serve

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tscg/tscg/internal/corpus"

	"github.com/fsnotify/fsnotify"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/compiler"
)

const watchV1 = `def add(a: int, b: int) -> int:
    """Add."""
    return a + b
`

// TestServeWatch edits a served Python file: a good edit swaps the tool
// set and notifies the client; a broken one keeps the last good set and
// prints the diagnostics.
func TestServeWatch(t *testing.T) { checkWatch(t, false) }

// TestServeWatchPolling: without file events (here a watcher that cannot
// be made) Watch says so and polls.
func TestServeWatchPolling(t *testing.T) { checkWatch(t, true) }

func checkWatch(t *testing.T, poll bool) {
	if _, err := exec.LookPath("python3"); err != nil {
		corpus.Missing(t, "python3 not on PATH: serve runs Python tools (%v)", err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "tools.py")
	writeTestFile(t, file, watchV1)
	stderr := &syncBuffer{}
	cfgPath := filepath.Join(dir, "none.yaml")
	writeTestFile(t, cfgPath, "version: 1\n")
	cfg, ds := compiler.LoadConfig(cfgPath)
	if ds.HasErrors() {
		t.Fatal(ds.Err())
	}
	st, err := New(Options{Config: cfg, Paths: []string{dir}, Workers: 1, MaxConcurrent: -1, Stderr: stderr})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if poll {
		st.newWatcher = func() (*fsnotify.Watcher, error) { return nil, errors.New("too many open files") }
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go st.Watch(ctx, 20*time.Millisecond)
	ct, srvT := sdk.NewInMemoryTransports()
	if _, err := st.srv.Connect(ctx, srvT); err != nil {
		t.Fatal(err)
	}
	changed := make(chan struct{}, 4)
	sess, err := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "1"}, &sdk.ClientOptions{
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) { changed <- struct{}{} },
	}).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if got := listNames(t, sess); !slices.Equal(got, []string{"add"}) {
		t.Fatalf("initial tools: %v", got)
	}
	time.Sleep(30 * time.Millisecond) // a new mtime, even on coarse clocks
	writeTestFile(t, file, watchV1+"\n\ndef neg(x: int) -> int:\n    \"\"\"Negate.\"\"\"\n    return -x\n")
	select {
	case <-changed:
	case <-time.After(60 * time.Second): // a reload imports the Python modules in a fresh worker: slow under load
		t.Fatalf("no list_changed after an edit; stderr:\n%s", stderr)
	}
	if got := listNames(t, sess); !slices.Equal(got, []string{"add", "neg"}) {
		t.Fatalf("after edit: %v", got)
	}
	res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: "neg", Arguments: map[string]any{"x": 4}})
	if err != nil || res.IsError || res.Content[0].(*sdk.TextContent).Text != "-4" {
		t.Fatalf("neg after reload: %+v %v", res, err)
	}
	writeTestFile(t, file, "def broken(:\n")
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(stderr.String(), "still serving the last good tool set") {
		if time.Now().After(deadline) {
			t.Fatalf("no diagnostics for a broken file; stderr:\n%s", stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(stderr.String(), "tools.py:1:") {
		t.Errorf("diagnostics do not point into the file:\n%s", stderr)
	}
	if got := listNames(t, sess); !slices.Equal(got, []string{"add", "neg"}) {
		t.Errorf("a broken file replaced the tool set: %v", got)
	}
	if said := strings.Contains(stderr.String(), "watching the inputs by polling every 20ms (file events unavailable: too many open files)"); said != poll {
		t.Errorf("polling announced: %v, want %v; stderr:\n%s", said, poll, stderr)
	}
}

func listNames(t *testing.T, s *sdk.ClientSession) []string {
	t.Helper()
	res, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tl := range res.Tools {
		out = append(out, tl.Name)
	}
	return out
}

func writeTestFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestWatchIgnoresNonInputs: --watch reloaded on any file change under a
// watched directory, so a tool writing a log beside itself reloaded the
// server on every call. Only the files a build reads count now.
func TestWatchIgnoresNonInputs(t *testing.T) {
	dir := t.TempDir()
	cat := filepath.Join(dir, "catalog.json")
	writeTestFile(t, cat, `{"tools": [{"name": "echo", "description": "Echo.", "inputSchema": {"type": "object"}}]}`)
	s := &Server{paths: []string{dir}, opts: Options{Config: &compiler.Config{}}}
	before := s.fingerprint()
	writeTestFile(t, filepath.Join(dir, "tool.log"), "a call happened\n")
	writeTestFile(t, filepath.Join(dir, "notes.txt"), "x")
	if after := s.fingerprint(); after != before {
		t.Error("a log file beside the inputs changed the fingerprint")
	}
	writeTestFile(t, cat, `{"tools": [{"name": "echo", "description": "Echo!", "inputSchema": {"type": "object"}}]}`)
	if after := s.fingerprint(); after == before {
		t.Error("an edited input did not change the fingerprint")
	}
}
