package mcp

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configure a Server.
type Options struct {
	// Name and Version identify the server to clients (default "tscg").
	Name, Version string
	// Instructions are sent to clients at initialization.
	Instructions string
	// Logger receives the server's own events (nil: discarded).
	Logger *slog.Logger
	// MaxConcurrent bounds the calls of one tool running at once; further
	// calls wait in a bounded queue. 0 means unbounded.
	MaxConcurrent int
	// MaxQueue bounds the calls of one tool waiting for a slot (default
	// 4 × MaxConcurrent); a call beyond it is refused as busy at once.
	MaxQueue int
	// QueueTimeout bounds a call's wait for a slot (default 10s); then it
	// is refused as busy.
	QueueTimeout time.Duration
}

func (o Options) maxQueue() int {
	if o.MaxQueue > 0 {
		return o.MaxQueue
	}
	return 4 * o.MaxConcurrent
}

func (o Options) queueTimeout() time.Duration {
	if o.QueueTimeout > 0 {
		return o.QueueTimeout
	}
	return 10 * time.Second
}

// Server serves a ToolSet over MCP. It is safe for concurrent use.
type Server struct {
	sdk       *sdk.Server
	opts      Options
	log       *slog.Logger
	cur       atomic.Pointer[snapshot]
	active    atomic.Int64 // calls running, for graceful shutdown
	posts     atomic.Int64 // HTTP POSTs being answered, for graceful shutdown
	fastCalls atomic.Int64 // tools/call answered by a fast path (RunIO's, the HTTP handler's)
	// noFastHTTP hands every HTTP POST to the go-sdk (tests compare both).
	noFastHTTP bool

	sendOnce sync.Once
	send     sdk.MethodHandler // the go-sdk's sending handler, for per-session notifications

	mu       sync.Mutex
	sessions map[*sdk.ServerSession]*sessionState
}

// protocolVersions are the session-based versions the server speaks;
// the stateless 2026-07-28 protocol has no session to hold loaded skills.
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// NewServer returns a server exposing set.
func NewServer(set *ToolSet, opts Options) *Server {
	if opts.Name == "" {
		opts.Name = "tscg"
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{opts: opts, log: log, sessions: map[*sdk.ServerSession]*sessionState{}}
	s.cur.Store(newSnapshot(set, opts.MaxConcurrent))
	s.sdk = sdk.NewServer(&sdk.Implementation{Name: opts.Name, Version: opts.Version}, &sdk.ServerOptions{
		Instructions:              opts.Instructions,
		Logger:                    log,
		Capabilities:              &sdk.ServerCapabilities{Tools: &sdk.ToolCapabilities{ListChanged: true}},
		SupportedProtocolVersions: protocolVersions,
	})
	s.sdk.AddSendingMiddleware(s.captureSend)
	s.sdk.AddReceivingMiddleware(s.tools)
	return s
}

// SDK returns the underlying go-sdk server, e.g. to add prompts or
// resources, or middleware. Receiving middleware does not see the plain
// tools/call requests RunIO and Handler answer on their fast paths; use
// Run (StrictIO or any go-sdk transport) when it must.
func (s *Server) SDK() *sdk.Server { return s.sdk }

// ToolSet returns the tool set being served.
func (s *Server) ToolSet() *ToolSet { return s.cur.Load().set }

// Run serves one session on t (e.g. &sdk.StdioTransport{}) until the
// client disconnects or ctx is done.
func (s *Server) Run(ctx context.Context, t sdk.Transport) error { return s.sdk.Run(ctx, t) }

// Connect starts a session on t and returns without waiting (tests use it
// with sdk.NewInMemoryTransports).
func (s *Server) Connect(ctx context.Context, t sdk.Transport) (*sdk.ServerSession, error) {
	return s.sdk.Connect(ctx, t, nil)
}

// Swap replaces the served tool set atomically: every request after it
// sees the whole new set, none a mix. Every session is told its tool
// list changed; sessions keep their loaded skills.
func (s *Server) Swap(set *ToolSet) {
	s.cur.Store(newSnapshot(set, s.opts.MaxConcurrent))
	for ss := range s.sdk.Sessions() {
		s.notify(ss)
	}
}

// captureSend keeps the go-sdk's sending handler: it is the only way to
// send a notification to one session (the SDK notifies all sessions, and
// only when its own tool set changes).
func (s *Server) captureSend(next sdk.MethodHandler) sdk.MethodHandler {
	s.sendOnce.Do(func() { s.send = next })
	return next
}

// notify sends notifications/tools/list_changed to one session.
func (s *Server) notify(ss *sdk.ServerSession) {
	req := &sdk.ServerRequest[*sdk.ToolListChangedParams]{Session: ss, Params: &sdk.ToolListChangedParams{}}
	if _, err := s.send(context.Background(), "notifications/tools/list_changed", req); err != nil {
		s.log.Warn("tools/list_changed not delivered", slog.String("session", ss.ID()), slog.Any("error", err))
	}
}

// tools answers tools/list and tools/call from the current snapshot; the
// go-sdk's own (empty) tool set is never consulted.
func (s *Server) tools(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		switch r := req.(type) {
		case *sdk.ListToolsRequest:
			if method == "tools/list" {
				return s.list(r.Session), nil
			}
		case *sdk.CallToolRequest:
			if method == "tools/call" {
				return s.call(ctx, r), nil
			}
		}
		return next(ctx, method, req)
	}
}

// list renders the tools the session may see, sorted by name.
func (s *Server) list(ss *sdk.ServerSession) *sdk.ListToolsResult {
	snap := s.cur.Load()
	res := &sdk.ListToolsResult{Tools: []*sdk.Tool{}}
	names := snap.names
	if sk := s.skillSession(ss, snap); sk != nil {
		names = sk.ActiveTools()
	}
	for _, n := range names {
		if t := snap.tools[n]; t != nil {
			res.Tools = append(res.Tools, snap.forSession(t, names))
		}
	}
	return res
}
