package mcp

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tscg/tscg/runtime/script"
	"github.com/tscg/tscg/runtime/skills"
)

// TestToolSearchGate serves with tool search: a session starts with
// search_tools and the always-on tools; a search unlocks what it found
// for that session only, which is told its tool list changed, and the
// gate holds scripts to the same list.
func TestToolSearchGate(t *testing.T) {
	f := newFixture(t, false)
	st, err := skills.SearchTool(func(q string, limit int) skills.Found {
		if strings.Contains(q, "weather") {
			return skills.Found{Names: []string{"get_weather"}, Signatures: "get_weather(location: string) -> object  # Current weather."}
		}
		return skills.Found{}
	})
	must(t, err)
	must(t, f.reg.Register(st))
	f.set.Always = []string{skills.SearchTools, script.ToolName}
	f.set.Search = skills.SearchTools
	srv := NewServer(f.set, Options{})
	sess, _, changed := connect(t, srv)
	if got := toolNames(t, sess); !slices.Equal(got, []string{skills.SearchTools, script.ToolName}) {
		t.Fatalf("tools before a search: %v", got)
	}
	res, text := callTool(t, sess, "get_weather", `{"location":"Paris, France"}`)
	if !res.IsError || !strings.Contains(text, "call search_tools") || res.Meta["tscg/refusal"] != "not_active" {
		t.Fatalf("get_weather before a search: %v %s", res.Meta, text)
	}
	res, text = callTool(t, sess, script.ToolName, `{"script":"return await TOOL_CALL('get_weather', {location: 'Oslo, Norway'})"}`)
	if !res.IsError || strings.Contains(text, "light rain") {
		t.Fatalf("a script ran get_weather before a search: %s", text)
	}
	res, text = callTool(t, sess, skills.SearchTools, `{"query":"weather in a city"}`)
	if res.IsError || !strings.Contains(text, "get_weather(location: string)") || !strings.Contains(text, "callable now") {
		t.Fatalf("search_tools: %s", text)
	}
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("no notifications/tools/list_changed after the search")
	}
	if got := toolNames(t, sess); !slices.Contains(got, "get_weather") || slices.Contains(got, "delete_file") {
		t.Errorf("tools after the search: %v", got)
	}
	if res, text := callTool(t, sess, "get_weather", `{"location":"Paris, France"}`); res.IsError || !strings.Contains(text, "light rain") {
		t.Errorf("get_weather after the search: %s", text)
	}
	if d := scriptDescription(t, srv, sess); !strings.Contains(d, "get_weather") {
		t.Errorf("the script tool does not declare the unlocked tool:\n%s", d)
	}
	// A search finding nothing changes nothing.
	if _, text := callTool(t, sess, skills.SearchTools, `{"query":"zzz"}`); !strings.Contains(text, "No tool matches") {
		t.Errorf("empty search: %s", text)
	}
	other, _, _ := connect(t, srv)
	if got := toolNames(t, other); slices.Contains(got, "get_weather") {
		t.Errorf("another session sees the unlocked tool: %v", got)
	}
	// A swap keeps what the session unlocked.
	srv.Swap(f.set)
	if got := toolNames(t, sess); !slices.Contains(got, "get_weather") {
		t.Errorf("after a swap the session lost the unlocked tool: %v", got)
	}
}
