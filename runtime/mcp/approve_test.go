package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/runtime"
)

type pathArgs struct {
	Path string `json:"path"`
}

// TestElicitApprover: a call needing approval runs only when the client
// accepts the elicitation; a decline, or a client that cannot be asked,
// refuses it.
func TestElicitApprover(t *testing.T) {
	reg := runtime.NewRegistry()
	reg.Use(runtime.Approval(ElicitApprover()))
	tool, err := runtime.Func("rm", "Remove a path.", func(ctx context.Context, in pathArgs) (string, error) { return "removed " + in.Path, nil })
	if err != nil {
		t.Fatal(err)
	}
	tool.Annotations.RequiresApproval = true
	if err := reg.Register(tool); err != nil {
		t.Fatal(err)
	}
	srv := NewServer(&ToolSet{Registry: reg}, Options{})
	var asked []string
	run := func(handler func(context.Context, *sdk.ElicitRequest) (*sdk.ElicitResult, error), path string) (bool, string) {
		ctx := context.Background()
		ct, st := sdk.NewInMemoryTransports()
		if _, err := srv.Connect(ctx, st); err != nil {
			t.Fatal(err)
		}
		sess, err := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "1"}, &sdk.ClientOptions{ElicitationHandler: handler}).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: "rm", Arguments: json.RawMessage(`{"path":"` + path + `"}`)})
		if err != nil {
			t.Fatal(err)
		}
		return res.IsError, res.Content[0].(*sdk.TextContent).Text
	}
	answer := func(action string) func(context.Context, *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
		return func(_ context.Context, r *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			asked = append(asked, r.Params.Message)
			return &sdk.ElicitResult{Action: action}, nil
		}
	}
	if isErr, text := run(answer("accept"), "/tmp/a"); isErr || text != "removed /tmp/a" {
		t.Errorf("accepted: %v %s", isErr, text)
	}
	if isErr, text := run(answer("decline"), "/"); !isErr || !strings.Contains(text, `approval denied (the user chose "decline")`) {
		t.Errorf("declined: %v %s", isErr, text)
	}
	if isErr, text := run(nil, "/"); !isErr || !strings.Contains(text, "approval denied (the client could not be asked") {
		t.Errorf("no elicitation support: %v %s", isErr, text)
	}
	if len(asked) != 2 || asked[0] != `Run tool "rm" with {"path":"/tmp/a"}?` {
		t.Errorf("asked %q", asked)
	}
}
