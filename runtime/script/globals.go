package script

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
	"github.com/tscg/tscg/runtime"
)

// setup makes a fresh VM with the script's globals and nothing else of
// the host's.
func (r *run) setup() error {
	vm := goja.New()
	vm.SetMaxCallStackSize(maxCallStack)
	// eval and new Function parse code too: never let them read a source
	// map from the disk.
	vm.SetParserOptions(parser.WithDisableSourceMaps)
	r.vm = vm
	js := vm.Get("JSON").ToObject(vm)
	var ok bool
	if r.stringify, ok = goja.AssertFunction(js.Get("stringify")); !ok {
		return fmt.Errorf("script: JSON.stringify missing")
	}
	if r.parse, ok = goja.AssertFunction(js.Get("parse")); !ok {
		return fmt.Errorf("script: JSON.parse missing")
	}
	r.errorCtor = vm.Get("Error")
	console := vm.NewObject()
	for _, level := range []string{"log", "info", "warn", "error", "debug"} {
		if err := console.Set(level, r.consoleFunc(level)); err != nil {
			return err
		}
	}
	// A fixed order keeps every run's global object the same.
	for _, g := range []struct {
		name string
		v    any
	}{{"console", console}, {"TOOL_CALL", r.toolCall}, {"FORMALIZE", r.formalize}} {
		if err := vm.Set(g.name, g.v); err != nil {
			return fmt.Errorf("script: set %s: %w", g.name, err)
		}
	}
	return nil
}

func (r *run) consoleFunc(level string) func(goja.FunctionCall) goja.Value {
	return func(c goja.FunctionCall) goja.Value {
		parts := make([]string, len(c.Arguments))
		for i, a := range c.Arguments {
			parts[i] = r.show(a)
		}
		r.log(level, strings.Join(parts, " "))
		return goja.Undefined()
	}
}

// show renders a console argument: strings as they are, other values as
// JSON where they have a JSON form.
func (r *run) show(v goja.Value) string {
	if s, ok := v.Export().(string); ok {
		return s
	}
	if o, ok := v.(*goja.Object); ok && o.ClassName() == "Error" {
		return v.String()
	}
	if s, err := r.stringify(goja.Undefined(), v); err == nil && !goja.IsUndefined(s) {
		return s.String()
	}
	return v.String()
}

func (r *run) log(level, text string) {
	if r.out.LogTruncated {
		return
	}
	if r.logBytes+len(text) > r.limits.MaxLogBytes {
		r.out.LogTruncated = true
		r.out.Log = append(r.out.Log, LogLine{Level: "warn", Text: fmt.Sprintf("[log truncated: over %d bytes]", r.limits.MaxLogBytes)})
		return
	}
	r.logBytes += len(text)
	r.out.Log = append(r.out.Log, LogLine{Level: level, Text: text})
}

// toolCall is TOOL_CALL(name, args).
func (r *run) toolCall(c goja.FunctionCall) goja.Value {
	name, ok := c.Argument(0).Export().(string)
	if !ok {
		return r.rejected("TypeError", "TOOL_CALL(name, args): name must be a string naming a tool")
	}
	if r.out.Totals.ToolCalls >= r.limits.MaxToolCalls {
		r.fail(&Error{Kind: KindLimit, Message: fmt.Sprintf("the script made more than %d tool calls, the limit; batch the work or ask for less", r.limits.MaxToolCalls)})
		return goja.Undefined()
	}
	args, err := r.argsJSON(c.Argument(1))
	if err != nil {
		return r.rejected("TypeError", fmt.Sprintf("TOOL_CALL(%q, args): args must be a JSON-serialisable object: %v", name, err))
	}
	if err := r.budget.takeCall(); err != nil {
		r.fail(err)
		return goja.Undefined()
	}
	r.out.Totals.ToolCalls++
	idx := len(r.out.Calls)
	r.out.Calls = append(r.out.Calls, CallRecord{Name: name, Arguments: args})
	if !r.host.hasTools() {
		return r.settleCall(idx, runtime.Result{IsError: true, Content: fmt.Sprintf("unknown tool %q: no tools are available to this script", name)}, 0)
	}
	return r.async(func(ctx context.Context) func(resolve, reject func(any) error) error {
		if !r.acquire(ctx) {
			return func(_, reject func(any) error) error { return nil }
		}
		defer r.release()
		start := time.Now()
		res := r.host.call(ctx, idx+1, name, args)
		d := since(start)
		return func(resolve, reject func(any) error) error {
			if e, ok := res.Meta[metaEnd].(*Error); ok {
				r.record(idx, res, d)
				return r.end(e)
			}
			r.record(idx, res, d)
			if name == ToolName {
				r.adopt(res)
			}
			if res.IsError {
				return reject(r.toolError(name, res))
			}
			if res.Text {
				return resolve(r.vm.ToValue(res.Content))
			}
			return resolve(r.toolValue(name, res.Content))
		}
	})
}

// settleCall settles a call the script made that never reached the
// Registry.
func (r *run) settleCall(idx int, res runtime.Result, d time.Duration) goja.Value {
	r.record(idx, res, d)
	p, _, reject := r.vm.NewPromise()
	_ = reject(r.toolError(r.out.Calls[idx].Name, res))
	return r.vm.ToValue(p)
}

func (r *run) record(idx int, res runtime.Result, d time.Duration) {
	rec := &r.out.Calls[idx]
	rec.OK, rec.Duration = !res.IsError, d
	if res.IsError {
		rec.Error = res.Content
		r.out.Totals.ToolErrors++
	}
}

func (r *run) argsJSON(v goja.Value) (json.RawMessage, error) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return json.RawMessage("{}"), nil
	}
	s, err := r.stringify(goja.Undefined(), v)
	if err != nil {
		return nil, err
	}
	if goja.IsUndefined(s) {
		return nil, fmt.Errorf("it has no JSON form")
	}
	return json.RawMessage(s.String()), nil
}

// toolError is the Error a rejected TOOL_CALL throws: the runtime's
// message, written for the model, plus the tool name and any violations.
func (r *run) toolError(name string, res runtime.Result) *goja.Object {
	e := r.newError("ToolError", res.Content)
	_ = e.Set("tool", name)
	if vs, ok := res.Meta["errors"]; ok {
		if b, err := json.Marshal(vs); err == nil {
			if v, err := r.parse(goja.Undefined(), r.vm.ToValue(string(b))); err == nil {
				_ = e.Set("errors", v)
			}
		}
	}
	return e
}

// toolValue is what a successful TOOL_CALL resolves to: parsed JSON when
// the tool declares an output schema or returned an object or array,
// otherwise the text.
func (r *run) toolValue(name, content string) goja.Value {
	t := strings.TrimSpace(content)
	if r.host.declared(name) || strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
		if v, err := r.parse(goja.Undefined(), r.vm.ToValue(content)); err == nil {
			return v
		}
	}
	return r.vm.ToValue(content)
}
