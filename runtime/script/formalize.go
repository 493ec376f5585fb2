package script

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/dop251/goja"
	"github.com/tscg/tscg/runtime"
)

// Completer answers one prompt with text. FORMALIZE uses it with a
// cheaper model than the one writing the script.
type Completer interface {
	Complete(ctx context.Context, req CompletionRequest) (string, error)
}

// CompletionRequest is one prompt.
type CompletionRequest struct {
	Model  string
	System string
	User   string
}

// CompleterFunc adapts a function to Completer.
type CompleterFunc func(ctx context.Context, req CompletionRequest) (string, error)

// Complete calls f.
func (f CompleterFunc) Complete(ctx context.Context, req CompletionRequest) (string, error) {
	return f(ctx, req)
}

// FormalizeSystem is the system prompt of every FORMALIZE request.
const FormalizeSystem = "You convert text into JSON. Reply with only a JSON value that matches the given TypeScript type and JSON Schema: no prose, no code fence. Use only information present in the text."

// compiledType is a FORMALIZE type compiled once per run.
type compiledType struct {
	src    string
	doc    []byte
	schema *runtime.Schema
	array  bool
}

// formalize is FORMALIZE(text, type).
func (r *run) formalize(c goja.FunctionCall) goja.Value {
	if r.out.Totals.FormalizeCalls >= r.limits.MaxFormalizeCalls {
		r.fail(&Error{Kind: KindLimit, Message: fmt.Sprintf("the script made more than %d FORMALIZE calls, the limit; formalize larger pieces of text at once", r.limits.MaxFormalizeCalls)})
		return goja.Undefined()
	}
	text := c.Argument(0)
	typeSrc, ok := c.Argument(1).Export().(string)
	if !ok {
		return r.rejected("TypeError", "FORMALIZE(text, type): type must be TypeScript type text, e.g. \"{ name: string }[]\"")
	}
	if !r.host.canFormalize() {
		return r.rejected("Error", "FORMALIZE is not available in this environment; parse the text in the script instead")
	}
	if err := r.budget.takeFormalize(); err != nil {
		r.fail(err)
		return goja.Undefined()
	}
	input := text.String()
	if _, isStr := text.Export().(string); !isStr {
		input = r.show(text)
	}
	r.out.Totals.FormalizeCalls++
	idx := len(r.out.Formalize)
	r.out.Formalize = append(r.out.Formalize, FormalizeRecord{Type: typeSrc, InputBytes: len(input)})
	return r.async(func(ctx context.Context) func(resolve, reject func(any) error) error {
		start := time.Now()
		rep := r.host.formalize(ctx, -(idx + 1), input, typeSrc) // negative: apart from the tool calls' seqs
		d := since(start)
		return func(resolve, reject func(any) error) error {
			if rep.ErrName == limitErrName {
				return r.end(&Error{Kind: KindLimit, Message: rep.Err})
			}
			rec := &r.out.Formalize[idx]
			rec.Chunks, rec.Requests, rec.Duration, rec.OK = rep.Chunks, rep.Requests, d, rep.Err == ""
			r.out.Totals.CompleterRequests += rep.Requests
			if rep.Err != "" {
				rec.Error = rep.Err
				return reject(r.newError(rep.ErrName, rep.Err))
			}
			pv, perr := r.parse(goja.Undefined(), r.vm.ToValue(string(rep.Value)))
			if perr != nil {
				return reject(r.newError("FormalizeError", perr.Error()))
			}
			return resolve(pv)
		}
	})
}

// formalizer runs one FORMALIZE call off the VM goroutine.
type formalizer struct {
	opts     Options
	ct       *compiledType
	chunks   int
	requests int
}

// run formalizes text; text for an array type is split into chunks
// within the token budget, whose arrays are concatenated.
func (f *formalizer) run(ctx context.Context, text string) (json.RawMessage, error) {
	if !f.ct.array {
		f.chunks = 1
		v, err := f.one(ctx, text)
		if err != nil {
			return nil, err
		}
		return json.Marshal(v)
	}
	chunks := splitLines(text, f.budget(), f.count)
	f.chunks = len(chunks)
	items := []any{}
	for i, chunk := range chunks {
		v, err := f.one(ctx, chunk)
		if err != nil {
			if len(chunks) > 1 {
				return nil, fmt.Errorf("chunk %d of %d: %w", i+1, len(chunks), err)
			}
			return nil, err
		}
		items = append(items, v.([]any)...)
	}
	return json.Marshal(items)
}

func (f *formalizer) budget() int {
	if f.opts.ChunkTokens > 0 {
		return f.opts.ChunkTokens
	}
	return 2000
}

func (f *formalizer) count(s string) int {
	if f.opts.CountTokens != nil {
		return f.opts.CountTokens(s)
	}
	return (len(s) + 3) / 4
}

// one asks for one value, and once more with the errors if the reply is
// not valid.
func (f *formalizer) one(ctx context.Context, text string) (any, error) {
	user := f.prompt(text)
	var lastErr error
	for attempt := 0; attempt < 2; attempt++ {
		f.requests++
		reply, err := f.opts.Completer.Complete(ctx, CompletionRequest{Model: f.model(), System: FormalizeSystem, User: user})
		if err != nil {
			return nil, fmt.Errorf("FORMALIZE: the model request failed: %w", err)
		}
		v, verr := f.check(reply)
		if verr == nil {
			return v, nil
		}
		lastErr = verr
		user = f.prompt(text) + "\n\nYour previous reply was not valid:\n" + reply + "\n\nProblems: " + verr.Error() + "\nReply again with only the corrected JSON."
	}
	return nil, fmt.Errorf("FORMALIZE: the model's reply did not match %s after a retry: %v", f.ct.src, lastErr)
}

func (f *formalizer) model() string {
	if f.opts.FormalizeModel != "" {
		return f.opts.FormalizeModel
	}
	return DefaultFormalizeModel
}

func (f *formalizer) prompt(text string) string {
	return "TypeScript type:\n" + f.ct.src + "\n\nJSON Schema:\n" + string(f.ct.doc) + "\n\nText:\n" + text
}

// check decodes and validates a reply.
func (f *formalizer) check(reply string) (any, error) {
	v, err := runtime.Decode([]byte(StripFence(reply)), runtime.DefaultLimits)
	if err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	if err := f.ct.schema.Validate(v); err != nil {
		return nil, err
	}
	return v, nil
}

// StripFence returns the contents of the first markdown code fence in s,
// or s trimmed when it has none: small models often wrap JSON in ```json.
func StripFence(s string) string {
	s = strings.TrimSpace(s)
	i := strings.Index(s, "```")
	if i < 0 {
		return s
	}
	rest := s[i+3:]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[nl+1:]
	} else {
		rest = strings.TrimLeft(rest, "abcdefghijklmnopqrstuvwxyz")
	}
	if j := strings.Index(rest, "```"); j >= 0 {
		rest = rest[:j]
	}
	return strings.TrimSpace(rest)
}

// splitLines splits text on line boundaries into chunks of at most budget
// tokens each (a single longer line is a chunk of its own). Lines are
// counted one by one, which is close to counting the joined chunk.
func splitLines(text string, budget int, count func(string) int) []string {
	lines := strings.SplitAfter(text, "\n")
	var chunks []string
	var cur strings.Builder
	used := 0
	for _, l := range lines {
		if l == "" {
			continue
		}
		n := count(l)
		if used > 0 && used+n > budget {
			chunks = append(chunks, cur.String())
			cur.Reset()
			used = 0
		}
		cur.WriteString(l)
		used += n
	}
	if cur.Len() > 0 || len(chunks) == 0 {
		chunks = append(chunks, cur.String())
	}
	return chunks
}
