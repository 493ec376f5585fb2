package mcplive

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// child is a started server command: its own process group, stdin and
// stdout as pipes, stderr kept as a tail.
type child struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	out     *boundedReader
	stderr  *tail
	done    chan struct{}
	waitErr error
}

func startCommand(s *Server, b *budget) (*child, error) {
	cmd := exec.Command(s.Command[0], s.Command[1:]...)
	cmd.Env = append(os.Environ(), s.Env...)
	cmd.Dir = s.Dir
	cmd.WaitDelay = time.Second // stderr held open by an escaped grandchild
	setProcessGroup(cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	c := &child{cmd: cmd, stdin: inW, out: &boundedReader{r: outR, b: b}, stderr: &tail{}, done: make(chan struct{})}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, c.stderr
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("start %s: %w", s.Command[0], err)
	}
	go func() { c.waitErr = cmd.Wait(); close(c.done) }()
	return c, nil
}

// stop kills the server's process group and reaps it.
func (c *child) stop() {
	killGroup(c.cmd)
	<-c.done
	c.stdin.Close()
	c.out.Close()
}

// exited reports whether the server ended within grace, and how.
func (c *child) exited(grace time.Duration) (bool, error) {
	select {
	case <-c.done:
		return true, c.waitErr
	case <-time.After(grace):
		return false, nil
	}
}

func takeStdio(ctx context.Context, s *Server, lim Limits, b *budget) (*Snapshot, error) {
	c, err := startCommand(s, b)
	if err != nil {
		return nil, &Error{Server: s.Label(), Err: err}
	}
	defer c.stop()
	rec := newRecorder(&mcp.IOTransport{Reader: c.out, Writer: c.stdin, MaxLineLength: -1})
	snap, err := session(ctx, rec, lim)
	if err != nil {
		return nil, &Error{Server: s.Label(), Err: c.explain(err, b), Stderr: c.stderr.String()}
	}
	return snap, nil
}

// explain turns a failed session into what the user needs to know: the
// size limit, an exit, junk where JSON-RPC belongs, or the error itself.
func (c *child) explain(err error, b *budget) error {
	if b.exceeded() {
		return fmt.Errorf("the server sent more than %d bytes (raise --max-bytes)", b.limit)
	}
	junk := notJSON(c.out.first())
	if junk == "" {
		junk = junkLine(c.out.recent())
	}
	if junk != "" {
		return fmt.Errorf("not an MCP server: it wrote %q on stdout, where only JSON-RPC messages belong (log to stderr)", junk)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if done, werr := c.exited(200 * time.Millisecond); done {
		return fmt.Errorf("the server exited (%s) before it answered: %w", exitStatus(werr), err)
	}
	return err
}

func exitStatus(err error) string {
	if err == nil {
		return "status 0"
	}
	return err.Error()
}

// junkLine returns the last line of recent output that cannot be a
// JSON-RPC message (the first line may be cut, and is not judged).
func junkLine(recent []byte) string {
	lines := bytes.Split(recent, []byte("\n"))
	for i := len(lines) - 1; i >= 1; i-- {
		if junk := notJSON(lines[i]); junk != "" {
			return junk
		}
	}
	return ""
}

// notJSON returns the first line of head when it cannot start a JSON-RPC
// message.
func notJSON(head []byte) string {
	t := bytes.TrimLeft(head, " \t\r\n")
	if len(t) == 0 || t[0] == '{' {
		return ""
	}
	if i := bytes.IndexByte(t, '\n'); i >= 0 {
		t = t[:i]
	}
	return string(bytes.TrimRight(t, "\r"))
}
