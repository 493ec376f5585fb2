package script

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// maxCallStack bounds JavaScript recursion, so a runaway recursive script
// fails with a RangeError instead of exhausting the host's memory.
const maxCallStack = 4096

// run is the state of one execution. The VM is touched only from the
// goroutine that called Run; tool calls and FORMALIZE requests run on
// their own goroutines and hand their settlement back through done.
type run struct {
	host   host
	limits Limits
	par    int
	vm     *goja.Runtime
	ctx    context.Context
	out    Outcome

	done    chan func() error
	pending int
	sem     chan struct{}
	failure *Error  // a limit that ended the run
	budget  *budget // shared with sub-scripts and the script above; nil in a worker

	stringify, parse goja.Callable
	errorCtor        goja.Value
	logBytes         int
}

func newRun(h host, limits Limits, parallel int) *run {
	if parallel <= 0 {
		parallel = 4
	}
	return &run{host: h, limits: limits.withDefaults(), par: parallel, done: make(chan func() error), sem: make(chan struct{}, parallel)}
}

func (r *run) execute(parent context.Context, source string) (Outcome, error) {
	js, serr := transpile(source)
	if serr != nil {
		return r.out, serr
	}
	ctx, cancel := context.WithTimeout(parent, r.limits.Timeout)
	defer cancel()
	r.ctx = ctx
	if err := r.setup(); err != nil {
		return r.out, err
	}
	// Interrupt stops JavaScript that never yields (a busy loop); the
	// event loop below notices the deadline while waiting on tools.
	stop := context.AfterFunc(ctx, func() { r.vm.Interrupt(ctx.Err()) })
	defer stop()
	prog, err := compile(js)
	if err != nil {
		return r.out, err
	}
	v, err := r.vm.RunProgram(prog)
	if err != nil {
		return r.out, r.convert(err)
	}
	p, ok := v.Export().(*goja.Promise)
	if !ok {
		return r.out, &Error{Kind: KindRuntime, Message: "internal error: the script wrapper did not produce a promise"}
	}
	if err := r.loop(); err != nil {
		return r.out, err
	}
	return r.out, r.finish(p)
}

func compile(js string) (*goja.Program, error) {
	ast, err := goja.Parse(FileName, js, parser.WithSourceMapLoader(refuseSourceMap))
	if err != nil {
		return nil, &Error{Kind: KindSyntax, Message: "SyntaxError: " + err.Error()}
	}
	prog, err := goja.CompileAST(ast, false)
	if err != nil {
		return nil, &Error{Kind: KindSyntax, Message: "SyntaxError: " + err.Error()}
	}
	return prog, nil
}

// refuseSourceMap keeps a script from making goja read a file named in a
// sourceMappingURL comment; only the inline map esbuild writes is used.
func refuseSourceMap(string) ([]byte, error) {
	return nil, errors.New("external source maps are not loaded")
}

// loop waits for tool calls and FORMALIZE requests in flight, settling
// their promises on this goroutine, until none is left.
func (r *run) loop() error {
	for r.pending > 0 {
		select {
		case settle := <-r.done:
			r.pending--
			if err := settle(); err != nil {
				return r.convert(err)
			}
		case <-r.ctx.Done():
			return r.ctxError()
		}
	}
	return nil
}

// finish turns the script's settled promise into the Outcome's result.
func (r *run) finish(p *goja.Promise) error {
	switch p.State() {
	case goja.PromiseStateRejected:
		return r.thrown(p.Result())
	case goja.PromiseStatePending:
		return &Error{Kind: KindRuntime, Message: "the script awaited a promise that never settles; await only TOOL_CALL, FORMALIZE or promises built from them"}
	}
	res := p.Result()
	if goja.IsUndefined(res) {
		r.out.Result = []byte("null")
		return nil
	}
	s, err := r.stringify(goja.Undefined(), res)
	if err != nil {
		return r.convert(err)
	}
	text := "null"
	if !goja.IsUndefined(s) {
		text = s.String()
	}
	if len(text) > r.limits.MaxResultBytes {
		return &Error{Kind: KindLimit, Message: fmt.Sprintf("the returned value is %d bytes of JSON, over the limit of %d; return a smaller summary", len(text), r.limits.MaxResultBytes)}
	}
	r.out.Result = []byte(text)
	return nil
}

// fail ends the run with a limit error: the interrupt unwinds the VM, and
// execute reports failure instead of the InterruptedError.
func (r *run) fail(e *Error) {
	if r.failure == nil {
		r.failure = e
	}
	r.vm.Interrupt(e)
}

// convert maps an error out of goja to an *Error.
func (r *run) convert(err error) error {
	if r.failure != nil {
		return r.failure
	}
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		return r.ctxError()
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		return r.thrown(ex.Value())
	}
	return &Error{Kind: KindRuntime, Message: err.Error()}
}

func (r *run) ctxError() error {
	if r.failure != nil {
		return r.failure
	}
	if errors.Is(r.ctx.Err(), context.Canceled) {
		return &Error{Kind: KindCanceled, Message: "the run was canceled"}
	}
	return &Error{Kind: KindTimeout, Message: fmt.Sprintf("the script ran longer than the limit of %s and was stopped; do less work per script or avoid unbounded loops", r.limits.Timeout)}
}

// thrown renders a value the script threw (usually an Error) with the
// position of the innermost script frame of its stack.
func (r *run) thrown(v goja.Value) error {
	e := &Error{Kind: KindRuntime, Message: "uncaught exception"}
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return e
	}
	if o, ok := v.(*goja.Object); ok {
		if stack := o.Get("stack"); stack != nil && !goja.IsUndefined(stack) {
			e.Line, e.Col = stackPos(stack.String())
		}
	}
	e.Message = "Uncaught " + v.String()
	return e
}

// async runs work off the VM goroutine and returns a promise settled with
// its outcome. work returns the settlement, which runs on the VM
// goroutine because only it may touch JavaScript values.
func (r *run) async(work func(ctx context.Context) func(resolve, reject func(any) error) error) goja.Value {
	p, resolve, reject := r.vm.NewPromise()
	r.pending++
	ctx := r.ctx
	go func() {
		settle := work(ctx)
		select {
		case r.done <- func() error { return settle(resolve, reject) }:
		case <-ctx.Done():
		}
	}()
	return r.vm.ToValue(p)
}

// rejected returns a promise already rejected with an Error(msg).
func (r *run) rejected(name, msg string) goja.Value {
	p, _, reject := r.vm.NewPromise()
	_ = reject(r.newError(name, msg))
	return r.vm.ToValue(p)
}

func (r *run) newError(name, msg string) *goja.Object {
	ctor, _ := goja.AssertConstructor(r.errorCtor)
	o, err := ctor(nil, r.vm.ToValue(msg))
	if err != nil {
		return r.vm.NewObject()
	}
	if name != "" {
		_ = o.Set("name", name)
	}
	return o
}

// acquire takes a slot for a call in flight, or gives up with the run.
func (r *run) acquire(ctx context.Context) bool {
	select {
	case r.sem <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (r *run) release() { <-r.sem }

func since(t time.Time) time.Duration { return time.Since(t) }
