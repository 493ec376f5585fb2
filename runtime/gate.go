package runtime

import (
	"context"
	"fmt"
)

// Gate decides which tools a conversation may call. A skills session is
// one: a tool its skill has not unlocked yet is refused. Allowed returns
// nil for a permitted call, else the refusal text for the model.
type Gate interface {
	Allowed(name string) error
}

type gateKey struct{}

// WithGate returns ctx carrying g. Every Dispatch under ctx (a direct
// call, or one made from inside a tool_call_script, a workflow step or
// any other tool that passes its context on) asks g first, so there is
// one allow-list per conversation however a call is reached. A gate
// already in ctx is kept in force: g can narrow what it allows, never
// widen it.
func WithGate(ctx context.Context, g Gate) context.Context {
	if g == nil {
		return ctx
	}
	if outer := GateFrom(ctx); outer != nil && outer != g {
		g = bothGates{outer, g}
	}
	return context.WithValue(ctx, gateKey{}, g)
}

// GateFrom returns the gate in ctx, or nil.
func GateFrom(ctx context.Context) Gate {
	g, _ := ctx.Value(gateKey{}).(Gate)
	return g
}

// Allowed asks the gate in ctx about name; nil when ctx has no gate.
// Hosts that refuse before Dispatch (to skip a queue) call it to use the
// very same decision.
func Allowed(ctx context.Context, name string) error {
	if g := GateFrom(ctx); g != nil {
		return g.Allowed(name)
	}
	return nil
}

type bothGates [2]Gate

func (b bothGates) Allowed(name string) error {
	if err := b[0].Allowed(name); err != nil {
		return err
	}
	return b[1].Allowed(name)
}

// RefusalNotActive is the Meta "refusal" of a call its gate refused.
const RefusalNotActive = "not_active"

func gateRefusal(_ Call, err error) Result {
	return Result{IsError: true, Content: fmt.Sprint(err), Meta: map[string]any{"refusal": RefusalNotActive}}
}
