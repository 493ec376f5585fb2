package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/runtime"
)

type sessionKey struct{}

// sessionOf is the MCP session a call came in on (nil outside one).
func sessionOf(ctx context.Context) *sdk.ServerSession {
	ss, _ := ctx.Value(sessionKey{}).(*sdk.ServerSession)
	return ss
}

// ElicitApprover asks the calling MCP client to approve each call
// (elicitation/create, form mode, no fields) and approves only on
// "accept". A client that does not support elicitation cannot approve,
// so the call is refused, with the reason.
func ElicitApprover() runtime.Approver {
	return runtime.ApproverFunc(func(ctx context.Context, req *runtime.Request) error {
		ss := sessionOf(ctx)
		if ss == nil {
			return errors.New("no MCP client to ask")
		}
		args := req.Arguments
		res, err := ss.Elicit(ctx, &sdk.ElicitParams{
			Message:         fmt.Sprintf("Run tool %q with %s?", req.Call.Name, clip(string(args), 500)),
			RequestedSchema: json.RawMessage(`{"type":"object","properties":{}}`),
		})
		if err != nil {
			return fmt.Errorf("the client could not be asked: %v", err)
		}
		if res.Action != "accept" {
			return fmt.Errorf("the user chose %q", res.Action)
		}
		return nil
	})
}

// DenyApprover refuses every call that needs approval.
func DenyApprover() runtime.Approver {
	return runtime.ApproverFunc(func(context.Context, *runtime.Request) error {
		return errors.New("this server refuses calls that need approval (serve.approval.how: deny)")
	})
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
