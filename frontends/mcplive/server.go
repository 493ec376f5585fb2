package mcplive

import (
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Server says how to reach one MCP server: Command (with Env and Dir) for
// stdio, or URL (with Headers and BearerEnv) for streamable HTTP.
type Server struct {
	// Name labels the server in messages ("" means its command or URL).
	Name    string
	Command []string
	// Env holds K=V pairs added to tscg's own environment.
	Env []string
	Dir string

	URL string
	// Headers are sent with every HTTP request.
	Headers map[string]string
	// BearerEnv names the environment variable holding a bearer token for
	// Authorization; tokens never appear on a command line or in config.
	BearerEnv string
}

// Limits bound one snapshot. Zero fields take the defaults.
type Limits struct {
	Start    time.Duration // start-up and initialize
	List     time.Duration // every tools/list page together
	MaxBytes int64         // everything the server sends
}

// Default limits.
const (
	DefaultStart    = 30 * time.Second
	DefaultList     = 30 * time.Second
	DefaultMaxBytes = 64 << 20
	maxPages        = 10000
)

func (l Limits) withDefaults() Limits {
	if l.Start <= 0 {
		l.Start = DefaultStart
	}
	if l.List <= 0 {
		l.List = DefaultList
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	return l
}

// Label is how messages name the server.
func (s *Server) Label() string {
	switch {
	case s.Name != "":
		return s.Name
	case s.URL != "":
		if u, err := url.Parse(s.URL); err == nil {
			return u.Redacted() // a password in the URL stays out of messages
		}
		return s.URL
	}
	return strings.Join(s.Command, " ")
}

// Check reports a server definition that names no way, or two ways, to
// reach it.
func (s *Server) Check() error {
	switch {
	case s.URL == "" && len(s.Command) == 0:
		return fmt.Errorf("server %s: give a command (after --) or a URL", s.Label())
	case s.URL != "" && len(s.Command) > 0:
		return fmt.Errorf("server %s: give a command or a URL, not both", s.Label())
	case s.URL == "" && (len(s.Headers) > 0 || s.BearerEnv != ""):
		return fmt.Errorf("server %s: headers and bearer tokens are for URLs", s.Label())
	case s.URL != "" && (len(s.Env) > 0 || s.Dir != ""):
		return fmt.Errorf("server %s: env and cwd are for commands", s.Label())
	}
	for _, kv := range s.Env {
		if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
			return fmt.Errorf("server %s: env %q is not K=V", s.Label(), kv)
		}
	}
	return nil
}

// Error is a failed snapshot: what went wrong and, for a command, the
// tail of its stderr.
type Error struct {
	Server string
	Err    error
	Stderr string
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("server %s: %v", e.Server, e.Err)
	if e.Stderr != "" {
		msg += "\nits stderr ended with:\n" + indent(e.Stderr)
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  | " + l
	}
	return strings.Join(lines, "\n")
}
