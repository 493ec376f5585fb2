package workflow

import (
	"encoding/json"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/frontends/compact"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/lazyre"
)

// parseInput reads one inputs: entry. A string is a type in the compact
// syntax (docs/compact.md; quote it in YAML when it holds " # "); a
// mapping is a JSON Schema. A name ending in "?", or a type with a
// default, makes the input optional.
func parseInput(f Field) (*Input, diag.List) {
	in := &Input{Name: strings.TrimSuffix(f.Key, "?"), Pos: f.KeyPos, Required: !strings.HasSuffix(f.Key, "?")}
	var err string
	if src, ok := f.Value.String(); ok {
		in.Type, err = compactType(src)
	} else {
		in.Type, err = schemaType(in.Name, f.Value)
	}
	if err != "" {
		return nil, diag.List{rule(f.Value.Pos, RuleInputType, "input %q: %s", in.Name, err)}
	}
	setPos(in.Type, f.Value.Pos)
	if len(in.Type.Default) > 0 {
		in.Required = false
	}
	return in, nil
}

var compactPrefix = lazyre.New(`^compact:\d+: (tool T: |tool x: )?`)

func compactType(src string) (*ir.Type, string) {
	cat, err := compact.Parse([]byte("type T = " + strings.TrimSpace(src) + "\n"))
	if err != nil {
		return nil, "invalid type in the compact syntax (docs/compact.md): " + compactPrefix.ReplaceAllString(err.Error(), "")
	}
	if len(cat.Types) != 1 || len(cat.Tools) > 0 {
		return nil, "want one type in the compact syntax (docs/compact.md)"
	}
	return cat.Types[0].Type, ""
}

func schemaType(name string, v *Value) (*ir.Type, string) {
	data, err := json.Marshal(v.JSON())
	if err != nil {
		return nil, err.Error()
	}
	t, _, ds := jsonfront.Schema(name, data, jsonfront.Options{CloseObjects: true})
	if ds.HasErrors() || t == nil {
		msg := "invalid JSON Schema"
		for _, d := range ds {
			if d.Severity == diag.Error {
				msg += ": " + d.Message
				break
			}
		}
		return nil, msg
	}
	return t, ""
}

// setPos gives an input's type nodes the position of its YAML value, so
// diagnostics about them point into the workflow file.
func setPos(t *ir.Type, pos diag.Pos) {
	seen := map[*ir.Type]bool{}
	var walk func(*ir.Type)
	walk = func(t *ir.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		t.Pos = pos
		walk(t.Items)
		walk(t.AdditionalType)
		for _, p := range t.Properties {
			p.Pos = pos
			walk(p.Type)
		}
		for _, ts := range [][]*ir.Type{t.PrefixItems, t.Variants, t.AllOf} {
			for _, x := range ts {
				walk(x)
			}
		}
	}
	walk(t)
}
