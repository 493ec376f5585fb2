package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler/serve"
)

func init() { register("serve", (*env).serveCommand) }

func (e *env) serveCommand() *cobra.Command {
	o := serve.Options{Workers: -1, MaxConcurrent: -1}
	var addr, tokenFile, memLimit string
	var watch, allowRemote bool
	var gcPercent int
	cmd := &cobra.Command{
		Use:   "serve [paths...]",
		Short: "Serve compiled tools over MCP (stdio, or streamable HTTP with --http)",
		Long: `serve compiles the given files and directories (default: the inputs in tscg.yaml) and
serves their tools over the Model Context Protocol: on stdin/stdout, or over streamable
HTTP at ADDR with --http (the MCP endpoint at / and /mcp, Prometheus metrics at /metrics).

Python tools run in a pool of Python workers. TypeScript, JSON and Go tools are served
only when the serve config maps them to an executor (an HTTP endpoint or a command);
the others are listed in a warning. --script adds tool_call_script; --skills DIR adds
load_skill and shows a skill's tools once it is loaded. --tool-search adds search_tools
({"query", "limit"?}): a session lists only search_tools (plus load_skill, tool_call_script
and, with build.eagerBudget in tscg.yaml, the loading plan's eager tools) until a search
returns tools' compact signatures and makes them callable in that session, announced
with notifications/tools/list_changed (docs/search.md). --watch recompiles when an
input changes and swaps the tool set (told by the operating system's file events,
fsnotify; where those are unavailable it says so and polls twice a second); a change that does not compile keeps the last
good tool set and prints its diagnostics. Logs go to stderr.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Paths, o.HTTP = args, addr != ""
			if err := httpAccess(&o, addr, tokenFile, allowRemote); err != nil {
				return err
			}
			var percent *int
			var limit *int64
			if cmd.Flags().Changed("gc-percent") {
				percent = &gcPercent
			}
			if memLimit != "" {
				n, err := parseMemoryLimit(memLimit)
				if err != nil {
					return usageErr("--memory-limit: %v", err)
				}
				limit = &n
			}
			gcLongLived(percent, limit)
			return e.serve(cmd.Context(), o, addr, watch)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&addr, "http", "", "serve streamable HTTP on `ADDR` (e.g. 127.0.0.1:8080) instead of stdio")
	fl.BoolVar(&watch, "watch", false, "recompile and swap the tool set when an input changes")
	fl.BoolVar(&o.Script, "script", false, "expose tool_call_script (TypeScript that calls the served tools)")
	fl.StringVar(&o.Skills, "skills", "", "skills `DIR` (<name>/SKILL.md): adds load_skill; skill tools show once loaded")
	fl.BoolVar(&o.ToolSearch, "tool-search", false, "add search_tools and defer the tools: a search makes the tools it finds callable in that session (build.eagerBudget keeps some listed)")
	fl.StringVar(&o.SettingsFile, "serve-config", "", "deprecated (use --config): serve settings `FILE` (the serve: section of tscg.yaml, as its own file)")
	deprecate(fl, "serve-config", "put the serve: section in the file --config names")
	fl.StringVar(&o.Python, "python", "", "Python interpreter (`PATH`) for Python tools (default python3)")
	fl.IntVar(&o.Workers, "workers", -1, "Python worker pool size (`N`; 0: a fresh interpreter per call; default 4)")
	fl.Lookup("workers").DefValue = "0" // -1 only marks "not given"
	fl.DurationVar(&o.Timeout, "timeout", 0, "time limit of one call, e.g. 30s (default: serve.timeout, else 30s)")
	fl.IntVar(&o.MaxConcurrent, "max-concurrent", -1, "calls of one tool running at once (`N`; 0: unbounded; default 16 over HTTP)")
	fl.Lookup("max-concurrent").DefValue = "0" // -1 only marks "not given"
	fl.Int64Var(&o.MaxBody, "max-body", 0, "HTTP request body limit in `BYTES` (default 4 MiB)")
	fl.StringVar(&tokenFile, "auth-token-file", "", "HTTP: require \"Authorization: Bearer <token>\" with the token in `FILE` on every request")
	fl.BoolVar(&allowRemote, "allow-remote", false, "HTTP: allow an address other than loopback (needs --auth-token-file)")
	fl.StringSliceVar(&o.AllowedOrigins, "allow-origin", nil, "HTTP: browser `ORIGIN` allowed to call the server (repeatable; default: loopback origins only)")
	fl.DurationVar(&o.ShutdownGrace, "shutdown-grace", 0, "HTTP: how long a stop waits for calls in flight (default 10s); a second signal exits at once")
	fl.IntVar(&gcPercent, "gc-percent", serveGCPercent, "the collector's GOGC (`N`; -1: off); default 400, or GOGC from the environment")
	fl.StringVar(&memLimit, "memory-limit", "", "soft memory limit, as GOMEMLIMIT (`SIZE`, e.g. 512MiB); default none, or GOMEMLIMIT from the environment")
	return cmd
}

func (e *env) serve(ctx context.Context, o serve.Options, addr string, watch bool) error {
	cfg, err := e.loadConfig()
	if err != nil {
		return err
	}
	o.Config, o.Stderr = cfg, e.stderr
	if err := hideEnvironment(); err != nil {
		fmt.Fprintf(e.stderr, "tscg: warning: cannot hide the server's environment from its tools: %v\n", err)
	}
	if o.ScriptWorker, err = scriptWorker(); err != nil {
		return &exitError{code: ExitInternal, err: err}
	}
	srv, err := serve.New(o)
	if err != nil {
		return serveErr(err)
	}
	defer srv.Close()
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal its default action is back: a second one
	// ends the process at once, without waiting out the grace period.
	go func() { <-ctx.Done(); stop() }()
	if watch {
		go srv.Watch(ctx, time.Second/2)
	}
	if addr == "" {
		return serveErr(srv.ServeStdio(ctx, e.stdin, e.stdout))
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usageErr("--http %s: %v", addr, err)
	}
	fmt.Fprintf(e.stderr, "tscg: serving MCP at http://%s/mcp\n", ln.Addr())
	return serveErr(srv.ServeHTTP(ctx, ln))
}

// httpAccess applies the HTTP access flags: binding anything but
// loopback needs --allow-remote and a token (like Jupyter), and a token
// file must hold a token.
func httpAccess(o *serve.Options, addr, tokenFile string, allowRemote bool) error {
	if tokenFile != "" {
		b, err := os.ReadFile(tokenFile)
		if err != nil {
			return usageErr("--auth-token-file: %v", err)
		}
		if o.AuthToken = strings.TrimSpace(string(b)); len(o.AuthToken) < 16 {
			return usageErr("--auth-token-file %s: the token must be at least 16 characters", tokenFile)
		}
	}
	if addr == "" || loopbackAddr(addr) {
		return nil
	}
	if !allowRemote {
		return usageErr("--http %s is not a loopback address: anyone who can reach it could call the tools; pass --allow-remote with --auth-token-file to serve it", addr)
	}
	if o.AuthToken == "" {
		return usageErr("--http %s with --allow-remote needs --auth-token-file: a remote server must require a token", addr)
	}
	return nil
}

// loopbackAddr reports whether host:port names only this machine
// (an empty host, ":8080", listens on every interface).
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// serveErr maps serve's errors to exit codes: input and settings problems
// are exit 2, anything else while serving is internal.
func serveErr(err error) error {
	if err == nil {
		return nil
	}
	var se *serve.Error
	if errors.As(err, &se) {
		return &exitError{code: ExitInput, err: se.Err, diags: se.Diags}
	}
	return &exitError{code: ExitInternal, err: err}
}
