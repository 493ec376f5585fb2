package skills

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/tscg/tscg/internal/lazyre"
	"github.com/tscg/tscg/runtime"
)

// LoadSkill is the name of the tool that returns a skill's body.
const LoadSkill = "load_skill"

// Config says how a conversation's skills map to the registry's tools.
type Config struct {
	Set      *Set
	Registry *runtime.Registry
	// Groups maps tool group names to tool names, so a skill's tools entry
	// may name a group (as compiled skills and hand-written ones do).
	Groups map[string][]string
	// Always lists the tools sent every round. When nil it is load_skill
	// plus every registered tool that no skill unlocks: adding a skill for
	// a tool hides that tool until the skill is loaded.
	Always []string
	// Search names the tool that unlocks tools by a query (serve
	// --tool-search's search_tools), for the refusal of a tool not active
	// yet; empty when there is none.
	Search string
}

// Session is one conversation's skills: which are loaded, and so which
// tools are active. It is safe for concurrent use (parallel tool calls).
type Session struct {
	cfg    Config
	always map[string]bool

	mu        sync.Mutex
	loaded    []string // load order
	preloaded []string // bodies that go into the system prompt
	active    map[string]bool
	unlocked  []string // tools unlocked one by one (Unlock), in order
}

// NewSession starts a conversation with no skill loaded.
func NewSession(cfg Config) *Session {
	s := &Session{cfg: cfg, always: map[string]bool{}, active: map[string]bool{}}
	if cfg.Always != nil {
		for _, n := range cfg.Always {
			s.always[n] = true
		}
		return s
	}
	unlocked := map[string]bool{}
	for _, sk := range cfg.Set.All() {
		tools, _ := s.Resolve(sk)
		for _, t := range tools {
			unlocked[t] = true
		}
	}
	s.always[LoadSkill] = true
	for _, n := range s.registered() {
		if !unlocked[n] {
			s.always[n] = true
		}
	}
	return s
}

func (s *Session) registered() []string {
	if s.cfg.Registry == nil {
		return nil
	}
	return s.cfg.Registry.Names()
}

// Set returns the skills the session offers.
func (s *Session) Set() *Set { return s.cfg.Set }

// Resolve expands a skill's tools entries (groups first, then tool names)
// into tool names; unknown lists entries that name neither a group nor a
// registered tool.
func (s *Session) Resolve(sk *Skill) (tools, unknown []string) {
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			tools = append(tools, n)
		}
	}
	for _, e := range sk.Tools {
		if g, ok := s.cfg.Groups[e]; ok {
			for _, n := range g {
				add(n)
			}
			continue
		}
		if s.cfg.Registry != nil && s.cfg.Registry.Tool(e) != nil {
			add(e)
			continue
		}
		unknown = append(unknown, e)
	}
	return tools, unknown
}

// Load marks a skill loaded and its tools active, and returns it. Loading
// a loaded skill again is harmless.
func (s *Session) Load(name string) (*Skill, error) {
	sk := s.cfg.Set.Get(name)
	if sk == nil {
		return nil, s.notFound(name)
	}
	tools, _ := s.Resolve(sk)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !contains(s.loaded, name) {
		s.loaded = append(s.loaded, name)
	}
	for _, t := range tools {
		s.active[t] = true
	}
	return sk, nil
}

// Unlock makes registered tools active one by one, as a tool search does
// for the tools it found, and returns those that were not active before.
// Names that are not registered are ignored.
func (s *Session) Unlock(names ...string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var added []string
	for _, n := range names {
		if s.always[n] || s.active[n] || s.cfg.Registry == nil || s.cfg.Registry.Tool(n) == nil {
			continue
		}
		s.active[n] = true
		s.unlocked = append(s.unlocked, n)
		added = append(added, n)
	}
	return added
}

// Unlocked lists the tools Unlock made active, in order.
func (s *Session) Unlocked() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.unlocked...)
}

func (s *Session) notFound(name string) error {
	var names []string
	for _, sk := range s.cfg.Set.All() {
		names = append(names, sk.Name)
	}
	return fmt.Errorf("no skill named %q (available: %s): %w", name, strings.Join(names, ", "), ErrNotFound)
}

// Preload loads a skill and puts its body into the system prompt, as a
// /name directive does.
func (s *Session) Preload(name string) (*Skill, error) {
	sk, err := s.Load(name)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if !contains(s.preloaded, name) {
		s.preloaded = append(s.preloaded, name)
	}
	s.mu.Unlock()
	return sk, nil
}

// Loaded lists the loaded skills in load order.
func (s *Session) Loaded() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.loaded...)
}

// ActiveTools lists, sorted, the registered tools to send the model this
// round: the always-on ones plus those of the loaded skills.
func (s *Session) ActiveTools() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, n := range s.registered() {
		if s.always[n] || s.active[n] {
			out = append(out, n)
		}
	}
	return out
}

// Allowed returns an error, written for the model, when name is a
// registered tool that is not active yet. Unregistered names pass: the
// registry refuses them with suggestions.
func (s *Session) Allowed(name string) error {
	s.mu.Lock()
	on := s.always[name] || s.active[name]
	s.mu.Unlock()
	if on || s.cfg.Registry == nil || s.cfg.Registry.Tool(name) == nil {
		return nil
	}
	var by []string
	for _, sk := range s.cfg.Set.All() {
		if tools, _ := s.Resolve(sk); contains(tools, name) {
			by = append(by, sk.Name)
		}
	}
	switch {
	case len(by) > 0 && s.cfg.Search != "":
		return fmt.Errorf("tool %q is not available yet: call %s with name %q, or %s with a query for it, first", name, LoadSkill, by[0], s.cfg.Search)
	case len(by) > 0:
		return fmt.Errorf("tool %q is not available yet: call %s with name %q first", name, LoadSkill, by[0])
	case s.cfg.Search != "":
		return fmt.Errorf("tool %q is not available yet: call %s with a query for what you need first; it makes the tools it finds callable", name, s.cfg.Search)
	}
	return fmt.Errorf("tool %q is not available in this conversation", name)
}

// SystemPrompt is base followed by the skill catalog and the bodies of
// preloaded skills.
func (s *Session) SystemPrompt(base string) string {
	var b strings.Builder
	b.WriteString(strings.TrimRight(base, "\n"))
	if cat := s.cfg.Set.Catalog(); cat != "" {
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(cat)
	}
	s.mu.Lock()
	pre := append([]string(nil), s.preloaded...)
	s.mu.Unlock()
	for _, n := range pre {
		sk := s.cfg.Set.Get(n)
		fmt.Fprintf(&b, "\n\n## Active skill: %s\n\n%s", sk.Name, strings.TrimSpace(sk.Body))
	}
	return b.String()
}

var directiveRE = lazyre.New(`^/([a-z0-9][a-z0-9-]{0,48})(?:[ \t\r\n]+|$)`)

// ParseDirective splits a user message "/name task…" into the skill name
// and the task. ok is false when the message does not start with such a
// directive ("/etc/hosts …" does not: the name must end at a space).
func ParseDirective(msg string) (name, task string, ok bool) {
	m := directiveRE.Get().FindStringSubmatchIndex(msg)
	if m == nil {
		return "", msg, false
	}
	return msg[m[2]:m[3]], msg[m[1]:], true
}

// Prepare handles a user message: a leading /name directive preloads that
// skill and is removed from the message. A directive naming no skill is
// an error (with the available names), so a typo is not sent on silently.
func (s *Session) Prepare(msg string) (task string, sk *Skill, err error) {
	name, task, ok := ParseDirective(msg)
	if !ok {
		return msg, nil, nil
	}
	sk, err = s.Preload(name)
	if err != nil {
		return msg, nil, err
	}
	return task, sk, nil
}

type ctxKey struct{}

// NewContext returns ctx carrying the conversation's session, where the
// load_skill tool finds it. The session is also ctx's runtime.Gate, so
// every Dispatch under ctx, from a script or a workflow step as much as a
// direct call, is held to the tools the session has active.
func NewContext(ctx context.Context, s *Session) context.Context {
	return runtime.WithGate(context.WithValue(ctx, ctxKey{}, s), s)
}

// FromContext returns the session in ctx, or nil.
func FromContext(ctx context.Context) *Session {
	s, _ := ctx.Value(ctxKey{}).(*Session)
	return s
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
