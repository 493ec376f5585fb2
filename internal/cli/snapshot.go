package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tscg/tscg/frontends/mcplive"
)

func init() { register("snapshot", (*env).snapshotCommand) }

// serverFlags say how to reach one server and the limits of reading it;
// snapshot and breaking --against-server share them.
type serverFlags struct {
	url, bearerEnv, cwd string
	headers, envs       []string
	limits              mcplive.Limits
}

func (f *serverFlags) register(fl *pflag.FlagSet) {
	fl.StringVar(&f.url, "url", "", "streamable HTTP endpoint `URL` of the server (instead of a command after --)")
	fl.StringArrayVar(&f.headers, "header", nil, "HTTP header `K:V` sent with every request (repeatable)")
	fl.StringVar(&f.bearerEnv, "bearer-env", "", "environment `VAR` holding a bearer token for Authorization (never pass a token itself)")
	fl.StringArrayVar(&f.envs, "env", nil, "environment variable `K=V` for the server command (repeatable)")
	fl.StringVar(&f.cwd, "cwd", "", "working `DIR` of the server command")
	fl.DurationVar(&f.limits.Start, "start-timeout", mcplive.DefaultStart, "how long the server may take to start and answer initialize")
	fl.DurationVar(&f.limits.List, "list-timeout", mcplive.DefaultList, "how long all tools/list pages together may take")
	fl.Int64Var(&f.limits.MaxBytes, "max-bytes", mcplive.DefaultMaxBytes, "most `BYTES` the server may send")
}

// server is the server the flags and command (the arguments after --)
// name.
func (f *serverFlags) server(command []string) (mcplive.Server, error) {
	s := mcplive.Server{Command: command, Env: f.envs, Dir: f.cwd, URL: f.url, BearerEnv: f.bearerEnv}
	for _, h := range f.headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return s, usageErr("--header %q: want NAME:VALUE", h)
		}
		if s.Headers == nil {
			s.Headers = map[string]string{}
		}
		s.Headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	if err := s.Check(); err != nil {
		return s, usageErr("%v", err)
	}
	return s, nil
}

// take reads the server's listing; any failure is an input error. An
// interrupt or SIGTERM ends the reading, so the server's process group
// is killed before tscg exits (the parent-death signal would reach only
// the server itself).
func take(ctx context.Context, s mcplive.Server, lim mcplive.Limits) (*mcplive.Snapshot, error) {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	snap, err := mcplive.Take(ctx, s, lim)
	if err != nil {
		return nil, &exitError{code: ExitInput, err: err}
	}
	return snap, nil
}

type snapshotFlags struct {
	serverFlags
	out   string
	check bool
}

func (e *env) snapshotCommand() *cobra.Command {
	var f snapshotFlags
	cmd := &cobra.Command{
		Use:   "snapshot [-o FILE] [--url URL | server:NAME | -- CMD ARGS...]",
		Short: "Write one MCP server's live tools/list as a catalog, or check a static reading against it",
		Long: `snapshot starts an MCP server (the command after --, spoken to over stdio) or connects to
one (--url, streamable HTTP), runs initialize, follows every nextCursor of tools/list and
writes the listing as a catalog (-o FILE, else stdout): tools sorted by name, keys in a fixed
order, the server's name, version and protocol version recorded. Every tscg command reads
the file like any MCP tools/list document. server:NAME reads a server of the servers: section
of tscg.yaml, with the limits configured there.

With --check SRC..., snapshot compiles SRC as build does and compares it with the live
listing tool by tool and path by path, in the provider form both publish (mcp.tools-list).

Reading is bounded: --start-timeout, --list-timeout, --max-bytes; the command runs in its
own process group, killed when snapshot ends. A token is never given on the command line:
--bearer-env names the variable that holds it.

Exit status: 0 written, or --check found the readings equal; 1 --check found differences;
2 usage errors, or the server could not be read (not started, timed out, not an MCP server).`,
		RunE: func(cmd *cobra.Command, args []string) error { return e.snapshot(cmd, args, &f) },
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.out, "out", "o", "", "write the catalog to `FILE` (default: stdout)")
	fl.BoolVar(&f.check, "check", false, "compare the static reading of the paths before -- with the live listing")
	f.serverFlags.register(fl)
	return cmd
}

func (e *env) snapshot(cmd *cobra.Command, args []string, f *snapshotFlags) error {
	srcs, command := args, []string(nil)
	if dash := cmd.ArgsLenAtDash(); dash >= 0 {
		srcs, command = args[:dash], args[dash:]
	}
	if !f.check && len(srcs) == 1 && command == nil && f.url == "" && strings.HasPrefix(srcs[0], serverPrefix) {
		return e.snapshotConfigured(cmd, strings.TrimPrefix(srcs[0], serverPrefix), f.out)
	}
	if !f.check && len(srcs) > 0 {
		return usageErr("snapshot: unexpected arguments %q: the server's command goes after -- (or name one server:NAME of tscg.yaml)", srcs)
	}
	if f.check && f.out != "" {
		return usageErr("snapshot: --check writes nothing; leave out -o")
	}
	s, err := f.server(command)
	if err != nil {
		return err
	}
	snap, err := take(cmdContext(cmd), s, f.limits)
	if err != nil {
		return err
	}
	if f.check {
		return e.snapshotCheck(srcs, s, snap)
	}
	return e.writeSnapshot(snap, f.out)
}

// snapshotConfigured writes the listing of a server of the servers:
// section, with the limits configured there.
func (e *env) snapshotConfigured(cmd *cobra.Command, name, out string) error {
	cfg, err := e.loadConfig()
	if err != nil {
		return err
	}
	s, lim, err := configuredServer(cfg, name)
	if err != nil {
		return err
	}
	snap, err := take(cmdContext(cmd), s, lim)
	if err != nil {
		return err
	}
	return e.writeSnapshot(snap, out)
}

func (e *env) writeSnapshot(snap *mcplive.Snapshot, out string) error {
	if out == "" {
		_, err := e.stdout.Write(snap.JSON())
		return err
	}
	return writeFileAtomic(out, snap.JSON())
}

func cmdContext(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

// writeFileAtomic replaces path with data, or leaves it as it was.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return &exitError{code: ExitInput, err: fmt.Errorf("write %s: %w", path, err)}
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return &exitError{code: ExitInput, err: fmt.Errorf("write %s: %w", path, err)}
	}
	if err := tmp.Close(); err != nil {
		return &exitError{code: ExitInput, err: fmt.Errorf("write %s: %w", path, err)}
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return &exitError{code: ExitInput, err: err}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return &exitError{code: ExitInput, err: fmt.Errorf("write %s: %w", path, err)}
	}
	return nil
}
