package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/corpus"
	"github.com/tscg/tscg/runtime/agent/agenttest"
)

const agentAdmin = "admin-token-for-the-test-0123"

// agentHTTP is a running tscg agent --http over a fake model.
type agentHTTP struct {
	url  string
	dir  string
	fake *agenttest.Server
}

// startAgentHTTP starts tscg agent --http on a loopback port with an
// echo tool, a built-in skill "loud", a user skills directory and an
// admin token.
func startAgentHTTP(t *testing.T) *agentHTTP {
	t.Helper()
	fake := agenttest.New(nil)
	t.Cleanup(fake.Close)
	dir := t.TempDir()
	files := map[string]string{
		"tscg.yaml":            "version: 1\nmodel:\n  baseURL: " + fake.URL + "/v1\n  model: fake-panel\nserve:\n  tools:\n    echo:\n      command: [cat]\n    shout:\n      command: [cat]\n",
		"catalog.json":         `{"tools": [{"name": "echo", "description": "Echo the arguments.", "inputSchema": {"type": "object", "properties": {"msg": {"type": "string"}}, "required": ["msg"]}}, {"name": "shout", "description": "Echo loudly.", "inputSchema": {"type": "object", "properties": {"msg": {"type": "string"}}, "required": ["msg"]}}]}`,
		"skills/loud/SKILL.md": "---\nname: loud\ndescription: Shout things.\ntools: [shout]\n---\nShout only when asked.\n",
		"admin.token":          agentAdmin + "\n",
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("tscg", "agent", "catalog.json", "--http", "127.0.0.1:0", "--skills", "skills",
		"--user-skills", "user-skills", "--admin-token-file", "admin.token")
	cmd.Dir = dir
	pr, pw := io.Pipe()
	cmd.Stderr = pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait(); pw.Close() }()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	urls := make(chan string, 1)
	var log strings.Builder
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := regexp.MustCompile(`chat panel at (http://\S+/)`).FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	select {
	case u := <-urls:
		return &agentHTTP{url: u, dir: dir, fake: fake}
	case err := <-exited:
		t.Fatalf("tscg agent exited: %v\n%s", err, log.String())
	}
	return nil
}

// TestAgentHTTPCommand: the CLI serves the streaming endpoint and the
// skills API with serve's rules (loopback Host, admin token for delete).
func TestAgentHTTPCommand(t *testing.T) {
	a := startAgentHTTP(t)
	resp, err := http.Post(a.url+"api/agent/chat", "application/json", strings.NewReader(`{"message":"call echo with {\"msg\":\"hi\"}"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var types []string
	for _, l := range strings.Split(strings.TrimSpace(string(body)), "\n") {
		var e struct{ Type string }
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if len(types) == 0 || types[len(types)-1] != e.Type {
			types = append(types, e.Type)
		}
	}
	if resp.Header.Get("Content-Type") != "application/x-ndjson" || strings.Join(types, ",") != "text,usage,tool,text,usage,done" ||
		!strings.Contains(string(body), `"result":"{\"msg\":\"hi\"}"`) {
		t.Errorf("chat: %s %v\n%s", resp.Header.Get("Content-Type"), types, body)
	}
	req, _ := http.NewRequest("DELETE", a.url+"api/skills/loud", nil)
	req.Header.Set("X-Tscg-Admin-Token", agentAdmin)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 403 || !strings.Contains(string(b), "read-only") {
		t.Errorf("deleting a built-in skill: %d %s", resp.StatusCode, b)
	}
	req, _ = http.NewRequest("GET", a.url+"api/skills", nil)
	req.Host = "evil.example:80"
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("a foreign Host on loopback: %d", resp.StatusCode)
	}
}

// TestPanelInBrowser drives the chat panel in headless Chromium: a
// streamed answer with a tool call, a skill load, a skill created, its
// deletion refused without the admin token and done with it. Screenshots
// are kept under $TSCG_ARTIFACT_DIR (else a directory the log names).
func TestPanelInBrowser(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		corpus.Missing(t, "chromium not found (%v): install Debian's package (apt-get install chromium), as .ci/run does", err)
	}
	shots := os.Getenv("TSCG_ARTIFACT_DIR")
	if shots == "" {
		if shots, err = os.MkdirTemp("", "tscg-panel-"); err != nil {
			t.Fatal(err)
		}
	}
	shots = filepath.Join(shots, "panel")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", shots)
	a := startAgentHTTP(t)
	b := startBrowser(t, chromium)
	b.navigate(t, a.url)
	b.waitFor(t, "the built-in skill listed", `document.querySelector('#skills li[data-name="loud"]')`)

	send := func(msg string) {
		b.eval(t, fmt.Sprintf(`document.getElementById("msg").value = %q; document.getElementById("send").click(); true`, msg))
	}
	// a streamed answer with a tool call and its result
	send(`call echo with {"msg":"hi"}`)
	b.waitFor(t, "the tool call", `[...document.querySelectorAll(".ev-tool")].some(e => e.textContent === '→ echo {"msg":"hi"}')`)
	b.waitFor(t, "the answer after the result", `[...document.querySelectorAll(".ev-text")].some(e => e.textContent === 'echo said: {"msg":"hi"}')`)
	b.waitFor(t, "the round's tokens", `document.querySelectorAll(".ev-done").length === 1`)
	b.screenshot(t, filepath.Join(shots, "1-tool-call.png"))
	// a skill load; the next message may use the skill's tool
	send("please load skill loud")
	b.waitFor(t, "the skill load", `[...document.querySelectorAll(".ev-skill")].some(e => e.textContent === "skill loaded: loud")`)
	b.waitFor(t, "the skill's body reported", `[...document.querySelectorAll(".ev-text")].some(e => e.textContent.startsWith("load_skill said: Shout only when asked."))`)
	b.waitFor(t, "the second turn done", `document.querySelectorAll(".ev-done").length === 2`)
	send(`call shout with {"msg":"hey"}`)
	b.waitFor(t, "the unlocked tool's result", `[...document.querySelectorAll(".ev-result")].some(e => e.textContent === '← shout: {"msg":"hey"}' && !e.classList.contains("err"))`)
	b.screenshot(t, filepath.Join(shots, "2-skill-load.png"))
	// create a user skill
	b.eval(t, `document.getElementById("skill-name").value = "notes";
		document.getElementById("skill-content").value = "---\nname: notes\ndescription: Take notes.\n---\nWrite them down.\n";
		document.getElementById("skill-save").click(); true`)
	b.waitFor(t, "the new skill listed", `document.querySelector('#skills li[data-name="notes"] button.delete')`)
	if _, err := os.Stat(filepath.Join(a.dir, "user-skills", "notes", "SKILL.md")); err != nil {
		t.Errorf("the created skill is not on disk: %v", err)
	}
	b.screenshot(t, filepath.Join(shots, "3-skill-created.png"))
	// deleting it without the admin token is refused
	b.eval(t, `document.querySelector('#skills li[data-name="notes"] button.delete').click(); true`)
	b.waitFor(t, "the refusal", `document.getElementById("status").textContent.includes("needs the admin token")`)
	b.waitFor(t, "the skill still listed", `document.querySelector('#skills li[data-name="notes"]')`)
	b.screenshot(t, filepath.Join(shots, "4-delete-refused.png"))
	// with the token it goes
	b.eval(t, fmt.Sprintf(`document.getElementById("admin-token").value = %q;
		document.querySelector('#skills li[data-name="notes"] button.delete').click(); true`, agentAdmin))
	b.waitFor(t, "the deletion", `document.getElementById("status").textContent === "deleted notes" && !document.querySelector('#skills li[data-name="notes"]')`)
	b.screenshot(t, filepath.Join(shots, "5-deleted.png"))
	if _, err := os.Stat(filepath.Join(a.dir, "user-skills", "notes")); !os.IsNotExist(err) {
		t.Errorf("the deleted skill is still on disk: %v", err)
	}
}
