// Package agenttest is a fake model server of our own for tests: it speaks
// OpenAI-compatible Chat Completions (/v1/chat/completions), the OpenAI
// Responses API (/v1/responses) and Anthropic Messages (/v1/messages),
// always streaming, deterministically: a reply function (scripted turns,
// or Rules) decides each answer from the request, text streams in small
// pieces, tool calls come in fragments, usage is counted from the bytes
// sent and received, and the first FailFirst requests get 429.
package agenttest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"

	"github.com/tscg/tscg/runtime/agent"
)

// Turn is one model reply.
type Turn struct {
	Text  string
	Calls []Call
	// Status, when set, answers the request with this HTTP status and
	// Text as the error message instead.
	Status int
}

// Call is one tool call of a reply.
type Call struct {
	ID, Name  string
	Arguments string // JSON
}

// Seen is a request as the fake understood it.
type Seen struct {
	Provider    string // "chat", "responses" or "anthropic"
	Model       string
	System      string
	Messages    []agent.Message // without the system message
	Tools       []agent.ToolDef
	Temperature *float64
	Header      http.Header
	Body        []byte
}

// LastUser is the last user message's text.
func (s Seen) LastUser() string {
	for i := len(s.Messages) - 1; i >= 0; i-- {
		if s.Messages[i].Role == agent.RoleUser {
			return s.Messages[i].Content
		}
	}
	return ""
}

// ToolResults are the tool messages after the last assistant message.
func (s Seen) ToolResults() []agent.Message {
	var out []agent.Message
	for i := len(s.Messages) - 1; i >= 0 && s.Messages[i].Role == agent.RoleTool; i-- {
		out = append([]agent.Message{s.Messages[i]}, out...)
	}
	return out
}

// Server is a running fake. Its fields may be set before the first request.
type Server struct {
	// URL is the server's root (http://127.0.0.1:port).
	URL string
	// Reply answers a request (default Rules).
	Reply func(Seen) Turn
	// FailFirst is the number of requests answered 429 (Retry-After: 0)
	// before any is answered.
	FailFirst int
	// ChunkSize is the number of bytes of text per stream event (default 6).
	ChunkSize int

	ts   *httptest.Server
	mu   sync.Mutex
	seen []Seen
	n    int
}

// New starts a fake on a loopback port; reply nil means Rules.
func New(reply func(Seen) Turn) *Server {
	s := &Server{Reply: reply}
	s.ts = httptest.NewServer(s)
	s.URL = s.ts.URL
	return s
}

// Close stops the server.
func (s *Server) Close() { s.ts.Close() }

// BaseURL is the base URL a client of provider is configured with.
func (s *Server) BaseURL(provider string) string {
	if provider == agent.ProviderAnthropic {
		return s.URL
	}
	return s.URL + "/v1"
}

// Requests returns the requests answered so far (429s excluded).
func (s *Server) Requests() []Seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Seen(nil), s.seen...)
}

// Attempts is the number of requests received, 429s included.
func (s *Server) Attempts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	provider := map[string]string{"/v1/chat/completions": "chat", "/v1/responses": "responses", "/v1/messages": "anthropic"}[r.URL.Path]
	if provider == "" || r.Method != http.MethodPost {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	s.n++
	fail := s.n <= s.FailFirst
	s.mu.Unlock()
	if fail {
		w.Header().Set("Retry-After", "0")
		writeError(w, http.StatusTooManyRequests, "rate limited (fake)")
		return
	}
	seen, err := decode(provider, body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	seen.Header, seen.Body = r.Header.Clone(), body
	s.mu.Lock()
	s.seen = append(s.seen, seen)
	s.mu.Unlock()
	reply := s.Reply
	if reply == nil {
		reply = Rules
	}
	turn := reply(seen)
	if turn.Status != 0 {
		writeError(w, turn.Status, turn.Text)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	st := &stream{w: w, chunk: s.ChunkSize, usage: usageOf(body, turn)}
	if st.chunk <= 0 {
		st.chunk = 6
	}
	switch provider {
	case "chat":
		st.chat(turn)
	case "responses":
		st.responses(turn)
	default:
		st.anthropic(turn)
	}
}

func writeError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": msg, "type": "fake_error"}})
	_, _ = w.Write(b)
}

// usageOf counts tokens as bytes/4, rounded up: deterministic, and larger
// catalogs cost more, as they do with a real tokenizer.
func usageOf(body []byte, t Turn) agent.Usage {
	out := len(t.Text)
	for _, c := range t.Calls {
		out += len(c.Name) + len(c.Arguments)
	}
	return agent.Usage{InputTokens: (len(body) + 3) / 4, OutputTokens: (out + 3) / 4}
}

var (
	callRE  = regexp.MustCompile(`(?s)\bcall (\w+) with (\{.*\})`)
	skillRE = regexp.MustCompile(`\bload (?:the )?skill ([a-z0-9-]+)`)
	replyRE = regexp.MustCompile(`(?m)^REPLY: (.*)$`)
)

// Rules is the default reply: after tool results it reports them
// ("NAME said: CONTENT"); a user message with a line "REPLY: TEXT" is
// answered TEXT (FORMALIZE's prompts embed the text), "call NAME with
// {JSON}" calls that tool, "load skill NAME" calls load_skill; anything
// else is echoed as "You said: TEXT".
func Rules(s Seen) Turn {
	if res := s.ToolResults(); len(res) > 0 {
		var parts []string
		for _, m := range res {
			parts = append(parts, fmt.Sprintf("%s said: %s", nameOf(s, m.ToolCallID), m.Content))
		}
		return Turn{Text: strings.Join(parts, "\n")}
	}
	user := s.LastUser()
	if m := replyRE.FindStringSubmatch(user); m != nil {
		return Turn{Text: m[1]}
	}
	if m := callRE.FindStringSubmatch(user); m != nil {
		return Turn{Text: "Calling " + m[1] + ".", Calls: []Call{{Name: m[1], Arguments: m[2]}}}
	}
	if m := skillRE.FindStringSubmatch(user); m != nil {
		return Turn{Calls: []Call{{Name: "load_skill", Arguments: fmt.Sprintf(`{"name":%q}`, m[1])}}}
	}
	return Turn{Text: "You said: " + user}
}

// nameOf finds the tool name of a call id in the conversation, latest
// first (the fake's ids repeat from one reply to the next).
func nameOf(s Seen, id string) string {
	for i := len(s.Messages) - 1; i >= 0; i-- {
		m := s.Messages[i]
		for _, c := range m.ToolCalls {
			if c.ID == id {
				return c.Name
			}
		}
	}
	return "the tool"
}

// Script returns a reply function that answers with turns in order, and
// then with the last one again.
func Script(turns ...Turn) func(Seen) Turn {
	var mu sync.Mutex
	i := 0
	return func(Seen) Turn {
		mu.Lock()
		defer mu.Unlock()
		t := turns[min(i, len(turns)-1)]
		i++
		return t
	}
}
