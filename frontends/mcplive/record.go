package mcplive

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// recorder wraps a transport to keep the raw result of every tools/list
// call: the go-sdk client decodes schemas into maps, which loses the
// order of properties the server sent.
type recorder struct {
	mcp.Transport
	mu       sync.Mutex
	pending  map[any]bool
	pages    []json.RawMessage
	protocol string // the negotiated version, for HTTP headers
}

func newRecorder(t mcp.Transport) *recorder {
	return &recorder{Transport: t, pending: map[any]bool{}}
}

func (r *recorder) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := r.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &recordingConn{Connection: c, r: r}, nil
}

func (r *recorder) sent(req *jsonrpc.Request) {
	if req.Method == "tools/list" && req.ID.IsValid() {
		r.mu.Lock()
		r.pending[req.ID.Raw()] = true
		r.mu.Unlock()
	}
}

func (r *recorder) received(resp *jsonrpc.Response) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pending[resp.ID.Raw()] && resp.Error == nil {
		delete(r.pending, resp.ID.Raw())
		r.pages = append(r.pages, resp.Result)
	}
}

// takePage returns the raw result recorded last.
func (r *recorder) takePage() json.RawMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.pages) == 0 {
		return nil
	}
	p := r.pages[len(r.pages)-1]
	r.pages = r.pages[:len(r.pages)-1]
	return p
}

func (r *recorder) setProtocol(v string) {
	r.mu.Lock()
	r.protocol = v
	r.mu.Unlock()
}

func (r *recorder) protocolVersion() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.protocol
}

type recordingConn struct {
	mcp.Connection
	r *recorder
}

func (c *recordingConn) Write(ctx context.Context, m jsonrpc.Message) error {
	if req, ok := m.(*jsonrpc.Request); ok {
		c.r.sent(req)
	}
	return c.Connection.Write(ctx, m)
}

func (c *recordingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if resp, ok := m.(*jsonrpc.Response); ok && err == nil {
		c.r.received(resp)
	}
	return m, err
}
