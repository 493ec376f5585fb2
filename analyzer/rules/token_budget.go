package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
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
	// Costs counts on every core, and the o200k vocabulary it loads is
	// ~7 MiB of heap: after the other rules, the peak of lint on BFCL is
	// 6 MiB lower (bench/lint.md).
	Alone: true,
}

// ToolCost is one tool's token count.
type ToolCost struct {
	Tool   *ir.Tool
	Tokens int
}

// OpenAIForm returns the compact OpenAI function-calling JSON of a tool,
// with the parameters as rendered by schema (without "$schema"): what
// encoding/json writes for {"type":"function","function":{name,
// description, parameters}} with the parameters decoded into a map
// (members sorted by key, values compacted), HTML not escaped.
func OpenAIForm(t *ir.Tool, params []byte) ([]byte, error) {
	var f formBuilder
	return f.form(nil, t, params)
}

// formBuilder builds OpenAI forms, reusing its buffers from one tool to
// the next (token-budget builds one per tool on each worker).
type formBuilder struct {
	compact bytes.Buffer
	members []member
	str     bytes.Buffer
	enc     *json.Encoder
}

// form appends t's OpenAI form to dst (see OpenAIForm).
func (f *formBuilder) form(dst []byte, t *ir.Tool, params []byte) ([]byte, error) {
	f.compact.Reset()
	if err := json.Compact(&f.compact, params); err == nil {
		if members, ok := splitMembers(f.members[:0], f.compact.Bytes()); ok {
			f.members = members
			return f.appendOpenAIForm(dst, t, members)
		}
	}
	form, err := openAIFormDecoded(t, params)
	return append(dst, form...), err
}

// member is one member of a compact JSON object: its key as written
// (without escapes) and its value.
type member struct{ key, value []byte }

// splitMembers appends the members of a compact JSON object to out,
// sorted by key, without "$schema". It declines (false) what it would not
// render as openAIFormDecoded does: not an object, a key that is not
// plainKey, or a key given twice.
func splitMembers(out []member, obj []byte) ([]member, bool) {
	if len(obj) < 2 || obj[0] != '{' {
		return nil, false
	}
	i := 1
	if obj[i] == '}' {
		return out, i+1 == len(obj)
	}
	for {
		if i >= len(obj) || obj[i] != '"' {
			return nil, false
		}
		end := bytes.IndexByte(obj[i+1:], '"')
		if end < 0 {
			return nil, false
		}
		key := obj[i+1 : i+1+end]
		if !plainKey(key) {
			return nil, false
		}
		i += end + 2
		if i >= len(obj) || obj[i] != ':' {
			return nil, false
		}
		i++
		n := valueLen(obj[i:])
		if n <= 0 {
			return nil, false
		}
		if string(key) != "$schema" {
			out = append(out, member{key, obj[i : i+n]})
		}
		i += n
		if i >= len(obj) {
			return nil, false
		}
		if obj[i] == '}' {
			if i+1 != len(obj) {
				return nil, false
			}
			break
		}
		if obj[i] != ',' {
			return nil, false
		}
		i++
	}
	slices.SortFunc(out, func(a, b member) int { return bytes.Compare(a.key, b.key) })
	for k := 1; k < len(out); k++ {
		if bytes.Equal(out[k-1].key, out[k].key) {
			return nil, false
		}
	}
	return out, true
}

// plainKey reports whether encoding/json writes key back as it is:
// printable ASCII without escapes (it would rewrite U+2028, U+2029 and
// invalid UTF-8, and unescape what is escaped).
func plainKey(key []byte) bool {
	for _, c := range key {
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

// valueLen returns the length of the compact JSON value at the start of
// b (valid JSON, as json.Compact left it), or 0.
func valueLen(b []byte) int {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if i >= len(b) {
				return 0
			}
		case '{', '[':
			depth++
			continue
		case '}', ']':
			depth--
			if depth < 0 {
				return i // the end of the enclosing object
			}
		case ',':
			if depth == 0 {
				return i
			}
			continue
		default:
			continue
		}
		if depth == 0 {
			return i + 1
		}
	}
	return 0
}

// appendOpenAIForm writes the form from sorted members; encoding/json
// sorts the outer map's keys too ("function" before "type").
func (f *formBuilder) appendOpenAIForm(dst []byte, t *ir.Tool, members []member) ([]byte, error) {
	if f.enc == nil {
		f.enc = json.NewEncoder(&f.str)
		f.enc.SetEscapeHTML(false)
	}
	str := func(s string) error {
		f.str.Reset()
		if err := f.enc.Encode(s); err != nil {
			return err
		}
		dst = append(dst, bytes.TrimSpace(f.str.Bytes())...)
		return nil
	}
	dst = append(dst, `{"function":{"name":`...)
	if err := str(t.Name); err != nil {
		return nil, err
	}
	if t.Description != "" {
		dst = append(dst, `,"description":`...)
		if err := str(t.Description); err != nil {
			return nil, err
		}
	}
	dst = append(dst, `,"parameters":{`...)
	for k, m := range members {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = append(dst, m.key...)
		dst = append(dst, `":`...)
		dst = append(dst, m.value...)
	}
	return append(dst, `}},"type":"function"}`...), nil
}

// openAIFormDecoded is OpenAIForm through encoding/json, for what
// splitMembers declines.
func openAIFormDecoded(t *ir.Tool, params []byte) ([]byte, error) {
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
			var c coster
			for i := w; i < len(tools); i += workers {
				out[i], errs[i] = c.cost(tools[i], encoding, schema)
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

// coster counts tools one after another, reusing its buffers.
type coster struct {
	f    formBuilder
	form []byte
}

func (c *coster) cost(t *ir.Tool, encoding string, schema func(*ir.Type) ([]byte, error)) (ToolCost, error) {
	params, err := schema(t.Params)
	if err != nil {
		return ToolCost{}, fmt.Errorf("render %s: %w", t.Name, err)
	}
	if c.form, err = c.f.form(c.form[:0], t, params); err != nil {
		return ToolCost{}, err
	}
	n, err := tokens.CountBytes(encoding, c.form)
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
