package breaking

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// Compare reports the changes from old to new. Findings about something
// that still exists point into the new version; a removed tool points at
// its old definition.
func Compare(old, new *ir.Catalog) []analyzer.Finding {
	c := &comparer{}
	for _, ot := range old.Tools {
		nt := new.Tool(ot.Name)
		if nt == nil {
			c.tool = ot.Name
			c.report(ToolRemoved, ot.Pos, "tool %q was removed", ot.Name)
			continue
		}
		c.tool, c.toolPos, c.seen = nt.Name, nt.Pos, map[[2]*ir.Type]bool{}
		c.input(ot.Params, nt.Params, "")
		c.result(ot.Result, nt.Result)
	}
	for _, nt := range new.Tools {
		if old.Tool(nt.Name) == nil {
			c.tool = nt.Name
			c.report(ToolAdded, nt.Pos, "tool %q was added", nt.Name)
		}
	}
	return analyzer.Sort(c.out)
}

type comparer struct {
	tool    string
	toolPos diag.Pos
	seen    map[[2]*ir.Type]bool // (old, new) pairs compared, for recursive types
	out     []analyzer.Finding
}

func (c *comparer) report(r *analyzer.Rule, pos diag.Pos, format string, args ...any) {
	if pos.File == "" {
		pos = c.toolPos
	}
	c.out = append(c.out, analyzer.Finding{Tool: c.tool, Diagnostic: diag.Diagnostic{
		Pos: pos, RuleID: r.ID, Severity: r.DefaultSeverity, Message: fmt.Sprintf(format, args...)}})
}

// what names a parameter path in messages.
func (c *comparer) what(path string) string {
	if path == "" {
		return fmt.Sprintf("tool %q: the parameters", c.tool)
	}
	return fmt.Sprintf("tool %q: parameter %q", c.tool, path)
}

func (c *comparer) whatResult(path string) string {
	if path == "" {
		return fmt.Sprintf("tool %q: the result", c.tool)
	}
	return fmt.Sprintf("tool %q: result field %q", c.tool, path)
}

func (c *comparer) visit(o, n *ir.Type) bool {
	k := [2]*ir.Type{o, n}
	if c.seen[k] {
		return false
	}
	c.seen[k] = true
	return true
}

// nullable unwraps "T | null" and Nullable into (T, true).
func nullable(t *ir.Type) (*ir.Type, bool) {
	t = t.Resolve()
	if t == nil {
		return nil, false
	}
	if t.Kind == ir.KindUnion {
		var rest []*ir.Type
		hasNull := false
		for _, v := range t.Variants {
			if r := v.Resolve(); r != nil && r.Kind == ir.KindNull {
				hasNull = true
			} else {
				rest = append(rest, v)
			}
		}
		if hasNull && len(rest) == 1 {
			r, _ := nullable(rest[0])
			return r, true
		}
	}
	return t, t.Nullable
}

func kindOf(t *ir.Type) ir.Kind {
	if t == nil {
		return ir.KindAny
	}
	return t.Kind
}

func posOf(t *ir.Type) diag.Pos {
	if t == nil {
		return diag.Pos{}
	}
	return t.Pos
}

func enumSet(t *ir.Type) map[string]bool {
	if t == nil || len(t.Enum) == 0 {
		return nil
	}
	m := map[string]bool{}
	for _, v := range t.Enum {
		m[string(v)] = true
	}
	return m
}

func missing(a, b map[string]bool) []string {
	var out []string
	for v := range a {
		if !b[v] {
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}

func num(n *ir.Number) (float64, bool) {
	if n == nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(*n), 64)
	return f, err == nil
}

func i64(p *int64) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return float64(*p), true
}

func show(f float64, ok bool) string {
	if !ok {
		return "none"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
