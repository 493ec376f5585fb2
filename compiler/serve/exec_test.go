package serve

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/tscg/tscg/runtime"
)

// TestRedirectDropsSecretHeaders: an HTTP executor forwarded its
// configured secret headers to whatever host its endpoint redirected to.
// They now reach the configured host only.
func TestRedirectDropsSecretHeaders(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]string{}
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen["other"] = r.Header.Get("X-Api-Key")
		mu.Unlock()
		_, _ = w.Write([]byte(`"other"`))
	}))
	defer other.Close()
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.Path] = r.Header.Get("X-Api-Key")
		mu.Unlock()
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, other.URL+"/x", http.StatusTemporaryRedirect)
		case "/here":
			http.Redirect(w, r, "/final", http.StatusTemporaryRedirect)
		default:
			_, _ = w.Write([]byte(`"home"`))
		}
	}))
	defer home.Close()
	// 127.0.0.1 and localhost are different hosts to the client.
	home.URL = strings.Replace(home.URL, "127.0.0.1", "localhost", 1)
	for _, path := range []string{"/away", "/here"} {
		var ex executorConfig
		ex.HTTP = &httpExecutor{URL: home.URL + path, Headers: map[string]string{"X-Api-Key": "s3cret"}}
		res := httpHandler(http.DefaultClient, ex)(context.Background(), &runtime.Request{Call: runtime.Call{Name: "t"}, Arguments: []byte(`{}`)})
		if res.IsError {
			t.Fatalf("%s: %s", path, res.Content)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if seen["other"] != "" {
		t.Errorf("the secret header reached another host: %q", seen["other"])
	}
	if seen["/final"] != "s3cret" || seen["/away"] != "s3cret" {
		t.Errorf("the configured host did not get its header: %v", seen)
	}
}
