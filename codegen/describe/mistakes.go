package describe

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/runtime"
)

// Mistake is one wrong call and what the runtime answers it with.
type Mistake struct {
	What      string          // the mistake in words
	Arguments json.RawMessage // the wrong arguments
	Message   string          // the runtime's corrective message, one line per violation joined by "; "
}

// mistakes writes negative examples: the errors models make (a missing
// required parameter, a wrong type, an invented parameter), each a
// mutation of the synthesised valid call, with the exact message the
// runtime's validator sends back for it. A tool whose schema the runtime
// cannot compile, or without a valid example, gets none.
func mistakes(b *strings.Builder, t *ir.Tool) {
	ms := Mistakes(t)
	if len(ms) == 0 {
		return
	}
	b.WriteString("Mistakes to avoid (with the runtime's answer):\n\n")
	for _, m := range ms {
		fmt.Fprintf(b, "- %s: `%s` → `%s`\n", m.What, m.Arguments, m.Message)
	}
	b.WriteByte('\n')
}

// checkers keeps the registries Mistakes compiled, by tool name and input
// schema, of which a registry is a function (its Check keeps no state): a
// build describes each tool twice, in llm/verbose.md and in its skill,
// and compiling the schema was 3 % of the instructions of `tscg build
// examples/weather` (callgrind: 32.6 M → 31.5 M). At most maxCheckers
// are kept; the map starts over when full.
var checkers struct {
	sync.Mutex
	m map[string]*runtime.Registry
}

const maxCheckers = 64

// checker is the registry of one tool with this input schema (false when
// the runtime does not compile it).
func checker(name string, schema []byte) (*runtime.Registry, bool) {
	key := name + "\x00" + string(schema)
	checkers.Lock()
	reg, ok := checkers.m[key]
	checkers.Unlock()
	if ok {
		return reg, reg != nil
	}
	reg = runtime.NewRegistry()
	if reg.Register(runtime.Tool{Name: name, InputSchema: schema}) != nil {
		reg = nil
	}
	checkers.Lock()
	if checkers.m == nil || len(checkers.m) >= maxCheckers {
		checkers.m = map[string]*runtime.Registry{}
	}
	checkers.m[key] = reg
	checkers.Unlock()
	return reg, reg != nil
}

// Mistakes returns the negative examples for t; every message comes from
// runtime.Registry.Check on the tool's input schema.
func Mistakes(t *ir.Tool) []Mistake {
	p := t.Params.Resolve()
	if p == nil || p.Kind != ir.KindObject || len(p.Properties) == 0 {
		return nil
	}
	schema, err := jsonschema.Type(t.Params, jsonschema.Options{})
	if err != nil {
		return nil
	}
	reg, ok := checker(t.Name, schema)
	if !ok {
		return nil
	}
	valid, ok := Example(t.Params)
	if !ok {
		return nil
	}
	var base map[string]json.RawMessage
	if json.Unmarshal(valid, &base) != nil {
		return nil
	}
	var out []Mistake
	try := func(what string, args map[string]json.RawMessage) {
		data := marshalOrdered(args, p)
		_, chk := reg.Check(runtime.Call{Name: t.Name, Arguments: data})
		if chk.OK() {
			return // not a mistake for this schema after all
		}
		lines := make([]string, len(chk.Violations))
		for i, v := range chk.Violations {
			lines[i] = v.String()
		}
		out = append(out, Mistake{what, data, strings.Join(lines, "; ")})
	}
	for _, prop := range p.Properties {
		if _, present := base[prop.Name]; prop.Required && present {
			try(fmt.Sprintf("leaving out `%s`", prop.Name), without(base, prop.Name))
			break
		}
	}
	for _, prop := range p.Properties {
		if wrong, ok := wrongValue(prop.Type); ok {
			args := without(base, "")
			args[prop.Name] = wrong
			try(fmt.Sprintf("`%s` of the wrong type", prop.Name), args)
			break
		}
	}
	if p.Additional != ir.AdditionalOpen && p.Additional != ir.AdditionalTyped {
		args := without(base, "")
		args[t.Name+"_id"] = json.RawMessage(`"x"`)
		try(fmt.Sprintf("inventing a parameter such as `%s_id`", t.Name), args)
	}
	return out
}

// wrongValue returns a value of a kind t does not accept.
func wrongValue(t *ir.Type) (json.RawMessage, bool) {
	r := t.Resolve()
	if r == nil || r.Kind == ir.KindAny || r.Kind == ir.KindUnion || r.Nullable {
		return nil, false
	}
	if r.Kind == ir.KindString {
		return json.RawMessage(`42`), true
	}
	return json.RawMessage(`"text"`), true
}

// without copies args leaving out one key ("" keeps all).
func without(args map[string]json.RawMessage, key string) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(args))
	for k, v := range args {
		if k != key {
			out[k] = v
		}
	}
	return out
}

// marshalOrdered writes args with the declared properties first, in
// declaration order, then any others (the invented one) after them.
func marshalOrdered(args map[string]json.RawMessage, p *ir.Type) json.RawMessage {
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	write := func(k string, v json.RawMessage) {
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsonString(k) + ":" + string(v))
		n++
	}
	declared := map[string]bool{}
	for _, prop := range p.Properties {
		declared[prop.Name] = true
		if v, ok := args[prop.Name]; ok {
			write(prop.Name, v)
		}
	}
	var rest []string
	for k := range args {
		if !declared[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		write(k, args[k])
	}
	b.WriteByte('}')
	return json.RawMessage(b.String())
}
