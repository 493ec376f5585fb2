package mcp

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/runtime/script"
)

// TestScriptHeldToSkills is issue 18's second finding: a tool locked
// behind a skill ran through TOOL_CALL, and the script tool's description
// declared it. One gate now holds direct and scripted calls alike.
func TestScriptHeldToSkills(t *testing.T) {
	f := newFixture(t, true)
	srv := NewServer(f.set, Options{})
	sess, _, changed := connect(t, srv)
	if d := scriptDescription(t, srv, sess); strings.Contains(d, "delete_file") || !strings.Contains(d, "get_weather") {
		t.Fatalf("before load_skill the script tool declares:\n%s", d)
	}
	res, text := callTool(t, sess, script.ToolName, `{"script":"return await TOOL_CALL(\"delete_file\", {path: \"x\"})"}`)
	if !res.IsError || !strings.Contains(text, `call load_skill with name "admin" first`) || strings.Contains(text, "deleted") {
		t.Fatalf("a locked tool ran from a script: %s", text)
	}
	// The script may load the skill itself, exactly as a direct call may;
	// the call then passes the gate and meets the fixture's approver.
	_, text = callTool(t, sess, script.ToolName, `{"script":"await TOOL_CALL(\"load_skill\", {name: \"admin\"}); return await TOOL_CALL(\"delete_file\", {path: \"x\"})"}`)
	if !strings.Contains(text, "approval denied") {
		t.Fatalf("after load_skill in the script: %s", text)
	}
	<-changed
	if d := scriptDescription(t, srv, sess); !strings.Contains(d, "delete_file") {
		t.Errorf("after load_skill the script tool does not declare delete_file:\n%s", d)
	}
	other, _, _ := connect(t, srv)
	if d := scriptDescription(t, srv, other); strings.Contains(d, "delete_file") {
		t.Errorf("another session's script tool declares delete_file")
	}
	res, text = callTool(t, other, script.ToolName, `{"script":"return await TOOL_CALL(\"delete_file\", {path: \"x\"})"}`)
	if !res.IsError || strings.Contains(text, "deleted") {
		t.Errorf("another session's script ran the locked tool: %s", text)
	}
}

func scriptDescription(t *testing.T, _ *Server, sess *sdk.ClientSession) string {
	t.Helper()
	res, err := sess.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range res.Tools {
		if tl.Name == script.ToolName {
			return tl.Description
		}
	}
	t.Fatal("no tool_call_script listed")
	return ""
}
