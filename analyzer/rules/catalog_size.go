package rules

import (
	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
)

// CatalogSize reports catalogs with more tools than a model chooses among
// well in one call.
var CatalogSize = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "catalog-size",
		Summary:         "more tools in one provider call than a model chooses among reliably",
		DefaultSeverity: diag.Warning,
		Category:        catCost,
		Since:           "0.2.0",
		Doc: "Every tool of the catalog is sent with every request, and the model picks among all of them.\n" +
			"Past `healthyTools` (default 15) the catalog is reported as info, past `maxTools` (default 20)\n" +
			"as a warning: split it into groups loaded on demand (skills, `tscg build --skills`) or serve\n" +
			"the groups separately. Provider hard limits are provider-limits' concern.",
	},
	Run: runCatalogSize,
}

func runCatalogSize(p *analyzer.Pass) {
	n, s := len(p.Tools), p.Settings
	switch {
	case n > s.MaxTools:
		p.Report(catalogPos(p), "", "the catalog sends %d tools in one call, more than %d (healthy: at most %d)", n, s.MaxTools, s.HealthyTools)
	case n > s.HealthyTools:
		p.ReportSeverity(diag.Info, catalogPos(p), "", "the catalog sends %d tools in one call, more than the healthy %d", n, s.HealthyTools)
	default:
		return
	}
	p.Hint("split the tools into groups an agent loads on demand (skills), or raise lint.maxTools / lint.healthyTools")
}
