package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/tokens"
)

// TokenBudget counts what the tool list costs an agent in tokens.
var TokenBudget = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "token-budget",
		Summary:         "tools and catalogs that cost more tokens than the budget, counted with a real BPE tokenizer",
		DefaultSeverity: diag.Warning,
		Category:        catCost,
		Since:           since,
		Doc: "Each tool is encoded in the OpenAI function form (`{\"type\":\"function\",\"function\":{name,\n" +
			"description, parameters}}`) and counted with `encoding` (o200k_base by default, cl100k_base\n" +
			"possible), offline. A tool above `toolBudget` (default 800) is reported, and so is a catalog whose\n" +
			"tokens × `rounds` (default 20: the whole list is resent every round) pass `catalogBudget` (default\n" +
			"200,000; 50 detailed tools × 20 rounds ≈ 233k).",
	},
	Run: runTokenBudget,
}

// ToolCost is one tool's token count.
type ToolCost struct {
	Tool   *ir.Tool
	Tokens int
}

// OpenAIForm returns the compact OpenAI function-calling JSON of a tool,
// with the parameters as rendered by schema (without "$schema").
func OpenAIForm(t *ir.Tool, params []byte) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(params, &m); err != nil {
		return nil, fmt.Errorf("decode parameters of %s: %w", t.Name, err)
	}
	delete(m, "$schema")
	fn := struct {
		Name        string                     `json:"name"`
		Description string                     `json:"description,omitempty"`
		Parameters  map[string]json.RawMessage `json:"parameters"`
	}{t.Name, t.Description, m}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(map[string]any{"type": "function", "function": fn})
	return bytes.TrimSpace(buf.Bytes()), err
}

// Costs counts the tokens of every tool with the given encoding, on both
// cores; schema renders a tool's parameters.
func Costs(tools []*ir.Tool, encoding string, schema func(*ir.Type) ([]byte, error)) ([]ToolCost, error) {
	out := make([]ToolCost, len(tools))
	errs := make([]error, len(tools))
	var wg sync.WaitGroup
	const workers = 4
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(tools); i += workers {
				out[i], errs[i] = cost(tools[i], encoding, schema)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func cost(t *ir.Tool, encoding string, schema func(*ir.Type) ([]byte, error)) (ToolCost, error) {
	params, err := schema(t.Params)
	if err != nil {
		return ToolCost{}, fmt.Errorf("render %s: %w", t.Name, err)
	}
	form, err := OpenAIForm(t, params)
	if err != nil {
		return ToolCost{}, err
	}
	n, err := tokens.Count(encoding, string(form))
	return ToolCost{Tool: t, Tokens: n}, err
}

func runTokenBudget(p *analyzer.Pass) {
	s := p.Settings
	costs, err := Costs(p.Tools, s.Encoding, p.Schema)
	if err != nil {
		p.ReportSeverity(diag.Warning, catalogPos(p), "", "cannot count tokens: %v", err)
		return
	}
	total := 0
	for _, c := range costs {
		total += c.Tokens
		if c.Tokens > s.ToolBudget {
			p.Report(c.Tool.Pos, c.Tool.Name, "tool %q costs %d tokens (%s), more than the budget of %d", c.Tool.Name, c.Tokens, s.Encoding, s.ToolBudget)
			p.Hint("shorten descriptions, drop redundant enums, or move detail into the tool's documentation")
		}
	}
	if total*s.Rounds > s.CatalogBudget {
		sort.SliceStable(costs, func(i, j int) bool { return costs[i].Tokens > costs[j].Tokens })
		p.Report(catalogPos(p), "", "the catalog costs %d tokens per request; over %d rounds that is %d tokens, more than the budget of %d (costliest: %q, %d tokens)",
			total, s.Rounds, total*s.Rounds, s.CatalogBudget, costs[0].Tool.Name, costs[0].Tokens)
		p.Hint("select tools per request, or use a compact description style (tscg describe --style compact)")
	}
}
