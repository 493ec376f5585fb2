// Package chat is the example of tscg agent with a real model (run.sh);
// its test runs the same configuration against our fake model server.
package chat

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/cli"
	"github.com/tscg/tscg/runtime/agent/agenttest"
)

func TestExample(t *testing.T) {
	fake := agenttest.New(nil)
	defer fake.Close()
	t.Setenv("OPENAI_BASE_URL", fake.URL+"/v1")
	t.Setenv("OPENAI_API_KEY", "test-key")
	var out, errb bytes.Buffer
	code := cli.Run([]string{"agent", "--config", "tscg.yaml", "-m", "load skill weather",
		"-m", `call forecast with {"city":"Lisbon, Portugal","days":1}`}, strings.NewReader(""), &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"• skill weather loaded\n", `← forecast: "24°C, sunny, no rain expected"`, "over 4 rounds]"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if h := fake.Requests()[0].Header.Get("Authorization"); h != "Bearer test-key" {
		t.Errorf("Authorization = %q", h)
	}
}
