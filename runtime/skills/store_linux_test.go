package skills

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSkillFileNotRegular: a SKILL.md that is a named pipe is a load
// problem naming it. Opened the ordinary way it waited for a writer, so
// Load (and serve --skills, lint --skills) hung.
func TestSkillFileNotRegular(t *testing.T) {
	s, user := newStore(t)
	must(t, os.MkdirAll(filepath.Join(user, "pipe"), 0o755))
	must(t, syscall.Mkfifo(filepath.Join(user, "pipe", "SKILL.md"), 0o644))
	done := make(chan []error, 1)
	go func() { _, problems := s.Load(); done <- problems }()
	select {
	case problems := <-done:
		if text := fmt.Sprint(problems); !strings.Contains(text, "pipe/SKILL.md") || !strings.Contains(text, "not a regular file (a named pipe)") {
			t.Errorf("problems = %s", text)
		}
	case <-time.After(time.Minute): // bounds the test; before the fix Load never returned
		t.Fatal("Load blocked on a named pipe")
	}
}
