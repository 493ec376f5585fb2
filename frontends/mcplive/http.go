package mcplive

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpTransport adds the configured headers and bearer token to every
// request and counts response bodies against the budget.
type httpTransport struct {
	base    http.RoundTripper
	headers map[string]string
	token   string
	b       *budget
	rec     *recorder
}

func (t *httpTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	for k, v := range t.headers {
		req.Header.Set(k, v)
	}
	if t.token != "" {
		req.Header.Set("Authorization", "Bearer "+t.token)
	}
	// The recorder hides the session state from the go-sdk's connection,
	// which would otherwise send the negotiated version itself.
	if v := t.rec.protocolVersion(); v != "" && req.Header.Get("Mcp-Protocol-Version") == "" {
		req.Header.Set("Mcp-Protocol-Version", v)
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		resp.Body.Close()
		return nil, fmt.Errorf("%s %s: %s (check --header and --bearer-env)", req.Method, req.URL.Redacted(), resp.Status)
	}
	resp.Body = &boundedReader{r: resp.Body, b: t.b}
	return resp, nil
}

func takeHTTP(ctx context.Context, s *Server, lim Limits, b *budget) (*Snapshot, error) {
	token := ""
	if s.BearerEnv != "" {
		token = strings.TrimSpace(os.Getenv(s.BearerEnv))
		if token == "" {
			return nil, &Error{Server: s.Label(), Err: fmt.Errorf("the bearer token variable %s is empty or unset", s.BearerEnv)}
		}
	}
	ht := &httpTransport{base: http.DefaultTransport, headers: s.Headers, token: token, b: b}
	rec := newRecorder(&mcp.StreamableClientTransport{Endpoint: s.URL, HTTPClient: &http.Client{Transport: ht},
		MaxRetries: -1, DisableStandaloneSSE: true})
	ht.rec = rec
	snap, err := session(ctx, rec, lim)
	if err != nil {
		if b.exceeded() {
			err = fmt.Errorf("the server sent more than %d bytes (raise --max-bytes)", b.limit)
		}
		return nil, &Error{Server: s.Label(), Err: err}
	}
	return snap, nil
}
