package rules

import (
	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/iograph"
)

// IOCompatibility reports result fields that look like they feed another
// tool's parameter but have an incompatible type.
var IOCompatibility = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "io-compatibility",
		Summary:         "a result field and a parameter with the same (normalised) name but incompatible types",
		DefaultSeverity: diag.Warning,
		Category:        catSchema,
		Since:           since,
		Doc: "Builds the graph of (tool A result field) → (tool B parameter) where names match exactly or after\n" +
			"normalisation (`doc_id`, `docId`, `documentId`) and reports near misses: same name, but a kind or\n" +
			"enum the parameter does not accept. A model chaining the tools would pass a value the second tool\n" +
			"rejects. Arrays compare their item types (a `string[]` field does not feed a `number[]` parameter);\n" +
			"a list field feeds the single-valued parameter of its singular name element by element\n" +
			"(`doc_ids` → `doc_id`), checked on the element type. `tscg graph` draws the whole graph (Mermaid or\n" +
			"DOT; list-to-single links as thick `==>` / bold edges labelled \"each … (element type)\").",
	},
	Run: runIOCompatibility,
}

func runIOCompatibility(p *analyzer.Pass) {
	g := iograph.Build(p.Tools)
	for _, e := range g.NearMisses {
		pos := e.ParamPos
		if pos.File == "" {
			if t := p.Catalog.Tool(e.To); t != nil {
				pos = t.Pos
			}
		}
		if e.Each {
			p.Report(pos, e.To, "parameter %q of %q looks like it takes each element of list field %q of %q (%s), but %s",
				e.Param, e.To, e.Field, e.From, e.FieldPos, e.Mismatch)
			continue
		}
		p.Report(pos, e.To, "parameter %q of %q looks like result field %q of %q (%s), but %s",
			e.Param, e.To, e.Field, e.From, e.FieldPos, e.Mismatch)
	}
}
