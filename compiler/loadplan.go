package compiler

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
	"github.com/tscg/tscg/internal/tokens"
)

// LoadingPlan says which tools a request carries whole (eager) and which
// the provider loads on demand through its tool search (deferred).
type LoadingPlan struct {
	Budget   int             // the eager budget in o200k_base tokens
	Deferred map[string]bool // by tool name
	// Tokens is each tool's cost: its Anthropic tool entry, compact JSON,
	// in o200k_base tokens. EagerTokens and AllTokens sum it.
	Tokens                 map[string]int
	EagerTokens, AllTokens int
}

// PlanLoading chooses deterministically which tools load eagerly within
// budget tokens: tools in order of calls (usage, from tscg serve's
// metrics; may be nil), then non-deprecated before deprecated, then the
// tools of the groups called most, then the cheaper, then by name; each is taken while the eager total
// stays within budget, the rest are deferred. A tool whose source
// declares it deferred (ir.Tool.DeferLoading) is never taken, whatever
// the budget, but where every tool is declared so: at least one tool
// stays eager (Anthropic rejects a request whose every tool is deferred).
func PlanLoading(cat *ir.Catalog, budget int, usage map[string]int) (*LoadingPlan, error) {
	v, _, err := providers.Build(cat, "providers/anthropic.json", providers.Options{})
	if err != nil {
		return nil, err
	}
	entries, _ := v.([]any)
	p := &LoadingPlan{Budget: budget, Deferred: map[string]bool{}, Tokens: map[string]int{}}
	for i, t := range cat.Tools {
		if i >= len(entries) {
			break
		}
		n, err := tokens.Count(tokens.O200kBase, string(orderedjson.Compact(entries[i])))
		if err != nil {
			return nil, err
		}
		p.Tokens[t.Name] += n
		p.AllTokens += n
	}
	order := append([]*ir.Tool(nil), cat.Tools...)
	groupUse := map[string]int{}
	for _, t := range cat.Tools {
		groupUse[t.Group] += usage[t.Name]
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.DeferLoading != b.DeferLoading {
			return !a.DeferLoading
		}
		if usage[a.Name] != usage[b.Name] {
			return usage[a.Name] > usage[b.Name]
		}
		if a.Deprecated != b.Deprecated {
			return !a.Deprecated
		}
		if groupUse[a.Group] != groupUse[b.Group] {
			return groupUse[a.Group] > groupUse[b.Group]
		}
		if p.Tokens[a.Name] != p.Tokens[b.Name] {
			return p.Tokens[a.Name] < p.Tokens[b.Name]
		}
		return a.Name < b.Name
	})
	eager := map[string]bool{}
	for i, t := range order {
		if eager[t.Name] {
			continue
		}
		if t.DeferLoading && i > 0 {
			continue
		}
		if c := p.Tokens[t.Name]; i == 0 || p.EagerTokens+c <= budget {
			eager[t.Name] = true
			p.EagerTokens += c
		}
	}
	for _, t := range cat.Tools {
		if !eager[t.Name] {
			p.Deferred[t.Name] = true
		}
	}
	return p, nil
}

// ReadUsage reads tool call counts from tscg serve's metrics (the
// Prometheus text of /metrics): the tscg_tool_calls_total samples, summed
// over outcomes per tool. name is used in error positions.
func ReadUsage(name string, data []byte) (map[string]int, error) {
	usage := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	found := false
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		rest, ok := strings.CutPrefix(text, "tscg_tool_calls_total{")
		if !ok {
			continue
		}
		labels, value, ok := strings.Cut(rest, "} ")
		tool, okTool := label(labels, "tool")
		n, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if !ok || !okTool || err != nil || n < 0 {
			return nil, fmt.Errorf("%s:%d:1: not a tscg_tool_calls_total{tool=…,outcome=…} N sample", name, line)
		}
		usage[tool] += int(n)
		found = true
	}
	if !found {
		return nil, fmt.Errorf("%s: no tscg_tool_calls_total samples (want the text of tscg serve's /metrics)", name)
	}
	return usage, sc.Err()
}

// label finds key="value" in a Prometheus label list.
func label(labels, key string) (string, bool) {
	for labels != "" {
		k, rest, ok := strings.Cut(labels, "=")
		if !ok || !strings.HasPrefix(rest, `"`) {
			return "", false
		}
		end := 1
		for end < len(rest) && rest[end] != '"' {
			if rest[end] == '\\' {
				end++
			}
			end++
		}
		if end >= len(rest) {
			return "", false
		}
		v, err := strconv.Unquote(rest[:end+1])
		if err != nil {
			return "", false
		}
		if strings.TrimSpace(k) == key {
			return v, true
		}
		labels = strings.TrimPrefix(rest[end+1:], ",")
	}
	return "", false
}
