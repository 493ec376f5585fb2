package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/runtime"
)

// HTTPOptions configure the streamable HTTP endpoint.
type HTTPOptions struct {
	// MaxBodyBytes bounds a request body (default 4 MiB); a larger body
	// is refused with 413 before it is read.
	MaxBodyBytes int64
	// Metrics, when set, is served at /metrics in the Prometheus text
	// format (the registry should be built WithMetrics(Metrics)).
	Metrics *runtime.MemoryMetrics
	// ShutdownGrace is how long Serve waits for calls in flight when its
	// context ends (default 10s).
	ShutdownGrace time.Duration
}

// DefaultMaxBodyBytes is HTTPOptions.MaxBodyBytes when unset.
const DefaultMaxBodyBytes = 4 << 20

// Handler returns the HTTP handler: MCP streamable HTTP at / and /mcp,
// and /metrics when opts.Metrics is set.
func (s *Server) Handler(opts HTTPOptions) http.Handler {
	limit := opts.MaxBodyBytes
	if limit <= 0 {
		limit = DefaultMaxBodyBytes
	}
	mcpH := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.sdk },
		&sdk.StreamableHTTPOptions{Logger: s.log, MaxRequestBodyBytes: limit})
	mux := http.NewServeMux()
	mux.Handle("/", bodyLimit(limit, mcpH))
	if m := opts.Metrics; m != nil {
		mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
			_ = m.WritePrometheus(w)
		})
	}
	return mux
}

// bodyLimit refuses a declared oversize body up front and caps the rest
// (the go-sdk enforces its own limit too; this one holds for any path).
func bodyLimit(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > limit {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// Serve serves HTTP on ln until ctx ends, then shuts down gracefully:
// it stops accepting, closes MCP sessions (ending their streams) and
// waits up to ShutdownGrace for calls in flight.
func (s *Server) Serve(ctx context.Context, ln net.Listener, opts HTTPOptions) error {
	grace := opts.ShutdownGrace
	if grace <= 0 {
		grace = 10 * time.Second
	}
	hs := &http.Server{Handler: s.Handler(opts), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	hs.SetKeepAlivesEnabled(false)
	shut := make(chan error, 1)
	go func() { shut <- hs.Shutdown(sctx) }()
	s.drain(sctx) // calls in flight finish before their sessions go away
	unfinished := s.active.Load()
	for ss := range s.sdk.Sessions() {
		_ = ss.Close()
	}
	// With no call left, a stream still open (a client's idle SSE GET)
	// holds nothing worth waiting for.
	var err error
	select {
	case err = <-shut:
	case <-time.After(time.Second):
		_ = hs.Close()
		err = <-shut
	}
	<-errc
	if unfinished > 0 {
		return fmt.Errorf("shutdown: %d calls still running after %s", unfinished, grace)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}

// drain waits until no call is running or ctx ends.
func (s *Server) drain(ctx context.Context) {
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for s.active.Load() > 0 {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
