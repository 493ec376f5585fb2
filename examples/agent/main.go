// Command agent is the tiny-agent article's loop over tscg-generated
// executors: a model proposes tool calls, the registry validates them and
// runs the typed handlers, and every result (errors included) goes back to
// the model until it answers or MaxSteps is reached.
//
// The model here is scripted (no network): it makes a valid call, an
// invalid one, calls a tool that does not exist, reads the structured
// errors, corrects itself and answers. Run it with
//
//	go run ./examples/agent
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/tscg/tscg/examples/agent/weather"
	"github.com/tscg/tscg/runtime"
)

// MaxSteps bounds the loop, as in the article.
const MaxSteps = 8

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
}

// run executes the loop and writes the transcript to w.
func run(ctx context.Context, w io.Writer) error {
	reg := runtime.NewRegistry()
	reg.Use(runtime.Recover(), runtime.Truncate(runtime.DefaultTruncate))
	if err := weather.Register(reg, tools{}); err != nil {
		return err
	}
	m := &scriptedModel{}
	var history []runtime.Result
	for step := 0; step < MaxSteps; step++ {
		calls, answer := m.Next(history)
		if answer != "" {
			fmt.Fprintf(w, "answer: %s\n", answer)
			return nil
		}
		history = history[:0]
		for _, c := range calls {
			fmt.Fprintf(w, "step %d call %s %s\n", step, c.Name, c.Arguments)
			res := reg.Dispatch(ctx, c)
			status := "ok"
			if res.IsError {
				status = "error"
			}
			fmt.Fprintf(w, "step %d %s: %s\n", step, status, res.Content)
			history = append(history, res)
		}
	}
	return fmt.Errorf("no answer after %d steps", MaxSteps)
}
