package pyexec

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tscg/tscg/runtime/internal/workerproc"
)

//go:embed driver.py
var driver string

// Config configures an Executor.
type Config struct {
	// Python is the interpreter (default "python3", looked up on PATH and
	// resolved to the real executable, so version-manager shims work
	// without their environment).
	Python string
	// Env is the tool's whole environment: nothing of the host's leaks in
	// unless listed here (e.g. GITHUB_TOKEN).
	Env map[string]string
	// Dir is the working directory of the Python processes.
	Dir string
	// Timeout bounds each call (default 30s); the process is killed.
	Timeout time.Duration
	// Workers is the pool size; 0 spawns a fresh interpreter per call.
	Workers int
	// MaxResultBytes bounds a result line (default 64 MiB).
	MaxResultBytes int
	// MaxCalls retires a pool worker after this many calls (default
	// 1000; negative: never), and MaxRSSGrowth once its resident memory
	// grew by more than this many bytes since it started (default 256
	// MiB; negative: never; Linux only). A fresh interpreter takes its
	// place, so what tools leave behind in a long-lived one stays bounded.
	MaxCalls     int
	MaxRSSGrowth int64
	// Logger receives a tool's full traceback when it raises (the client
	// gets only the exception's type and message); nil: not logged.
	Logger *slog.Logger
}

// ToolError is an exception raised by a tool function.
type ToolError struct {
	Type      string   `json:"type"`
	Message   string   `json:"message"`
	Traceback []string `json:"traceback"` // the last lines
}

func (e *ToolError) Error() string { return e.Type + ": " + e.Message }

// Failure kinds of a call that did not produce a result or a ToolError.
var (
	ErrTimeout = errors.New("timed out")
	ErrCrashed = errors.New("python process exited")
	// ErrProtocol is a worker whose output broke the protocol: a reply
	// for another request (a tool forked and its child went on serving,
	// or a tool wrote to the protocol descriptor), a malformed line, or
	// output between calls. The worker is killed and replaced, and only
	// the call waiting on it fails.
	ErrProtocol = errors.New("python worker broke the protocol")
)

// Executor runs tool functions in Python processes. It is safe for
// concurrent use; Close stops the pool.
type Executor struct {
	cfg     Config
	python  string
	env     []string
	sem     chan struct{}
	idle    chan *worker
	nextID  atomic.Int64
	workers workerproc.Set[*worker]

	retire  workerproc.Retire
	retired atomic.Int64
}

// New resolves the interpreter and returns an executor. Pool workers
// start on first use (or with Warm).
func New(cfg Config) (*Executor, error) {
	if cfg.Python == "" {
		cfg.Python = "python3"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.MaxResultBytes <= 0 {
		cfg.MaxResultBytes = 64 << 20
	}
	py, err := resolvePython(cfg.Python)
	if err != nil {
		return nil, err
	}
	e := &Executor{cfg: cfg, python: py, env: buildEnv(cfg.Env),
		retire: workerproc.Retire{MaxCalls: cfg.MaxCalls, MaxRSSGrowth: cfg.MaxRSSGrowth}.WithDefaults()}
	if cfg.Workers > 0 {
		e.sem = make(chan struct{}, cfg.Workers)
		e.idle = make(chan *worker, cfg.Workers)
	}
	return e, nil
}

// resolvePython finds the real interpreter behind a name or shim, with the
// host's environment (a pyenv shim needs it); tools never run that way.
func resolvePython(name string) (string, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("pyexec: python interpreter %q not found: %w", name, err)
	}
	out, err := exec.Command(path, "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		return "", fmt.Errorf("pyexec: run %s: %w", path, err)
	}
	if real := strings.TrimSpace(string(out)); real != "" {
		return real, nil
	}
	return path, nil
}

func buildEnv(m map[string]string) []string {
	env := []string{"PYTHONIOENCODING=utf-8", "PYTHONDONTWRITEBYTECODE=1"}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		env = append(env, k+"="+m[k])
	}
	return env
}

// Call runs file's function with args (a JSON object) and returns the
// JSON result. A Python exception is a *ToolError; a timeout wraps
// ErrTimeout and a dead process ErrCrashed.
func (e *Executor) Call(ctx context.Context, file, function string, args json.RawMessage) (json.RawMessage, error) {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	return e.request(ctx, file, map[string]any{"function": function, "args": args})
}

// Check imports file in a worker and resolves function there, running
// nothing of the tool: a module whose imports fail (a package missing
// from the interpreter) or a target it does not define is a *ToolError
// with Python's own type and message, found when the server starts
// instead of at every call. The module stays imported in that worker.
func (e *Executor) Check(ctx context.Context, file, function string) error {
	_, err := e.request(ctx, file, map[string]any{"function": function, "check": true})
	return err
}

// request sends one request about file to a worker and returns its result.
func (e *Executor) request(ctx context.Context, file string, fields map[string]any) (json.RawMessage, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	id := e.nextID.Add(1)
	fields["id"], fields["file"] = id, abs
	req, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("pyexec: encode request: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	var resp *response
	if e.cfg.Workers == 0 {
		resp, err = e.spawnCall(ctx, id, req)
	} else {
		resp, err = e.poolCall(ctx, id, req)
	}
	if err != nil {
		return nil, err
	}
	return resp.value()
}

// response is one reply line of the driver.
type response struct {
	ID     *int64          `json:"id"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  *ToolError      `json:"error"`
}

// decodeResponse decodes a reply and checks it answers request id.
func decodeResponse(line []byte, id int64) (*response, error) {
	var resp response
	if err := json.Unmarshal(line, &resp); err != nil {
		return nil, fmt.Errorf("%w: malformed reply (%v)", ErrProtocol, err)
	}
	if resp.ID == nil || *resp.ID != id {
		got := "none"
		if resp.ID != nil {
			got = fmt.Sprint(*resp.ID)
		}
		return nil, fmt.Errorf("%w: a reply for request %s arrived while request %d was waiting", ErrProtocol, got, id)
	}
	return &resp, nil
}

func (resp *response) value() (json.RawMessage, error) {
	if !resp.OK {
		if resp.Error == nil {
			resp.Error = &ToolError{Type: "Error", Message: "the tool failed without details"}
		}
		return nil, resp.Error
	}
	return resp.Result, nil
}

// spawnCall starts an interpreter for this one call (the article's way).
func (e *Executor) spawnCall(ctx context.Context, id int64, req []byte) (*response, error) {
	w, err := e.start()
	if err != nil {
		return nil, err
	}
	defer w.close()
	return w.roundTrip(ctx, id, req)
}

// poolCall borrows an idle worker (or starts one), and replaces it when
// the call kills or crashes it.
func (e *Executor) poolCall(ctx context.Context, id int64, req []byte) (*response, error) {
	select {
	case e.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("pyexec: waiting for a worker: %w", ErrTimeout)
	}
	defer func() { <-e.sem }()
	w, err := e.idleWorker()
	if err != nil {
		return nil, err
	}
	resp, err := w.roundTrip(ctx, id, req)
	// A second line already read (a forked child's copy of the reply)
	// would answer the next request: such a worker is not reused.
	if err != nil || !w.alive() || len(w.lines) > 0 {
		w.kill()
		e.workers.Forget(w)
		return resp, err
	}
	w.calls++
	if _, due := e.retire.Due(w.calls, w.rss0, workerproc.RSS(w.cmd.Process.Pid)); due {
		e.retired.Add(1)
		// The caller has its answer; the next call that finds no idle
		// worker starts a fresh one (one start per MaxCalls calls).
		go func() {
			w.close()
			e.workers.Forget(w)
		}()
		return resp, nil
	}
	e.idle <- w
	return resp, nil
}

// Retired is how many pool workers were retired (Config.Retire).
func (e *Executor) Retired() int64 { return e.retired.Load() }

// idleWorker takes a live idle worker (one that broke the protocol while
// idle has been killed and is dropped), or starts one.
func (e *Executor) idleWorker() (*worker, error) {
	for {
		select {
		case w := <-e.idle:
			if w.alive() {
				return w, nil
			}
			w.kill()
			e.workers.Forget(w)
		default:
			return e.start()
		}
	}
}

// Warm starts every pool worker now, so first calls do not pay start-up.
func (e *Executor) Warm() error {
	if e.cfg.Workers == 0 {
		return nil
	}
	for i := 0; i < e.cfg.Workers; i++ {
		select {
		case e.sem <- struct{}{}:
		default:
			return nil
		}
	}
	defer func() {
		for i := 0; i < e.cfg.Workers; i++ {
			<-e.sem
		}
	}()
	for len(e.idle) < e.cfg.Workers {
		w, err := e.start()
		if err != nil {
			return err
		}
		e.idle <- w
	}
	return nil
}

// Close stops every worker.
func (e *Executor) Close() error {
	for _, w := range e.workers.Close() {
		w.close()
	}
	return nil
}

// start launches a driver process and waits for its ready line.
func (e *Executor) start() (*worker, error) {
	if e.workers.Closed() {
		return nil, errors.New("pyexec: executor is closed")
	}
	cmd := exec.Command(e.python, "-u", "-c", driver)
	cmd.Env, cmd.Dir = e.env, e.cfg.Dir
	setProcessGroup(cmd)
	watch, err := watchPipe(cmd)
	if err != nil {
		return nil, fmt.Errorf("pyexec: %w", err)
	}
	w := &worker{cmd: cmd, watch: watch, stderr: workerproc.NewStderr(8<<10, nil), exited: make(chan struct{}), lines: make(chan lineResult, 1)}
	defer closeReadEnd(cmd)
	stdin, stdout, err := workerproc.Start(cmd, w.stderr)
	if err != nil {
		w.closeWatch()
		return nil, fmt.Errorf("pyexec: start %s: %w", e.python, err)
	}
	w.stdin = stdin
	w.busy.Store(true) // the ready line is expected
	go w.read(bufio.NewReaderSize(stdout, 64<<10), e.cfg.MaxResultBytes)
	ready, err := w.readLine(context.Background())
	w.busy.Store(false)
	if err != nil || !bytes.Contains(ready, []byte(`"ready"`)) {
		w.close()
		return nil, fmt.Errorf("pyexec: the Python driver did not start: %v %s", err, w.stderr.String())
	}
	w.rss0 = workerproc.RSS(cmd.Process.Pid)
	if !e.workers.Add(w) {
		w.close()
		return nil, errors.New("pyexec: executor is closed")
	}
	return w, nil
}

// worker is one driver process.
type worker struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan lineResult // the driver's output lines, read as they come
	busy   atomic.Bool     // a request is waiting for its reply
	broken atomic.Bool     // the driver wrote while no request was waiting
	stderr *workerproc.Stderr
	// watch is the write end of the watchdog's pipe (nil outside unix):
	// closing it, or this process's death, has the driver's watchdog
	// kill the worker's process group (see driver.py start_watchdog).
	watch   *os.File
	exited  chan struct{}
	waitErr error
	once    sync.Once
	calls   int   // calls served; touched only by the call holding the worker
	rss0    int64 // resident bytes once ready (0: unknown)
}

type lineResult struct {
	line []byte
	err  error
}

// read delivers the driver's lines. A line while no request waits for
// one is output the protocol has no place for: the worker is killed (it
// is dropped when next taken from the pool).
//
// It then waits for the process: Wait closes the pipe, so it must not
// race the reads.
func (w *worker) read(r *bufio.Reader, limit int) {
	defer func() {
		w.waitErr = w.cmd.Wait()
		w.closeWatch() // the driver is gone: what it started goes too
		close(w.exited)
	}()
	for {
		line, err := readBounded(r, limit)
		if err == nil && !w.busy.Load() {
			w.broken.Store(true)
			killProcess(w.cmd) // not w.kill: it waits for exited, which this goroutine closes
			return
		}
		select {
		case w.lines <- lineResult{line, err}:
		default:
			// A line nobody has taken yet: a second answer to one
			// request is a broken worker; an end after it needs no
			// telling (exited says it).
			if err == nil {
				w.broken.Store(true)
				killProcess(w.cmd)
			}
			return
		}
		if err != nil {
			return
		}
	}
}

func readBounded(r *bufio.Reader, limit int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			if len(buf) > limit {
				return nil, fmt.Errorf("pyexec: result larger than %d bytes", limit)
			}
			continue
		}
		return buf, err
	}
}

func (w *worker) closeWatch() {
	if w.watch != nil {
		_ = w.watch.Close()
	}
}

func (w *worker) alive() bool {
	select {
	case <-w.exited:
		return false
	default:
		return !w.broken.Load()
	}
}

// close ends the driver (closing its stdin) and then its process group,
// so nothing a tool started outlives the worker.
func (w *worker) close() {
	w.once.Do(func() {
		_ = w.stdin.Close()
		select {
		case <-w.exited:
		case <-time.After(200 * time.Millisecond):
		}
		killProcess(w.cmd)
		<-w.exited
	})
}

func (w *worker) kill() {
	w.once.Do(func() {
		killProcess(w.cmd)
		_ = w.stdin.Close()
		<-w.exited
	})
}

// roundTrip sends request id and reads its reply; on timeout or
// cancellation the process is killed, and on a reply to another request
// too.
func (w *worker) roundTrip(ctx context.Context, id int64, req []byte) (*response, error) {
	w.busy.Store(true)
	defer w.busy.Store(false)
	if _, err := w.stdin.Write(append(req, '\n')); err != nil {
		return nil, w.crashed(err)
	}
	line, err := w.readLine(ctx)
	if err != nil {
		return nil, err
	}
	resp, err := decodeResponse(line, id)
	if err != nil {
		w.kill()
		return nil, fmt.Errorf("pyexec: %w; the worker was replaced", err)
	}
	return resp, nil
}

func (w *worker) readLine(ctx context.Context) ([]byte, error) {
	select {
	case r, ok := <-w.lines:
		if !ok {
			return nil, w.crashed(io.EOF)
		}
		if r.err != nil {
			if strings.HasPrefix(r.err.Error(), "pyexec:") {
				w.kill()
				return nil, r.err
			}
			return nil, w.crashed(r.err)
		}
		return r.line, nil
	case <-w.exited:
		select {
		case r := <-w.lines:
			if r.err == nil {
				return r.line, nil
			}
		default:
		}
		return nil, w.crashed(io.EOF)
	case <-ctx.Done():
		w.kill()
		return nil, fmt.Errorf("pyexec: %w (%v)", ErrTimeout, context.Cause(ctx))
	}
}

// crashed describes a process that died mid-call, with its stderr tail.
func (w *worker) crashed(err error) error {
	select {
	case <-w.exited:
	case <-time.After(2 * time.Second):
	}
	detail := strings.TrimSpace(w.stderr.String())
	return fmt.Errorf("pyexec: %w (%v; %v): %s", ErrCrashed, w.waitErr, err, detail)
}
