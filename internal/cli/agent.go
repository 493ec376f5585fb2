package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler/serve"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/runtime/agent"
	"github.com/tscg/tscg/runtime/agent/web"
	"github.com/tscg/tscg/runtime/mcp"
	"github.com/tscg/tscg/runtime/skills"
)

func init() { register("agent", (*env).agentCommand) }

type agentFlags struct {
	o               serve.Options
	format, system  string
	messages        []string
	maxSteps        int
	userSkills      string
	addr, tokenFile string
	adminTokenFile  string
	allowRemote     bool
}

func (e *env) agentCommand() *cobra.Command {
	f := agentFlags{o: serve.Options{Workers: -1, MaxConcurrent: -1}}
	cmd := &cobra.Command{
		Use:   "agent [paths...]",
		Short: "Chat with the model of tscg.yaml's model: section over the compiled tools",
		Long: `agent compiles the given files and directories (default: the inputs in tscg.yaml) as
serve does and runs the agent loop over their tools with the model named in tscg.yaml's
model: section: the model calls tools, the calls are validated and dispatched, and the
results go back, round by round, until it answers or --max-steps runs out.

Each -m MESSAGE is one user turn; without -m every line of stdin is one. The terminal shows
the streamed answer, each tool call and result, skill loads, the tokens of each round and
the total; --format json prints the same as JSON events, one a line. Skills come from
--skills DIR (built-in, read-only) and --user-skills DIR; a message "/name task" loads
skill name first.

--http ADDR serves the streaming endpoint POST /api/agent/chat (JSON Lines events text,
tool, skill, usage, error, done) and a chat panel at / that also lists, creates, edits and
deletes user skills (deleting needs --admin-token-file's token). Loopback only unless
--allow-remote with --auth-token-file, as for serve.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			f.o.Paths, f.o.HTTP = args, f.addr != ""
			if f.format != "text" && f.format != "json" {
				return usageErr("--format %q: use text or json", f.format)
			}
			if err := httpAccess(&f.o, f.addr, f.tokenFile, f.allowRemote); err != nil {
				return err
			}
			return e.agent(cmd.Context(), f)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.messages, "message", "m", nil, "a user `MESSAGE` (repeatable: one turn each); default: one per line of stdin")
	fl.StringVar(&f.format, "format", "text", "output: text or json (one event a line)")
	fl.StringVar(&f.system, "system", "You are a helpful assistant. Use the tools when they help; answer briefly.", "system `PROMPT`")
	fl.IntVar(&f.maxSteps, "max-steps", agent.DefaultMaxSteps, "model rounds per message at most (`N`)")
	fl.BoolVar(&f.o.Script, "script", false, "offer tool_call_script (TypeScript that calls the tools; FORMALIZE asks the model)")
	fl.StringVar(&f.o.Skills, "skills", "", "built-in skills `DIR` (<name>/SKILL.md, read-only; default serve.skills)")
	fl.StringVar(&f.userSkills, "user-skills", "", "user skills `DIR`, created and edited from the panel")
	fl.StringVar(&f.o.Python, "python", "", "Python interpreter (`PATH`) for Python tools (default python3)")
	fl.DurationVar(&f.o.Timeout, "timeout", 0, "time limit of one tool call, e.g. 30s (default: serve.timeout, else 30s)")
	fl.StringVar(&f.addr, "http", "", "serve the chat API and panel on `ADDR` (e.g. 127.0.0.1:8080)")
	fl.StringVar(&f.tokenFile, "auth-token-file", "", "HTTP: require \"Authorization: Bearer <token>\" on the API with the token in `FILE`")
	fl.StringVar(&f.adminTokenFile, "admin-token-file", "", "HTTP: the admin token (in `FILE`) that deleting a skill needs")
	fl.BoolVar(&f.allowRemote, "allow-remote", false, "HTTP: allow an address other than loopback (needs --auth-token-file)")
	fl.StringSliceVar(&f.o.AllowedOrigins, "allow-origin", nil, "HTTP: browser `ORIGIN` allowed to call the API (default: loopback origins only)")
	fl.Int64Var(&f.o.MaxBody, "max-body", 0, "HTTP request body limit in `BYTES` (default 4 MiB)")
	return cmd
}

func (e *env) agent(ctx context.Context, f agentFlags) error {
	cfg, err := e.loadConfig()
	if err != nil {
		return err
	}
	model, err := serve.NewModel(cfg.Model)
	if err != nil {
		return serveErr(err)
	}
	f.o.Config, f.o.Stderr = cfg, e.stderr
	if f.o.ScriptWorker, err = scriptWorker(); err != nil {
		return &exitError{code: ExitInternal, err: err}
	}
	builtin := f.o.Skills
	if builtin == "" && cfg.Serve != nil && cfg.Serve.Skills != "" {
		builtin = cfg.Resolve(cfg.Serve.Skills)
	}
	f.o.Skills = "" // the agent's store serves skills, built-in and user
	if cfg.Serve != nil {
		c := *cfg.Serve
		c.Skills = ""
		cfg.Serve = &c
	}
	srv, err := serve.New(f.o)
	if err != nil {
		return serveErr(err)
	}
	defer srv.Close()
	store, err := skillStore(builtin, f.userSkills)
	if err != nil {
		return usageErr("%v", err)
	}
	if store != nil {
		defer store.Close()
		if err := ensureLoadSkill(srv); err != nil {
			return &exitError{code: ExitInternal, err: err}
		}
	}
	a := &agent.Agent{Model: model, Registry: srv.Registry(), System: f.system, MaxSteps: f.maxSteps}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.addr != "" {
		return e.agentHTTP(ctx, f, a, store, srv)
	}
	return e.agentTerminal(ctx, f, a, store, srv)
}

// skillStore opens the skills: built-in (read-only) and user directories.
func skillStore(builtin, user string) (*skills.Store, error) {
	if builtin == "" && user == "" {
		return nil, nil
	}
	var bfs fs.FS
	if builtin != "" {
		root, err := os.OpenRoot(builtin)
		if err != nil {
			return nil, fmt.Errorf("--skills: %v", err)
		}
		bfs = inputfile.RootFS(root) // open for the process's life
	}
	s, err := skills.NewStore(bfs, user)
	if err != nil {
		return nil, fmt.Errorf("--user-skills: %v", err)
	}
	return s, nil
}

// ensureLoadSkill registers load_skill; each conversation's session (in
// the call's context) says which skills it offers.
func ensureLoadSkill(srv *serve.Server) error {
	reg := srv.Registry()
	if reg.Tool(skills.LoadSkill) != nil {
		return nil
	}
	t, err := skills.Tool(skills.NewSet())
	if err != nil {
		return err
	}
	return reg.Register(t)
}

// agentTerminal runs one turn per message, keeping the conversation.
func (e *env) agentTerminal(ctx context.Context, f agentFlags, a *agent.Agent, store *skills.Store, srv *serve.Server) error {
	next := messageSource(f.messages, e.stdin)
	var history []agent.Message
	var loaded []string
	var total agent.Usage
	rounds := 0
	out := &termOut{w: e.stdout, json: f.format == "json"}
	for {
		msg, ok := next()
		if !ok {
			break
		}
		sess := web.Session(store, srv.Registry(), srv.ToolSet().Groups, e.stderr, loaded)
		var failed error
		for ev := range a.Run(ctx, history, msg, sess) {
			out.event(ev, sess)
			switch ev.Type {
			case agent.EventUsage:
				rounds++
			case agent.EventDone:
				history, total = ev.Messages[1:], total.Add2(ev.Total)
			case agent.EventError:
				failed = ev.Err
				if len(ev.Messages) > 1 {
					history = ev.Messages[1:]
				}
				total = total.Add2(ev.Total)
			}
		}
		if sess != nil {
			loaded = sess.Loaded()
		}
		if failed != nil {
			out.summary(total, rounds)
			if errors.Is(failed, agent.ErrMaxSteps) {
				return &exitError{code: ExitFindings, err: fmt.Errorf("%v: raise --max-steps, or ask for less at once", failed)}
			}
			return &exitError{code: ExitInternal, err: failed}
		}
	}
	out.summary(total, rounds)
	return nil
}

// messageSource yields the -m messages, else stdin's non-empty lines.
func messageSource(msgs []string, stdin io.Reader) func() (string, bool) {
	if len(msgs) > 0 {
		i := 0
		return func() (string, bool) {
			if i >= len(msgs) {
				return "", false
			}
			i++
			return msgs[i-1], true
		}
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 64<<10), web.MaxMessageBytes)
	return func() (string, bool) {
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); l != "" {
				return l, true
			}
		}
		return "", false
	}
}

// termOut prints events for a person (text) or a program (json).
type termOut struct {
	w      io.Writer
	json   bool
	inText bool
}

func (t *termOut) event(ev agent.Event, sess *skills.Session) {
	if t.json {
		b, _ := json.Marshal(agent.Wire(ev, sess))
		fmt.Fprintf(t.w, "%s\n", b)
		return
	}
	if ev.Type != agent.EventText && t.inText {
		fmt.Fprintln(t.w)
		t.inText = false
	}
	switch ev.Type {
	case agent.EventText:
		fmt.Fprint(t.w, ev.Text)
		t.inText = true
	case agent.EventToolCall:
		fmt.Fprintf(t.w, "→ %s %s\n", ev.Call.Name, ev.Call.Arguments)
	case agent.EventToolResult:
		mark := ""
		if ev.Result.IsError {
			mark = " (error)"
		}
		fmt.Fprintf(t.w, "← %s%s: %s\n", ev.Call.Name, mark, oneLine(ev.Result.Content, 300))
	case agent.EventSkill:
		fmt.Fprintf(t.w, "• skill %s loaded\n", ev.Text)
	case agent.EventUsage:
		fmt.Fprintf(t.w, "[round %d: %d in + %d out tokens]\n", ev.Step+1, ev.Usage.InputTokens, ev.Usage.OutputTokens)
	case agent.EventError:
		fmt.Fprintf(t.w, "[error: %v]\n", ev.Err)
	}
}

func (t *termOut) summary(total agent.Usage, rounds int) {
	if t.json {
		return
	}
	fmt.Fprintf(t.w, "[total: %d tokens (%d in + %d out) over %d rounds]\n", total.Total(), total.InputTokens, total.OutputTokens, rounds)
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// agentHTTP serves the chat API and panel until ctx ends.
func (e *env) agentHTTP(ctx context.Context, f agentFlags, a *agent.Agent, store *skills.Store, srv *serve.Server) error {
	var admin string
	if f.adminTokenFile != "" {
		b, err := os.ReadFile(f.adminTokenFile)
		if err != nil {
			return usageErr("--admin-token-file: %v", err)
		}
		if admin = strings.TrimSpace(string(b)); len(admin) < 16 {
			return usageErr("--admin-token-file %s: the token must be at least 16 characters", f.adminTokenFile)
		}
	}
	h := web.Handler(web.Options{Agent: a, Store: store, Groups: srv.ToolSet().Groups, AdminToken: admin, Warn: e.stderr,
		HTTP: mcp.HTTPOptions{AuthToken: f.o.AuthToken, AllowedOrigins: f.o.AllowedOrigins, MaxBodyBytes: f.o.MaxBody}})
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return usageErr("--http %s: %v", f.addr, err)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	fmt.Fprintf(e.stderr, "tscg: agent chat panel at http://%s/ (API: POST /api/agent/chat)\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return &exitError{code: ExitInternal, err: err}
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = hs.Shutdown(sctx)
	return nil
}
