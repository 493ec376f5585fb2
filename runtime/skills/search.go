package skills

import (
	"context"
	"fmt"
	"strings"

	"github.com/tscg/tscg/runtime"
)

// SearchTools is the name of the tool that finds tools by a query and
// unlocks them (serve --tool-search).
const SearchTools = "search_tools"

// Search limits: how many tools one search returns by default and at most.
const (
	DefaultSearchLimit = 5
	MaxSearchLimit     = 20
)

// Found is what a search found: the tools' names, best first, and the
// signatures the model reads to call them (tscg's compact grammar, with
// the named types they use).
type Found struct {
	Names      []string
	Signatures string
}

// Finder ranks tools for a query, best first, at most limit of them.
type Finder func(query string, limit int) Found

type searchArgs struct {
	Query string `json:"query" description:"What you want to do, in plain words (e.g. \"convert a currency amount\"); the tool's name need not be known." jsonschema:"minLength=1"`
	Limit *int   `json:"limit,omitempty" description:"At most this many tools (default 5)." jsonschema:"minimum=1,maximum=20"`
}

// SearchTool returns the search_tools tool: it ranks the tools with find,
// returns the best ones' signatures and, in a session (NewContext),
// unlocks them so they are callable from then on. The host tells the
// client its tool list changed (the MCP server does so after any call
// that changed the session's active tools).
func SearchTool(find Finder) (runtime.Tool, error) {
	desc := "Find tools for a task and make them callable: returns the best matching tools' signatures " +
		"(name(params) -> result, with descriptions). Tools not listed yet are found here; call it again with other words if none fits."
	return runtime.Func(SearchTools, desc, func(ctx context.Context, in searchArgs) (string, error) {
		q := strings.TrimSpace(in.Query)
		if q == "" {
			return "", fmt.Errorf("query is empty: describe the task in a few words")
		}
		limit := DefaultSearchLimit
		if in.Limit != nil {
			limit = min(max(*in.Limit, 1), MaxSearchLimit)
		}
		found := find(q, limit)
		if len(found.Names) == 0 {
			return fmt.Sprintf("No tool matches %q. Try other words (what the tool does, the kind of thing it works on).", q), nil
		}
		var b strings.Builder
		if len(found.Names) == 1 {
			fmt.Fprintf(&b, "1 tool matches %q (%s)", q, found.Names[0])
		} else {
			fmt.Fprintf(&b, "%d tools match %q (best first: %s)", len(found.Names), q, strings.Join(found.Names, ", "))
		}
		if sess := FromContext(ctx); sess != nil {
			sess.Unlock(found.Names...)
			if len(found.Names) == 1 {
				b.WriteString("; it is callable now")
			} else {
				b.WriteString("; they are callable now")
			}
		}
		b.WriteString(":\n\n")
		b.WriteString(strings.TrimRight(found.Signatures, "\n"))
		return b.String(), nil
	})
}
