package mcp

import (
	"encoding/json"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/skills"
)

// ToolSet is what a Server exposes: a registry and what MCP shows that a
// runtime.Tool does not carry. A ToolSet handed to NewServer or Swap must
// not change afterwards (register every tool first); build a new one and
// Swap it instead.
type ToolSet struct {
	Registry *runtime.Registry
	// Hints are the MCP title and tri-state hints per tool name, e.g. from
	// the compiler's IR. A tool without an entry shows the hints of its
	// runtime.Annotations (a false bool there means "not stated").
	Hints map[string]Hints
	// Skills, when set, makes exposure skill-driven: each session sees
	// load_skill plus the tools no skill unlocks, and a skill's tools once
	// it is loaded (see skills.Session). The registry should hold the
	// load_skill tool (skills.Tool).
	Skills *skills.Set
	// Groups maps tool group names to tool names for skills' tools lists.
	Groups map[string][]string
	// Always, when set, makes exposure session-driven with or without
	// Skills: each session sees these tools, plus those a loaded skill or
	// a search unlocked (skills.Session.Unlock). serve --tool-search sets
	// it to search_tools, load_skill and the eager tools.
	Always []string
	// Search names the tool that unlocks tools by a query (search_tools),
	// for the refusal of a tool not unlocked yet.
	Search string
}

// Hints are a tool's MCP display title and behaviour hints; nil means not
// stated, so MCP's defaults apply (destructive and open-world true).
type Hints struct {
	Title       string
	ReadOnly    *bool
	Destructive *bool
	Idempotent  *bool
	OpenWorld   *bool
}

// snapshot is a ToolSet with its tools/list entries rendered once.
type snapshot struct {
	set        *ToolSet
	tools      map[string]*sdk.Tool
	structured map[string]bool // tools whose results carry structuredContent
	asks       map[string]bool // tools runtime.Approval asks about (an approver may ask the client)
	names      []string
	queues     map[string]*queue // per-tool slots; none when unbounded

	mu        sync.Mutex
	described map[string]*sdk.Tool // per-session listings of DescribeFor tools, by tool and active names
}

func newSnapshot(set *ToolSet, maxConcurrent int) *snapshot {
	s := &snapshot{set: set, tools: map[string]*sdk.Tool{}, structured: map[string]bool{}, asks: map[string]bool{}, queues: map[string]*queue{}}
	if set.Registry == nil {
		set.Registry = runtime.NewRegistry()
	}
	s.names = set.Registry.Names()
	for _, name := range s.names {
		t := set.Registry.Tool(name)
		st := listing(t, set.Hints[name])
		s.tools[name] = st
		s.structured[name] = st.OutputSchema != nil
		s.asks[name] = t.Annotations.Destructive || t.Annotations.RequiresApproval
		if maxConcurrent > 0 {
			s.queues[name] = &queue{slots: make(chan struct{}, maxConcurrent)}
		}
	}
	return s
}

// forSession is t's listing for a session whose active tools are names:
// a tool with DescribeFor gets its description for those names (cached,
// since sessions with the same skills loaded share it).
func (s *snapshot) forSession(t *sdk.Tool, names []string) *sdk.Tool {
	rt := s.set.Registry.Tool(t.Name)
	if rt == nil || rt.DescribeFor == nil || len(names) == len(s.names) {
		return t
	}
	key := t.Name + "\x00" + strings.Join(names, "\x00")
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.described[key]; c != nil {
		return c
	}
	c := *t
	c.Description = rt.DescribeFor(names)
	if s.described == nil {
		s.described = map[string]*sdk.Tool{}
	}
	s.described[key] = &c
	return &c
}

// listing renders one tools/list entry.
func listing(t *runtime.Tool, h Hints) *sdk.Tool {
	in, _ := objectRoot(t.InputSchema, true)
	st := &sdk.Tool{Name: t.Name, Title: h.Title, Description: t.Description, InputSchema: in}
	if out, ok := objectRoot(t.OutputSchema, false); ok {
		st.OutputSchema = out
	}
	if h == (Hints{}) {
		h = hintsOf(t.Annotations)
		h.Title = st.Title
	}
	st.Annotations = annotations(h)
	return st
}

// hintsOf reads runtime annotations, where false cannot be told from
// unstated: only true hints are stated.
func hintsOf(a runtime.Annotations) Hints {
	var h Hints
	yes := true
	if a.ReadOnly {
		h.ReadOnly = &yes
	}
	if a.Destructive {
		h.Destructive = &yes
	}
	if a.Idempotent {
		h.Idempotent = &yes
	}
	return h
}

// annotations is nil when nothing is stated, so a tool without hints
// sends no annotations object.
func annotations(h Hints) *sdk.ToolAnnotations {
	if h == (Hints{}) {
		return nil
	}
	a := &sdk.ToolAnnotations{Title: h.Title, DestructiveHint: h.Destructive, OpenWorldHint: h.OpenWorld}
	if h.ReadOnly != nil {
		a.ReadOnlyHint = *h.ReadOnly
	}
	if h.Idempotent != nil {
		a.IdempotentHint = *h.Idempotent
	}
	return a
}

// objectRoot returns a schema document whose root says "type": "object",
// as MCP requires of inputSchema and outputSchema. A root that is a $ref
// to an object definition (how tscg emits a named result type) gets the
// type stated beside the $ref, which 2020-12 reads as both. ok is false
// when the root is not an object schema; with force the type is added
// anyway (arguments are always an object).
func objectRoot(doc json.RawMessage, force bool) (json.RawMessage, bool) {
	if len(doc) == 0 {
		if force {
			return json.RawMessage(`{"type":"object"}`), false
		}
		return nil, false
	}
	var m map[string]any
	if json.Unmarshal(doc, &m) != nil {
		return doc, false
	}
	if m["type"] == "object" {
		return doc, true
	}
	ok := m["type"] == nil && refIsObject(m)
	if !ok && !force {
		return nil, false
	}
	m["type"] = "object"
	out, err := json.Marshal(m)
	if err != nil {
		return doc, false
	}
	return out, ok
}

// refIsObject reports whether the root $ref points at a local definition
// of type object.
func refIsObject(m map[string]any) bool {
	ref, _ := m["$ref"].(string)
	for _, prefix := range []string{"#/$defs/", "#/definitions/"} {
		name, found := strings.CutPrefix(ref, prefix)
		if !found {
			continue
		}
		defs, _ := m[strings.Trim(prefix[1:], "/")].(map[string]any)
		def, _ := defs[name].(map[string]any)
		return def != nil && def["type"] == "object"
	}
	return false
}
