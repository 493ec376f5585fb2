package agent

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

// Providers a ClientConfig may name.
const (
	ProviderChat      = "openai"    // OpenAI-compatible Chat Completions (OpenAI, vLLM, llama.cpp, Ollama …)
	ProviderResponses = "responses" // the OpenAI Responses API
	ProviderAnthropic = "anthropic" // Anthropic Messages
)

// ClientConfig configures a model client. Setting names the configuration
// key the fields came from ("model" for tscg.yaml's model: section), so
// errors can say which setting to fix.
type ClientConfig struct {
	Provider string // ProviderChat (default), ProviderResponses or ProviderAnthropic
	BaseURL  string // default: the provider's public endpoint
	Model    string // required
	// APIKey is sent as the provider expects; "" sends none (local servers).
	APIKey string
	// APIKeyEnv names the environment variable APIKey came from, for errors.
	APIKeyEnv string
	// Timeout bounds one request, streaming included (default 120s).
	Timeout time.Duration
	// Retries is how many times a request refused with 429 or 5xx, or
	// failing before any answer, is sent again (default 2; -1: never).
	Retries int
	// Temperature, when set, is sent with every request.
	Temperature *float64
	// MaxTokens bounds a reply (Anthropic requires one; default 4096).
	MaxTokens int
	// HTTPClient replaces the default client (tests, proxies).
	HTTPClient *http.Client
	// RetryBase is the first backoff (default 500ms), doubled per retry,
	// with jitter, unless the server sends Retry-After.
	RetryBase time.Duration
	// Setting is the configuration key of these fields (default "model").
	Setting string
}

// NewModel returns the client cfg names.
func NewModel(cfg ClientConfig) (Model, error) {
	c, err := newClient(cfg)
	if err != nil {
		return nil, err
	}
	switch cfg.Provider {
	case "", ProviderChat:
		return &Chat{c: c}, nil
	case ProviderResponses:
		return &Responses{c: c}, nil
	case ProviderAnthropic:
		return &Anthropic{c: c}, nil
	}
	return nil, fmt.Errorf("%s.provider: %q is not one of %s, %s, %s", c.setting, cfg.Provider, ProviderChat, ProviderResponses, ProviderAnthropic)
}

// KeyFromEnv returns the key held by the environment variable env; an
// unset variable is an error naming the setting, an empty env no key.
func KeyFromEnv(env, setting string) (string, error) {
	if env == "" {
		return "", nil
	}
	key, ok := os.LookupEnv(env)
	if !ok || key == "" {
		return "", fmt.Errorf("the environment variable %s (%s.apiKeyEnv) is not set: export it with your API key, or clear %s.apiKeyEnv for a server that needs none", env, setting, setting)
	}
	return key, nil
}

// client is the HTTP side every provider shares: defaults, retries,
// backoff and the errors that name settings.
type client struct {
	cfg     ClientConfig
	setting string
	http    *http.Client
}

func newClient(cfg ClientConfig) (*client, error) {
	c := &client{cfg: cfg, setting: cfg.Setting}
	if c.setting == "" {
		c.setting = "model"
	}
	if cfg.Model == "" {
		return nil, fmt.Errorf("%s.model is not set: name the model to call (e.g. gpt-4.1-mini)", c.setting)
	}
	if c.cfg.Timeout <= 0 {
		c.cfg.Timeout = 120 * time.Second
	}
	if c.cfg.Retries == 0 {
		c.cfg.Retries = 2
	} else if c.cfg.Retries < 0 {
		c.cfg.Retries = 0
	}
	if c.cfg.RetryBase <= 0 {
		c.cfg.RetryBase = 500 * time.Millisecond
	}
	if c.cfg.MaxTokens <= 0 {
		c.cfg.MaxTokens = 4096
	}
	c.http = cfg.HTTPClient
	if c.http == nil {
		c.http = &http.Client{}
	}
	return c, nil
}

// url joins the base URL (or def) and path.
func (c *client) url(def, path string) string {
	base := c.cfg.BaseURL
	if base == "" {
		base = def
	}
	return strings.TrimRight(base, "/") + path
}

// post sends body as JSON and returns a 2xx response, retrying 429, 5xx
// and failures to connect. The caller closes the body and calls cancel.
func (c *client) post(ctx context.Context, url string, body any, header http.Header) (*http.Response, context.CancelFunc, error) {
	data, err := json.Marshal(body)
	if err != nil {
		return nil, nil, fmt.Errorf("encoding the request: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	for attempt := 0; ; attempt++ {
		resp, err := c.send(ctx, url, data, header)
		if err == nil && resp.StatusCode/100 == 2 {
			return resp, cancel, nil
		}
		retry, wait := c.retryable(resp, err, attempt)
		if !retry {
			err = c.explain(ctx, url, resp, err)
			cancel()
			return nil, nil, err
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			err = c.explain(ctx, url, nil, ctx.Err())
			cancel()
			return nil, nil, err
		case <-time.After(wait):
		}
	}
}

func (c *client) send(ctx context.Context, url string, data []byte, header http.Header) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s.baseURL: %w", c.setting, err)
	}
	req.Header = header.Clone()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	return c.http.Do(req)
}

// retryable says whether to send again, and after how long.
func (c *client) retryable(resp *http.Response, err error, attempt int) (bool, time.Duration) {
	if attempt >= c.cfg.Retries {
		return false, 0
	}
	if err != nil {
		var ne net.Error
		return errors.As(err, &ne) && !ne.Timeout() || errors.Is(err, io.ErrUnexpectedEOF) || isRefused(err), c.backoff(attempt)
	}
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500 {
		return false, 0
	}
	if d, ok := RetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
		return true, min(d, 60*time.Second)
	}
	return true, c.backoff(attempt)
}

func isRefused(err error) bool { return strings.Contains(err.Error(), "connection refused") }

func (c *client) backoff(attempt int) time.Duration {
	d := c.cfg.RetryBase << attempt
	return d/2 + time.Duration(rand.Int64N(int64(d/2)+1))
}

// RetryAfter reads a Retry-After header: seconds or an HTTP date.
func RetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 && s < 1e6 {
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// explain turns a failed request into an error that says what to fix.
func (c *client) explain(ctx context.Context, url string, resp *http.Response, err error) error {
	s := c.setting
	if resp == nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return fmt.Errorf("POST %s: no complete answer within %s: raise %s.timeout, or check the server", url, c.cfg.Timeout, s)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("POST %s: %w: check %s.baseURL", url, err, s)
	}
	defer resp.Body.Close()
	msg := apiMessage(resp.Body)
	switch code := resp.StatusCode; {
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		key := "the API key"
		if c.cfg.APIKeyEnv != "" {
			key = "the key in $" + c.cfg.APIKeyEnv
		}
		return fmt.Errorf("POST %s: %s (HTTP %d): check %s (%s.apiKeyEnv)", url, msg, code, key, s)
	case code == http.StatusNotFound:
		return fmt.Errorf("POST %s: %s (HTTP 404): check %s.baseURL and %s.model (%q) and %s.provider", url, msg, s, s, c.cfg.Model, s)
	case code == http.StatusTooManyRequests || code >= 500:
		return fmt.Errorf("POST %s: %s (HTTP %d), still after %d retries: raise %s.retries or try later", url, msg, code, c.cfg.Retries, s)
	case code == http.StatusBadRequest:
		return fmt.Errorf("POST %s: the server refused the request (HTTP 400): %s: check %s.model and %s.provider", url, msg, s, s)
	}
	return fmt.Errorf("POST %s: HTTP %d: %s", url, resp.StatusCode, msg)
}

// apiMessage reads an error body: the error.message of the JSON both
// providers send, or the start of the text.
func apiMessage(r io.Reader) string {
	data, _ := io.ReadAll(io.LimitReader(r, 16<<10))
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
		Message string `json:"message"`
	}
	if json.Unmarshal(data, &e) == nil {
		if e.Error.Message != "" {
			return e.Error.Message
		}
		if e.Message != "" {
			return e.Message
		}
	}
	s := strings.TrimSpace(string(data))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	if s == "" {
		s = "no message"
	}
	return s
}

// SSEEvent is one server-sent event.
type SSEEvent struct {
	Event string
	Data  string
}

// maxSSELine bounds one line of a stream (a tool call's arguments come
// in one data line at most this long).
const maxSSELine = 8 << 20

// SSE reads server-sent events from r: "event:" and "data:" fields,
// multi-line data joined with newlines, comments and other fields ignored.
func SSE(r io.Reader) iter.Seq2[SSEEvent, error] {
	return func(yield func(SSEEvent, error) bool) {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 0, 64<<10), maxSSELine)
		var ev SSEEvent
		var data []string
		has := false
		for sc.Scan() {
			line := strings.TrimSuffix(sc.Text(), "\r")
			if line == "" {
				if has {
					ev.Data = strings.Join(data, "\n")
					if !yield(ev, nil) {
						return
					}
				}
				ev, data, has = SSEEvent{}, nil, false
				continue
			}
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "event":
				ev.Event, has = value, true
			case "data":
				data, has = append(data, value), true
			}
		}
		if err := sc.Err(); err != nil {
			yield(SSEEvent{}, fmt.Errorf("reading the event stream: %w", err))
			return
		}
		if has {
			ev.Data = strings.Join(data, "\n")
			yield(ev, nil)
		}
	}
}

// streamErr names the timeout setting when a stream is cut by it.
func (c *client) streamErr(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("the reply did not finish within %s: raise %s.timeout", c.cfg.Timeout, c.setting)
	}
	return err
}

// Complete sends one system and one user message and returns the text of
// the reply (FORMALIZE, eval's judges): no tools.
func Complete(ctx context.Context, m Model, system, user string, temperature *float64) (string, Usage, error) {
	var b strings.Builder
	var u Usage
	req := Request{Messages: []Message{{Role: RoleSystem, Content: system}, {Role: RoleUser, Content: user}}, Temperature: temperature}
	for d, err := range m.Stream(ctx, req) {
		if err != nil {
			return "", u, err
		}
		b.WriteString(d.Text)
		if d.Usage != nil {
			u.Add(*d.Usage)
		}
	}
	return b.String(), u, nil
}
