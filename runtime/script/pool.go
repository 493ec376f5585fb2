package script

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tscg/tscg/runtime/internal/workerproc"
)

// PoolConfig configures a Pool.
type PoolConfig struct {
	// Command starts one worker: a program that calls ServeWorker on its
	// stdin and stdout (tscg's: the tscg binary with "__script-worker").
	Command []string
	// Env is the workers' whole environment; nothing of the host's is
	// passed on. MaxMemoryEnv is added.
	Env []string
	// Size is the number of workers, kept warm, and so of scripts running
	// at once (default 2); further runs wait for a free worker. Each level
	// of sub-scripts (Options.MaxDepth) has Size slots of its own: a
	// sub-script never waits for a slot its own caller holds.
	Size int
	// MaxMemory is the address space in bytes a worker may add to what it
	// uses at start (default 1 GiB): an allocation past it kills the
	// worker, not the host.
	MaxMemory int64
	// Grace is how long past a run's Timeout the host waits for the
	// worker's own timeout report before it kills the worker (default 1s).
	Grace time.Duration
	// MaxRuns retires a worker after this many runs (default 1000;
	// negative: never), and MaxRSSGrowth once its resident memory grew by
	// more than this many bytes since it started (default 256 MiB;
	// negative: never; Linux only): a heap that grew for one large script
	// is not kept for every later one.
	MaxRuns      int
	MaxRSSGrowth int64
}

// Pool runs scripts in worker processes (see Options.Pool). It is safe
// for concurrent use; Close stops the workers.
type Pool struct {
	cfg    PoolConfig
	smu    sync.Mutex
	sems   []chan struct{} // by depth: Size runs at once at each level
	idle   chan *worker
	nextID atomic.Int64

	workers workerproc.Set[*worker]

	retire  workerproc.Retire
	retired atomic.Int64
}

// Retired is how many workers were retired (PoolConfig.Retire).
func (p *Pool) Retired() int64 { return p.retired.Load() }

// NewPool starts one worker at once, so a Command that does not work is
// an error here, and the others in the background.
func NewPool(cfg PoolConfig) (*Pool, error) {
	if len(cfg.Command) == 0 {
		return nil, errors.New("script pool: no worker command")
	}
	if cfg.Size <= 0 {
		cfg.Size = 2
	}
	if cfg.MaxMemory <= 0 {
		cfg.MaxMemory = 1 << 30
	}
	if cfg.Grace <= 0 {
		cfg.Grace = time.Second
	}
	p := &Pool{cfg: cfg, idle: make(chan *worker, cfg.Size),
		retire: workerproc.Retire{MaxCalls: cfg.MaxRuns, MaxRSSGrowth: cfg.MaxRSSGrowth}.WithDefaults()}
	w, err := p.start()
	if err != nil {
		return nil, err
	}
	p.idle <- w
	for i := 1; i < cfg.Size; i++ {
		go p.refill()
	}
	return p, nil
}

// refill starts a worker for the idle list, so the next run does not pay
// the start-up.
func (p *Pool) refill() {
	w, err := p.start()
	if err != nil {
		return // the next run starts one itself and reports the error
	}
	select {
	case p.idle <- w:
	default:
		w.kill()
		p.workers.Forget(w)
	}
}

// Close stops every worker; runs in flight fail.
func (p *Pool) Close() error {
	for _, w := range p.workers.Close() {
		w.kill()
	}
	return nil
}

// start launches a worker and waits for its ready line.
func (p *Pool) start() (*worker, error) {
	if p.workers.Closed() {
		return nil, errors.New("script pool is closed")
	}
	cmd := exec.Command(p.cfg.Command[0], p.cfg.Command[1:]...)
	cmd.Env = append(append([]string(nil), p.cfg.Env...), MaxMemoryEnv+"="+strconv.FormatInt(p.cfg.MaxMemory, 10))
	workerAttr(cmd)
	w := &worker{cmd: cmd, stderr: workerproc.NewStderr(4<<10, isCause), exited: make(chan struct{}), msgs: make(chan message, 16)}
	stdin, stdout, err := workerproc.Start(cmd, w.stderr)
	if err != nil {
		return nil, fmt.Errorf("script pool: start %s: %w", p.cfg.Command[0], err)
	}
	w.stdin = stdin
	out := bufio.NewReaderSize(stdout, 1<<20)
	ready := make(chan error, 1)
	// One goroutine reads everything the worker writes and only then
	// waits for it: Wait closes the pipe, so it must not race the reads.
	go func() {
		m, err := readMessage(out)
		if err == nil && m.Op != "ready" {
			err = fmt.Errorf("unexpected first message %q", m.Op)
		}
		ready <- err
		if err == nil {
			w.read(out)
		} else {
			close(w.msgs)
			killGroup(cmd)
		}
		_ = cmd.Wait()
		close(w.exited)
	}()
	select {
	case err = <-ready:
	case <-time.After(30 * time.Second):
		err = errors.New("no ready message within 30s")
	}
	if err != nil {
		w.kill()
		return nil, fmt.Errorf("script pool: the worker did not start: %v %s", err, strings.TrimSpace(w.stderr.String()))
	}
	w.rss0 = workerproc.RSS(cmd.Process.Pid)
	if !p.workers.Add(w) {
		w.kill()
		return nil, errors.New("script pool is closed")
	}
	return w, nil
}

// slots is the semaphore of runs at depth (0: scripts the model called).
// Levels do not share slots, so a run waits only for runs at its own
// depth, which wait only for deeper ones, down to the deepest, which
// start no sub-scripts: no cycle of waits.
func (p *Pool) slots(depth int) chan struct{} {
	p.smu.Lock()
	defer p.smu.Unlock()
	for len(p.sems) <= depth {
		p.sems = append(p.sems, make(chan struct{}, p.cfg.Size))
	}
	return p.sems[depth]
}

// get takes an idle worker, or starts one, for a run at depth.
func (p *Pool) get(ctx context.Context, depth int) (*worker, error) {
	sem := p.slots(depth)
	select {
	case sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	for {
		select {
		case w := <-p.idle:
			if w.alive() {
				w.slot = sem
				return w, nil
			}
			p.workers.Forget(w)
			continue
		default:
		}
		w, err := p.start()
		if err != nil {
			<-sem
			return nil, err
		}
		w.slot = sem
		return w, nil
	}
}

// put returns a worker after a run: a healthy one to the idle list, a
// dead one is replaced.
func (p *Pool) put(w *worker, healthy bool) {
	<-w.slot
	if healthy && w.alive() {
		w.runs++
		if _, due := p.retire.Due(w.runs, w.rss0, workerproc.RSS(w.cmd.Process.Pid)); due {
			// No background refill: the next get starts a worker on demand
			// (one start per MaxRuns runs). A refill racing that start
			// left two fresh workers, one killed unused at its put, and
			// the run count of the pool's worker lost.
			p.retired.Add(1)
			w.kill()
			p.workers.Forget(w)
			return
		}
		select {
		case p.idle <- w:
			return
		default: // a refill got there first: keep Size workers
			healthy = false
		}
	} else {
		go p.refill()
	}
	w.kill()
	p.workers.Forget(w)
}

// worker is one worker process, seen from the host.
type worker struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *workerproc.Stderr
	exited chan struct{}
	msgs   chan message // closed when the worker's output ends or breaks

	smu     sync.Mutex // guards writes and current
	current int64      // the run in progress; 0 when idle
	once    sync.Once
	broken  atomic.Value  // string: why the protocol broke
	runs    int           // runs served; touched only by the run holding the worker
	slot    chan struct{} // the semaphore of the run holding it
	rss0    int64         // resident bytes once ready (0: unknown)
}

// read delivers the worker's messages; output while no run is in
// progress is a broken worker.
func (w *worker) read(r *bufio.Reader) {
	defer close(w.msgs)
	for {
		m, err := readMessage(r)
		if err != nil {
			// os.ErrClosed is the end of output too: cmd.Wait closes
			// the pipe once the process has exited, which may come
			// before this read (the race a loaded machine shows).
			if !errors.Is(err, io.EOF) && !errors.Is(err, os.ErrClosed) {
				w.broken.Store(err.Error())
				w.kill()
			}
			return
		}
		w.smu.Lock()
		idle := w.current == 0
		w.smu.Unlock()
		if idle {
			w.broken.Store(fmt.Sprintf("output while idle (%q)", m.Op))
			w.kill()
			return
		}
		w.msgs <- m
	}
}

func (w *worker) alive() bool {
	select {
	case <-w.exited:
		return false
	default:
		return w.broken.Load() == nil
	}
}

func (w *worker) kill() {
	w.once.Do(func() {
		killGroup(w.cmd)
		_ = w.stdin.Close()
	})
}

// begin marks run id as the worker's and sends it.
func (w *worker) begin(m message) error {
	w.smu.Lock()
	defer w.smu.Unlock()
	w.current = m.ID
	return w.write(m)
}

// reply sends a message of run id, unless that run is over: a call that
// returns after its script ended is not sent to the next script.
func (w *worker) reply(m message) {
	w.smu.Lock()
	defer w.smu.Unlock()
	if w.current == m.ID {
		_ = w.write(m)
	}
}

func (w *worker) end() {
	w.smu.Lock()
	w.current = 0
	w.smu.Unlock()
}

func (w *worker) write(m message) error {
	b, err := jsonLine(m)
	if err != nil {
		return err
	}
	_, err = w.stdin.Write(b)
	return err
}

// isCause picks the line of a worker's stderr that says why it died.
func isCause(l string) bool {
	return strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "runtime: ") || l == cpuLimitMessage
}
