package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/tscg/tscg/runtime"
)

// maxExecOutput bounds what a command or endpoint may return.
const maxExecOutput = 16 << 20

// httpHandler posts the validated arguments to an endpoint; a 2xx body is
// the result, anything else a tool error with the status and body start.
func httpHandler(shared *http.Client, ex executorConfig) runtime.Handler {
	method := ex.HTTP.Method
	if method == "" {
		method = http.MethodPost
	}
	client := withoutSecretsOnRedirect(shared, ex.HTTP.Headers)
	return func(ctx context.Context, req *runtime.Request) runtime.Result {
		hr, err := http.NewRequestWithContext(ctx, method, os.ExpandEnv(ex.HTTP.URL), bytes.NewReader(req.Arguments))
		if err != nil {
			return toolErr(req, "bad endpoint: %v", err)
		}
		hr.Header.Set("Content-Type", "application/json")
		for k, v := range ex.HTTP.Headers {
			hr.Header.Set(k, os.ExpandEnv(v))
		}
		resp, err := client.Do(hr)
		if err != nil {
			return toolErr(req, "endpoint unreachable: %v", err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(io.LimitReader(resp.Body, maxExecOutput))
		if err != nil {
			return toolErr(req, "reading the endpoint's answer: %v", err)
		}
		if resp.StatusCode/100 != 2 {
			return toolErr(req, "endpoint answered %s: %s", resp.Status, head(body))
		}
		return runtime.Result{Content: string(body)}
	}
}

// withoutSecretsOnRedirect returns a client that drops the configured
// headers (API keys, tokens) from a redirect to another host. Go's client
// drops Authorization and Cookie there itself, but not X-Api-Key and the
// other names a config may give.
func withoutSecretsOnRedirect(shared *http.Client, headers map[string]string) *http.Client {
	c := *shared
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		if req.URL.Host != via[0].URL.Host {
			for k := range headers {
				req.Header.Del(k)
			}
		}
		return nil
	}
	return &c
}

// commandHandler runs a command with the arguments as JSON on stdin; its
// stdout is the result. The command sees only its configured environment.
func commandHandler(ex executorConfig, dir string) runtime.Handler {
	env := make([]string, 0, len(ex.Env))
	for k, v := range ex.Env {
		env = append(env, k+"="+os.ExpandEnv(v))
	}
	sort.Strings(env)
	return func(ctx context.Context, req *runtime.Request) runtime.Result {
		cmd := exec.CommandContext(ctx, ex.Command[0], ex.Command[1:]...)
		cmd.Dir, cmd.Env = dir, env
		cmd.Stdin = bytes.NewReader(req.Arguments)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &limitedBuffer{b: &out}, &limitedBuffer{b: &errOut}
		if err := cmd.Run(); err != nil {
			if ctx.Err() != nil {
				return toolErr(req, "stopped: %v", context.Cause(ctx))
			}
			return toolErr(req, "command failed (%v): %s", err, head(errOut.Bytes()))
		}
		return runtime.Result{Content: strings.TrimRight(out.String(), "\n")}
	}
}

func toolErr(req *runtime.Request, format string, args ...any) runtime.Result {
	return runtime.Result{IsError: true, Content: fmt.Sprintf("tool %q failed: ", req.Call.Name) + fmt.Sprintf(format, args...)}
}

// head is the start of an error body, for the model.
func head(b []byte) string {
	s := strings.TrimSpace(string(b))
	if r := []rune(s); len(r) > 500 {
		s = string(r[:500]) + "…"
	}
	return s
}

// limitedBuffer drops output beyond maxExecOutput.
type limitedBuffer struct{ b *bytes.Buffer }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := maxExecOutput - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
