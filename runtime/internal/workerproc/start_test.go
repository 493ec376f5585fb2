package workerproc

import (
	"os/exec"
	"strings"
	"testing"
)

func TestStderrKeepsCauseAndTail(t *testing.T) {
	s := NewStderr(16, func(l string) bool { return strings.HasPrefix(l, "fatal error:") })
	for _, w := range []string{"starting\nfatal error: stack ", "overflow\n", strings.Repeat("g", 40) + "\nend"} {
		if _, err := s.Write([]byte(w)); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Cause(); got != "fatal error: stack overflow" {
		t.Errorf("cause %q", got)
	}
	if got := s.String(); got != "fatal error: stack overflow\n"+strings.Repeat("g", 12)+"\nend" {
		t.Errorf("String %q", got)
	}
	plain := NewStderr(4, nil)
	_, _ = plain.Write([]byte("fatal error: x\nabcdef"))
	if plain.Cause() != "" || plain.String() != "cdef" {
		t.Errorf("without a cause function: %q %q", plain.Cause(), plain.String())
	}
}

func TestStartWiresPipes(t *testing.T) {
	cmd := exec.Command("sh", "-c", "read x; echo got $x; echo oops >&2")
	stderr := NewStderr(64, nil)
	stdin, stdout, err := Start(cmd, stderr)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = stdin.Write([]byte("hi\n"))
	_ = stdin.Close()
	buf := make([]byte, 64)
	n, _ := stdout.Read(buf)
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if string(buf[:n]) != "got hi\n" || stderr.String() != "oops\n" {
		t.Errorf("stdout %q stderr %q", buf[:n], stderr.String())
	}
	if _, _, err := Start(exec.Command("/nonexistent/worker"), NewStderr(8, nil)); err == nil {
		t.Error("starting a missing program succeeded")
	}
}
