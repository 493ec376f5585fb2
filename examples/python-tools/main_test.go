package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/corpus"
)

// TestRun runs the example end to end: compile, register, dispatch.
func TestRun(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		corpus.Missing(t, "python3 not on PATH: the example runs Python tools (%v)", err)
	}
	if err := exec.Command("python3", "-c", "import pydantic").Run(); err != nil {
		corpus.Missing(t, "the sample tools import pydantic, which python3 lacks: %v", err)
	}
	var out bytes.Buffer
	if err := run(&out, "tools"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"group sample rules:\nEveryday helpers for the assistant.",
		"tool add: Add two integers.",
		"call 1 add {\"a\": 2, \"b\": 40} -> error=false\n42\n",
		`"city": "Lisbon", "unit": "celsius", "days": [{"day": 1,`,
		"call 3 get_weather {\"city\": \"Lisbon\", \"days\": 30} -> error=true\ninvalid arguments for tool \"get_weather\"",
		"call 4 add {\"a\": 1} -> error=true",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "_not_a_tool") || strings.Contains(out.String(), "looking up") {
		t.Errorf("a helper became a tool, or tool stdout leaked into results:\n%s", out.String())
	}
}
