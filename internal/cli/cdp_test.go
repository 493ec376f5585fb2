package cli

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"
)

// browser is headless Chromium driven over the DevTools protocol on a
// pipe (--remote-debugging-pipe: JSON messages separated by NUL bytes on
// file descriptors 3 and 4), our own small client: no WebSocket, no
// driver binary.
type browser struct {
	cmd     *exec.Cmd
	w       io.WriteCloser
	mu      sync.Mutex
	next    int
	waiting map[int]chan cdpReply
	session string
	stderr  *syncWriter
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

type syncWriter struct {
	mu sync.Mutex
	b  []byte
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.b) < 64<<10 {
		s.b = append(s.b, p...)
	}
	return len(p), nil
}

func (s *syncWriter) String() string { s.mu.Lock(); defer s.mu.Unlock(); return string(s.b) }

// startBrowser starts Chromium with a blank page attached.
func startBrowser(t *testing.T, chromium string) *browser {
	t.Helper()
	toChrome, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fromChrome, chromeW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{w: cmdW, waiting: map[int]chan cdpReply{}, stderr: &syncWriter{}}
	b.cmd = exec.Command(chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--no-first-run", "--no-default-browser-check", "--remote-debugging-pipe", "--window-size=1200,800",
		"--user-data-dir="+t.TempDir(), "about:blank")
	b.cmd.ExtraFiles = []*os.File{toChrome, chromeW} // fd 3: its input, fd 4: its output
	b.cmd.Stderr = b.stderr
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toChrome.Close()
	chromeW.Close()
	t.Cleanup(func() {
		cmdW.Close()
		_ = b.cmd.Process.Kill()
		_ = b.cmd.Wait()
	})
	go b.read(fromChrome)
	var targets struct {
		TargetInfos []struct {
			TargetID string `json:"targetId"`
			Type     string `json:"type"`
		} `json:"targetInfos"`
	}
	b.call(t, "", "Target.getTargets", nil, &targets)
	id := ""
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" {
			id = ti.TargetID
		}
	}
	if id == "" {
		var created struct {
			TargetID string `json:"targetId"`
		}
		b.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &created)
		id = created.TargetID
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	b.call(t, "", "Target.attachToTarget", map[string]any{"targetId": id, "flatten": true}, &att)
	b.session = att.SessionID
	b.call(t, b.session, "Page.enable", nil, nil)
	b.call(t, b.session, "Runtime.enable", nil, nil)
	return b
}

func (b *browser) read(r io.Reader) {
	br := bufio.NewReader(r)
	for {
		msg, err := br.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			for id, ch := range b.waiting {
				close(ch)
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var m struct {
			ID int `json:"id"`
			cdpReply
		}
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil || m.ID == 0 {
			continue // an event
		}
		b.mu.Lock()
		ch := b.waiting[m.ID]
		delete(b.waiting, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m.cdpReply
		}
	}
}

// call sends one command and decodes its result into out (may be nil).
func (b *browser) call(t *testing.T, session, method string, params, out any) {
	t.Helper()
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan cdpReply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, _ := json.Marshal(msg)
	if _, err := b.w.Write(append(data, 0)); err != nil {
		t.Fatalf("%s: %v\n%s", method, err, b.stderr)
	}
	select {
	case r, ok := <-ch:
		if !ok {
			t.Fatalf("%s: the browser closed the pipe\n%s", method, b.stderr)
		}
		if r.Error != nil {
			t.Fatalf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			if err := json.Unmarshal(r.Result, out); err != nil {
				t.Fatalf("%s: %v", method, err)
			}
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("%s: no answer from the browser in 60s\n%s", method, b.stderr)
	}
}

// eval runs a JavaScript expression in the page (awaiting a promise) and
// returns its value as JSON.
func (b *browser) eval(t *testing.T, expr string) json.RawMessage {
	t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception *struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	b.call(t, b.session, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &r)
	if e := r.ExceptionDetails; e != nil {
		desc := e.Text
		if e.Exception != nil {
			desc = e.Exception.Description
		}
		t.Fatalf("evaluating %s: %s", expr, desc)
	}
	return r.Result.Value
}

// waitFor polls a boolean expression until it holds; the deadline is a
// failure (nothing is timed: a working page answers within milliseconds).
func (b *browser) waitFor(t *testing.T, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if string(b.eval(t, "Boolean("+expr+")")) == "true" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page never showed %s (%s); page text:\n%s", what, expr, b.eval(t, "document.body.innerText"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (b *browser) navigate(t *testing.T, url string) {
	t.Helper()
	b.call(t, b.session, "Page.navigate", map[string]any{"url": url}, nil)
	b.waitFor(t, "the loaded page", `document.readyState === "complete" && location.href === `+fmt.Sprintf("%q", url))
}

// screenshot saves a PNG of the page to path.
func (b *browser) screenshot(t *testing.T, path string) {
	t.Helper()
	var r struct {
		Data string `json:"data"`
	}
	b.call(t, b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r)
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil || len(png) < 100 {
		t.Fatalf("screenshot: %d bytes, %v", len(png), err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
