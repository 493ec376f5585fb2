package workerproc

import (
	"bytes"
	"io"
	"os/exec"
	"sync"
	"time"
)

// Start starts a worker process whose protocol runs over its stdin and
// stdout, with its stderr kept in stderr. A tool's orphaned child may
// hold the worker's output open, so Wait gives up on it after a second.
// On error nothing is left running.
func Start(cmd *exec.Cmd, stderr *Stderr) (stdin io.WriteCloser, stdout io.ReadCloser, err error) {
	cmd.WaitDelay = time.Second
	cmd.Stderr = stderr
	if stdin, err = cmd.StdinPipe(); err != nil {
		return nil, nil, err
	}
	if stdout, err = cmd.StdoutPipe(); err != nil {
		return nil, nil, err
	}
	if err = cmd.Start(); err != nil {
		return nil, nil, err
	}
	return stdin, stdout, nil
}

// Stderr keeps what a worker writes to its stderr: the last max bytes,
// and the first complete line a cause function picks out as saying why
// the worker died (a Go fatal error is followed by pages of goroutine
// stacks, which the tail alone would keep instead).
type Stderr struct {
	mu      sync.Mutex
	max     int
	buf     []byte
	isCause func(line string) bool
	line    []byte // the line being written, while no cause is known
	cause   string
}

// maxCauseLine bounds the line kept while looking for a cause.
const maxCauseLine = 4 << 10

// NewStderr keeps the last max bytes; isCause may be nil.
func NewStderr(max int, isCause func(line string) bool) *Stderr {
	return &Stderr{max: max, isCause: isCause}
}

func (s *Stderr) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = append(s.buf, p...)
	if s.cause == "" && s.isCause != nil {
		// Lines are checked whole, from their own buffer: the tail may
		// already have cut a long write's first line.
		s.line = append(s.line, p...)
		for {
			i := bytes.IndexByte(s.line, '\n')
			if i < 0 {
				break
			}
			if l := string(s.line[:i]); s.isCause(l) {
				s.cause, s.line = l, nil
				break
			}
			s.line = s.line[i+1:]
		}
		if len(s.line) > maxCauseLine {
			s.line = nil // no cause line is that long
		}
	}
	if len(s.buf) > s.max {
		s.buf = append([]byte(nil), s.buf[len(s.buf)-s.max:]...)
	}
	return len(p), nil
}

// String is the cause line, if one was seen, and the tail.
func (s *Stderr) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cause == "" {
		return string(s.buf)
	}
	return s.cause + "\n" + string(s.buf)
}

// Cause is the line that says why the worker died, or "".
func (s *Stderr) Cause() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cause
}
