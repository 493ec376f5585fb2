package script

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/tscg/tscg/runtime"
)

// host is what a run needs from outside its VM: tool calls and FORMALIZE.
// In process it is the Options themselves (localHost); in a script worker
// it is the protocol back to the process that holds the tools.
type host interface {
	// hasTools reports whether any tool is callable at all.
	hasTools() bool
	// declared reports whether the named tool declares an output schema.
	declared(name string) bool
	// canFormalize reports whether FORMALIZE is configured.
	canFormalize() bool
	call(ctx context.Context, seq int, name string, args json.RawMessage) runtime.Result
	formalize(ctx context.Context, seq int, text, typeSrc string) formalizeReply
}

// formalizeReply is the outcome of one FORMALIZE call. ErrName is the
// Error class the script sees ("TypeError" for a type that does not
// compile, else "FormalizeError").
type formalizeReply struct {
	Value    json.RawMessage `json:"value,omitempty"`
	ErrName  string          `json:"errname,omitempty"`
	Err      string          `json:"error,omitempty"`
	Chunks   int             `json:"chunks"`
	Requests int             `json:"requests"`
}

// localHost runs tool calls through opts.Registry and FORMALIZE through
// opts.Completer and opts.CompileType, in this process.
type localHost struct {
	opts Options

	mu    sync.Mutex
	types map[string]*compiledType
}

func newLocalHost(opts Options) *localHost {
	return &localHost{opts: opts, types: map[string]*compiledType{}}
}

func (h *localHost) hasTools() bool { return h.opts.Registry != nil }

func (h *localHost) declared(name string) bool {
	if h.opts.Registry == nil {
		return false
	}
	if name == ToolName {
		return true // its answer to a script is the sub-script's value as JSON
	}
	t := h.opts.Registry.Tool(name)
	return t != nil && len(t.OutputSchema) > 0
}

func (h *localHost) canFormalize() bool { return h.opts.Completer != nil && h.opts.CompileType != nil }

func (h *localHost) call(ctx context.Context, seq int, name string, args json.RawMessage) runtime.Result {
	return h.opts.Registry.Dispatch(ctx, runtime.Call{ID: fmt.Sprintf("script-%d", seq), Name: name, Arguments: args})
}

func (h *localHost) formalize(ctx context.Context, _ int, text, typeSrc string) formalizeReply {
	ct, err := h.compileType(typeSrc)
	if err != nil {
		return formalizeReply{ErrName: "TypeError", Err: err.Error()}
	}
	f := formalizer{opts: h.opts, ct: ct}
	v, err := f.run(ctx, text)
	rep := formalizeReply{Value: v, Chunks: f.chunks, Requests: f.requests}
	if err != nil {
		rep.ErrName, rep.Err = "FormalizeError", err.Error()
	}
	return rep
}

// compileType compiles a FORMALIZE type once per host.
func (h *localHost) compileType(src string) (*compiledType, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if ct, ok := h.types[src]; ok {
		return ct, nil
	}
	doc, err := h.opts.CompileType(src)
	if err != nil {
		return nil, fmt.Errorf("FORMALIZE: type %q: %v", src, err)
	}
	sch, err := runtime.CompileSchema("formalize", doc)
	if err != nil {
		return nil, fmt.Errorf("FORMALIZE: type %q: %v", src, err)
	}
	var top struct {
		Type any `json:"type"`
	}
	_ = json.Unmarshal(doc, &top)
	ct := &compiledType{src: src, doc: doc, schema: sch, array: top.Type == "array"}
	h.types[src] = ct
	return ct, nil
}
