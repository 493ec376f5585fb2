package mcp

import (
	"context"
	"errors"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Drain wraps a transport so that the end of its input waits for the
// answers to the requests already read. A client that writes its requests
// and closes stdin (a shell pipe, a test) then gets every answer; the
// plain transport would drop the calls still running.
func Drain(t sdk.Transport) sdk.Transport { return drainTransport{t} }

type drainTransport struct{ sdk.Transport }

func (d drainTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	c, err := d.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	dc := &drainConn{Connection: c, idle: make(chan struct{})}
	close(dc.idle)
	return dc, nil
}

// drainConn counts requests read and responses written.
type drainConn struct {
	sdk.Connection
	mu      sync.Mutex
	pending int
	idle    chan struct{} // closed when pending is 0
}

func (c *drainConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if errors.Is(err, io.EOF) {
		c.mu.Lock()
		idle := c.idle
		c.mu.Unlock()
		select {
		case <-idle:
		case <-ctx.Done():
		}
		return nil, err
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.ID.IsValid() {
		c.mu.Lock()
		if c.pending == 0 {
			c.idle = make(chan struct{})
		}
		c.pending++
		c.mu.Unlock()
	}
	return msg, err
}

func (c *drainConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	err := c.Connection.Write(ctx, msg)
	if _, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		if c.pending > 0 {
			c.pending--
			if c.pending == 0 {
				close(c.idle)
			}
		}
		c.mu.Unlock()
	}
	return err
}
