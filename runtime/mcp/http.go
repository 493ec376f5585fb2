package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
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

	// AuthToken, when set, must come with every request, /metrics too, as
	// "Authorization: Bearer <token>".
	AuthToken string
	// AllowedOrigins are the browser origins (scheme://host[:port]) that
	// may call the server; a request with another Origin header gets 403.
	// Nil allows loopback origins only (http://localhost:*, 127.0.0.1,
	// [::1]), as the MCP specification asks of local servers.
	AllowedOrigins []string
	// MaxSessions bounds the MCP sessions open at once (default 1000); an
	// initialize beyond it gets 503.
	MaxSessions int
	// SessionTimeout closes a session that made no request for this long
	// (default 30 minutes).
	SessionTimeout time.Duration
	// ReadTimeout bounds reading one request, body included (default 30s):
	// a client that stalls mid-upload is cut off. Responses have no write
	// timeout, since an SSE stream lasts as long as its session.
	ReadTimeout time.Duration
	// IdleTimeout closes a keep-alive connection idle this long (default 2m).
	IdleTimeout time.Duration
	// MaxInFlight bounds the request bodies being read at once (default
	// 32), and so the memory slow uploads can hold; more get 503. Calls
	// being handled do not count (MaxConcurrent bounds those per tool).
	MaxInFlight int
}

func (o HTTPOptions) withDefaults() HTTPOptions {
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.ShutdownGrace <= 0 {
		o.ShutdownGrace = 10 * time.Second
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = 1000
	}
	if o.SessionTimeout <= 0 {
		o.SessionTimeout = 30 * time.Minute
	}
	if o.ReadTimeout <= 0 {
		o.ReadTimeout = 30 * time.Second
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = 2 * time.Minute
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = 32
	}
	return o
}

// DefaultMaxBodyBytes is HTTPOptions.MaxBodyBytes when unset.
const DefaultMaxBodyBytes = 4 << 20

// Handler returns the HTTP handler: MCP streamable HTTP at / and /mcp,
// and /metrics when opts.Metrics is set. The go-sdk's streamable handler
// serves the protocol; a plain tools/call of an initialized session is
// answered by tscg's fast path as the go-sdk would answer it (see
// httpSessions).
func (s *Server) Handler(opts HTTPOptions) http.Handler {
	opts = opts.withDefaults()
	limit := opts.MaxBodyBytes
	// The go-sdk's own Host check is off: guard's one rule holds for every
	// endpoint (the go-sdk refused Host: LOCALHOST on /mcp, guard let it
	// reach /metrics; host names are case-insensitive, so both take it).
	// The go-sdk's idle timer is off: httpSessions keeps one that counts
	// the calls its fast path answers too.
	mcpH := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.sdk },
		&sdk.StreamableHTTPOptions{Logger: s.log, MaxRequestBodyBytes: limit, DisableLocalhostProtection: true})
	sessions := newHTTPSessions(s, opts.SessionTimeout)
	mux := http.NewServeMux()
	mux.Handle("/", s.countPosts(bodyLimit(limit, strictEnvelope(opts.ReadTimeout, opts.MaxInFlight, s.sessionLimit(opts.MaxSessions, sessions.wrap(mcpH))))))
	if m := opts.Metrics; m != nil {
		mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
			_ = m.WritePrometheus(w)
		})
	}
	return guardOf(opts).wrap(mux)
}

// Protect applies the rules every tscg HTTP endpoint follows to another
// handler (tscg agent --http's chat API and panel): the bearer token when
// opts.AuthToken is set, the Origin allow-list (loopback origins by
// default), the loopback Host check against DNS rebinding, and
// opts.MaxBodyBytes on request bodies.
func Protect(next http.Handler, opts HTTPOptions) http.Handler {
	opts = opts.withDefaults()
	return guardOf(opts).wrap(bodyLimit(opts.MaxBodyBytes, next))
}

func guardOf(opts HTTPOptions) guard {
	g := guard{token: opts.AuthToken}
	if opts.AllowedOrigins != nil {
		g.origins = map[string]bool{}
		for _, o := range opts.AllowedOrigins {
			g.origins[strings.ToLower(strings.TrimRight(o, "/"))] = true
		}
	}
	return g
}

// sessionLimit answers 503 to a new session (a POST without a session
// id) when max sessions are open.
func (s *Server) sessionLimit(max int, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
			n := 0
			for range s.sdk.Sessions() {
				n++
			}
			if n >= max {
				w.Header().Set("Retry-After", "5")
				http.Error(w, fmt.Sprintf("server busy: %d sessions open, the limit; retry later", n), http.StatusServiceUnavailable) // the body was read
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// bodyLimit refuses a declared oversize body up front and caps the rest
// (the go-sdk enforces its own limit too; this one holds for any path).
func bodyLimit(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > limit {
			refuse(w, r, http.StatusRequestEntityTooLarge, "request body too large")
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
	opts = opts.withDefaults()
	grace := opts.ShutdownGrace
	// No http.Server ReadTimeout: its deadline stays on the connection and
	// would cancel a long call or an SSE stream; the body's read deadline
	// is set, and cleared, around reading the body (strictEnvelope).
	hs := &http.Server{Handler: s.Handler(opts), ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout: opts.IdleTimeout, MaxHeaderBytes: 64 << 10}
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
	// Closing a session waits for its connection's handlers, and a
	// response stream may wait for the session: bound it, then cut the
	// connections (a call answered during the grace stalled shutdown here
	// until a second signal).
	closed := make(chan struct{})
	go func() {
		for ss := range s.sdk.Sessions() {
			_ = ss.Close()
		}
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(time.Second):
		_ = hs.Close()
		select {
		case <-closed:
		case <-time.After(time.Second):
		}
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

// countPosts counts the POSTs being answered: a call's handler returns
// before the go-sdk writes its answer to the POST's stream, and closing
// the session in between would end that stream without the answer.
func (s *Server) countPosts(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			s.posts.Add(1)
			defer s.posts.Add(-1)
		}
		next.ServeHTTP(w, r)
	})
}

// drain waits until no call is running and every POST has its answer,
// or ctx ends.
func (s *Server) drain(ctx context.Context) {
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for s.active.Load() > 0 || s.posts.Load() > 0 {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
