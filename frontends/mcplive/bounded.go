package mcplive

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
)

// errTooLarge ends a session whose server sent more than the limit.
var errTooLarge = errors.New("size limit exceeded")

// budget counts what the server sent, across reads and HTTP responses.
type budget struct {
	limit int64
	used  atomic.Int64
}

func (b *budget) spend(n int) error {
	if b.used.Add(int64(n)) > b.limit {
		return fmt.Errorf("the server sent more than %d bytes (raise --max-bytes): %w", b.limit, errTooLarge)
	}
	return nil
}

func (b *budget) exceeded() bool { return b.used.Load() > b.limit }

// boundedReader reads through a budget and keeps the first and the last
// bytes read, to show what a server that is not speaking JSON-RPC wrote.
type boundedReader struct {
	r    io.ReadCloser
	b    *budget
	mu   sync.Mutex
	head []byte
	last tail
}

const headSize = 200

func (br *boundedReader) Read(p []byte) (int, error) {
	n, err := br.r.Read(p)
	br.keep(p[:n])
	if berr := br.b.spend(n); berr != nil {
		return 0, berr
	}
	return n, err
}

func (br *boundedReader) Close() error { return br.r.Close() }

func (br *boundedReader) keep(p []byte) {
	br.mu.Lock()
	defer br.mu.Unlock()
	if room := headSize - len(br.head); room > 0 {
		br.head = append(br.head, p[:min(room, len(p))]...)
	}
	br.last.Write(p)
}

// recent is the last bytes read.
func (br *boundedReader) recent() []byte { return []byte(br.last.String()) }

func (br *boundedReader) first() []byte {
	br.mu.Lock()
	defer br.mu.Unlock()
	return append([]byte(nil), br.head...)
}

// tail keeps the last bytes written to it: a server's stderr.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 4 << 10

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - tailSize; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
