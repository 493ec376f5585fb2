package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/toolsearch"
)

func init() { register("search", (*env).searchCommand) }

func (e *env) searchCommand() *cobra.Command {
	var query, queries, format string
	var limit int
	cmd := &cobra.Command{
		Use:   "search [paths...] (--query TEXT | --queries FILE) [--limit N] [--format text|json]",
		Short: "Rank the catalog's tools for a request (deterministic, no model)",
		Long: `search compiles the tool definitions and ranks the tools for a request in plain
words, the way serve --tool-search's search_tools does (docs/search.md): BM25F over
the names split into words, descriptions, parameter names and descriptions, enum
values, examples and groups, then a re-ranking of the best candidates.
  --query TEXT     one request; text prints rank, name, score and description
  --queries FILE   JSON Lines {"id","query"} (- reads stdin); writes {"id","tools":[names…]}
                   one line each, for batch evaluation
Exit 1 when a --query matches no tool.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (query == "") == (queries == "") {
				return usageErr("give one of --query TEXT or --queries FILE")
			}
			if format != "text" && format != "json" {
				return usageErr("unknown --format %q (want text or json)", format)
			}
			if limit <= 0 {
				return usageErr("--limit must be positive, got %d", limit)
			}
			cfg, err := e.loadConfig()
			if err != nil {
				return err
			}
			c, err := e.compile(cfg, args, "")
			if err != nil {
				return err
			}
			e.printWarnings(c)
			ix := toolsearch.New(c.catalog.Tools)
			if queries != "" {
				return e.searchBatch(ix, queries, limit)
			}
			res := ix.Search(query, limit)
			if err := writeSearch(e.stdout, c.catalog.Tools, query, res, format); err != nil {
				return err
			}
			if len(res) == 0 {
				return &exitError{code: ExitFindings, err: fmt.Errorf("no tool of %d matches %q", ix.Len(), query)}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&query, "query", "", "the request `TEXT` to rank tools for")
	cmd.Flags().StringVar(&queries, "queries", "", "JSON Lines `FILE` of {\"id\",\"query\"} (- for stdin)")
	cmd.Flags().IntVar(&limit, "limit", 5, "at most `N` tools per request")
	cmd.Flags().StringVar(&format, "format", "text", "output `FORMAT` for --query: text or json")
	return cmd
}

type searchHit struct {
	Name        string  `json:"name"`
	Score       float64 `json:"score"`
	Description string  `json:"description,omitempty"`
}

// writeSearch prints one request's ranking: text is "rank. name (score):
// description's first line", json {"query","tools":[{name,score,description}]}.
func writeSearch(w io.Writer, tools []*ir.Tool, query string, res []toolsearch.Result, format string) error {
	hits := make([]searchHit, len(res))
	for i, r := range res {
		desc, _, _ := strings.Cut(strings.TrimSpace(tools[r.Index].Description), "\n")
		hits[i] = searchHit{Name: r.Name, Score: float64(int64(r.Score*1000+0.5)) / 1000, Description: desc}
	}
	if format == "json" {
		out, err := json.MarshalIndent(struct {
			Query string      `json:"query"`
			Tools []searchHit `json:"tools"`
		}{query, hits}, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(out, '\n'))
		return err
	}
	var b bytes.Buffer
	for i, h := range hits {
		fmt.Fprintf(&b, "%d. %s (%.3f)", i+1, h.Name, h.Score)
		if h.Description != "" {
			b.WriteString(": " + h.Description)
		}
		b.WriteByte('\n')
	}
	_, err := w.Write(b.Bytes())
	return err
}

// searchBatch answers each {"id","query"} line of path with
// {"id","tools":[names…]}; a malformed line is an error at its line.
func (e *env) searchBatch(ix *toolsearch.Index, path string, limit int) error {
	var r io.Reader = e.stdin
	name := "<stdin>"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return usageErr("--queries: %v", err)
		}
		defer f.Close()
		r, name = f, path
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	out := bufio.NewWriter(e.stdout)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var q struct {
			ID    json.RawMessage `json:"id"`
			Query *string         `json:"query"`
		}
		if err := json.Unmarshal(text, &q); err != nil || q.Query == nil || len(q.ID) == 0 {
			why := "want an object {\"id\", \"query\": string}"
			if err != nil {
				why = err.Error()
			}
			return usageErr("%s:%d:1: %s", name, line, why)
		}
		names := []string{}
		for _, r := range ix.Search(*q.Query, limit) {
			names = append(names, r.Name)
		}
		rec, err := json.Marshal(struct {
			ID    json.RawMessage `json:"id"`
			Tools []string        `json:"tools"`
		}{q.ID, names})
		if err != nil {
			return err
		}
		out.Write(append(rec, '\n'))
		n++
	}
	if err := sc.Err(); err != nil {
		return usageErr("%s: %v", name, err)
	}
	if n == 0 {
		return usageErr("%s: no queries", name)
	}
	return out.Flush()
}
