package mcplive

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// protocolVersion is the version tscg asks for. The go-sdk's newest
// (2026-07-28) starts with server/discover, which servers of earlier
// versions may leave unanswered.
const protocolVersion = "2025-11-25"

// Take reads the live tools/list of the server s within lim.
func Take(ctx context.Context, s Server, lim Limits) (*Snapshot, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	lim = lim.withDefaults()
	b := &budget{limit: lim.MaxBytes}
	if s.URL != "" {
		return takeHTTP(ctx, &s, lim, b)
	}
	return takeStdio(ctx, &s, lim, b)
}

// session runs initialize and every tools/list page over rec.
func session(ctx context.Context, rec *recorder, lim Limits) (*Snapshot, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "tscg", Version: "snapshot"}, nil)
	sctx, cancel := context.WithTimeout(ctx, lim.Start)
	cs, err := client.Connect(sctx, rec, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersion})
	cancel()
	if err != nil {
		return nil, timeoutOr(err, "initialize", lim.Start, "--start-timeout")
	}
	defer cs.Close()
	res := cs.InitializeResult()
	if res.Capabilities == nil || res.Capabilities.Tools == nil {
		return nil, errors.New("not a tool server: its initialize result declares no tools capability")
	}
	rec.setProtocol(res.ProtocolVersion)
	lctx, cancel := context.WithTimeout(ctx, lim.List)
	defer cancel()
	pages, err := listAll(lctx, cs, rec)
	if err != nil {
		return nil, timeoutOr(err, "tools/list", lim.List, "--list-timeout")
	}
	return newSnapshot(res, pages)
}

// timeoutOr names the step and the flag that bounds it when err is a
// timeout.
func timeoutOr(err error, step string, d time.Duration, flag string) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("no answer to %s within %v (%s): %w", step, d, flag, err)
	}
	return fmt.Errorf("%s: %w", step, err)
}

// listAll follows nextCursor until the last page and returns each page's
// raw result.
func listAll(ctx context.Context, cs *mcp.ClientSession, rec *recorder) ([]json.RawMessage, error) {
	var pages []json.RawMessage
	seen := map[string]bool{}
	cursor := ""
	for {
		res, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", len(pages)+1, err)
		}
		raw := rec.takePage()
		if raw == nil {
			return nil, fmt.Errorf("page %d: the answer was not recorded", len(pages)+1)
		}
		pages = append(pages, raw)
		if res.NextCursor == "" {
			return pages, nil
		}
		if seen[res.NextCursor] || len(pages) >= maxPages {
			return nil, fmt.Errorf("page %d: nextCursor %q was seen before (or over %d pages): the listing does not end", len(pages), res.NextCursor, maxPages)
		}
		seen[res.NextCursor] = true
		cursor = res.NextCursor
	}
}
