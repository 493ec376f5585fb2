package mcplive

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bearerServer is a go-sdk streamable HTTP server with n tools, served
// two a page, that refuses requests without the token.
func bearerServer(t *testing.T, token string, n int) *httptest.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "http-test", Version: "2.0"}, &mcp.ServerOptions{PageSize: 2})
	for i := range n {
		mcp.AddTool(s, &mcp.Tool{Name: fmt.Sprintf("fetch_%d", i), Description: "Fetch a page."},
			func(context.Context, *mcp.CallToolRequest, struct {
				URL string `json:"url"`
			}) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+token || r.Header.Get("X-Team") != "tools" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestHTTPBearer(t *testing.T) {
	srv := bearerServer(t, "s3cret", 5)
	t.Setenv("TSCG_TEST_TOKEN", "s3cret")
	s, err := take(t, Server{URL: srv.URL, BearerEnv: "TSCG_TEST_TOKEN", Headers: map[string]string{"X-Team": "tools"}}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tools) != 5 || s.Name != "http-test" || s.Pages != 3 {
		t.Errorf("got %v from %q in %d pages", names(s), s.Name, s.Pages)
	}
}

func TestHTTPWrongToken(t *testing.T) {
	srv := bearerServer(t, "s3cret", 1)
	t.Setenv("TSCG_TEST_TOKEN", "guess")
	_, err := take(t, Server{URL: srv.URL, BearerEnv: "TSCG_TEST_TOKEN", Headers: map[string]string{"X-Team": "tools"}}, Limits{})
	wantErr(t, err, "401 Unauthorized", "--bearer-env")
}

func TestHTTPTokenUnset(t *testing.T) {
	t.Setenv("TSCG_TEST_TOKEN", "")
	_, err := take(t, Server{URL: "http://127.0.0.1:1/mcp", BearerEnv: "TSCG_TEST_TOKEN"}, Limits{})
	wantErr(t, err, "TSCG_TEST_TOKEN is empty or unset")
}

func TestHTTPSizeLimit(t *testing.T) {
	srv := bearerServer(t, "s3cret", 200)
	t.Setenv("TSCG_TEST_TOKEN", "s3cret")
	_, err := take(t, Server{URL: srv.URL, BearerEnv: "TSCG_TEST_TOKEN", Headers: map[string]string{"X-Team": "tools"}}, Limits{MaxBytes: 4 << 10})
	wantErr(t, err, "more than 4096 bytes", "--max-bytes")
}
