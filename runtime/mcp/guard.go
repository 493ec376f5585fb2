package mcp

import (
	"bytes"
	"crypto/subtle"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// guard is what every HTTP request passes before any endpoint: the bearer
// token (when one is set), the Origin allow-list and, for a request that
// came in on a loopback address, a loopback Host (DNS rebinding). /metrics
// is behind it like the MCP endpoint.
type guard struct {
	token   string
	origins map[string]bool // lower-case scheme://host[:port]; nil: loopback origins only
}

func (g guard) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if g.token != "" && !g.authorized(r) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="tscg"`)
			refuse(w, r, http.StatusUnauthorized, "unauthorized: send Authorization: Bearer <token> (the server's --auth-token-file)")
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !g.originAllowed(o) {
			refuse(w, r, http.StatusForbidden, "forbidden: Origin "+o+" is not allowed")
			return
		}
		if onLoopback(r) && !loopbackHost(r.Host) {
			refuse(w, r, http.StatusForbidden, "forbidden: Host "+r.Host+" on a loopback connection (DNS rebinding?)")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (g guard) authorized(r *http.Request) bool {
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(g.token)) == 1
}

func (g guard) originAllowed(origin string) bool {
	if g.origins != nil {
		return g.origins[strings.ToLower(strings.TrimRight(origin, "/"))]
	}
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && loopbackHost(u.Host)
}

// onLoopback reports a request that arrived on a loopback address.
func onLoopback(r *http.Request) bool {
	addr, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return false
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// loopbackHost reports a host[:port] naming this machine's loopback.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// strictEnvelope refuses a JSON-RPC message checkEnvelope refuses (a
// duplicate key anywhere, an id that is not a string or an exact
// integer) before the go-sdk reads it. It reads the (already
// size-limited) body once and hands it on.
//
// The body must arrive within readTimeout: a client that stalls mid-upload
// is cut off instead of holding its buffer.
// At most maxReading bodies are read at once; more get 503.
func strictEnvelope(readTimeout time.Duration, maxReading int, next http.Handler) http.Handler {
	reading := make(chan struct{}, maxReading)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		select {
		case reading <- struct{}{}:
		default:
			w.Header().Set("Retry-After", "1")
			refuse(w, r, http.StatusServiceUnavailable, "server busy: too many requests being uploaded; retry shortly")
			return
		}
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(time.Now().Add(readTimeout))
		body, err := io.ReadAll(r.Body)
		<-reading
		if err == nil {
			_ = rc.SetReadDeadline(time.Time{}) // a long call or stream must not hit it
		} else {
			w.Header().Set("Connection", "close") // the rest of the body is never read
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
				return
			}
			http.Error(w, "reading the request: "+err.Error(), http.StatusBadRequest)
			return
		}
		if refusal := checkEnvelope(body); refusal != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write(refusal)
			return
		}
		cb := &checkedBody{data: body}
		cb.Reset(body)
		r.Body = cb
		next.ServeHTTP(w, r)
	})
}

// checkedBody is a request body strictEnvelope read and checked; the
// fast path reads its bytes without reading the body again.
type checkedBody struct {
	bytes.Reader
	data []byte
}

func (*checkedBody) Close() error { return nil }

func jsonEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < 0x20:
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// refuse answers without reading the request's body: the connection is
// closed after the answer, and its read deadline expired so the server
// does not wait for a body a stalled client never sends.
func refuse(w http.ResponseWriter, r *http.Request, code int, msg string) {
	if r.ContentLength != 0 {
		w.Header().Set("Connection", "close")
		_ = http.NewResponseController(w).SetReadDeadline(time.Now())
	}
	http.Error(w, msg, code)
}
