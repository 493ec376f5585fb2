package serve

import (
	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/toolsearch"
	"github.com/tscg/tscg/runtime/skills"
)

// addSearch registers search_tools over the served tools and makes the
// generation's exposure session-driven: a session sees search_tools,
// load_skill and the eager tools of the loading plan (build.eagerBudget;
// without one, no tool is eager), and each tool a search returns from
// then on. The ranking is tscg search's (docs/search.md).
func (o buildOptions) addSearch(g *generation, cat *ir.Catalog) error {
	reg := g.set.Registry
	served := &ir.Catalog{Types: cat.Types}
	for _, t := range cat.Tools {
		if reg.Tool(t.Name) != nil {
			served.Tools = append(served.Tools, t)
		}
	}
	ix := toolsearch.New(served.Tools)
	st, err := skills.SearchTool(func(query string, limit int) skills.Found {
		var found skills.Found
		sub := &ir.Catalog{Types: served.Types}
		for _, r := range ix.Search(query, limit) {
			found.Names = append(found.Names, r.Name)
			sub.Tools = append(sub.Tools, served.Tools[r.Index])
		}
		if len(sub.Tools) > 0 {
			found.Signatures = string(describe.Compact(sub, describe.LevelTerse))
		}
		return found
	})
	if err != nil {
		return err
	}
	if err := reg.Register(st); err != nil {
		return err
	}
	g.set.Search = skills.SearchTools
	g.set.Always = []string{skills.SearchTools}
	if g.set.Skills != nil {
		g.set.Always = append(g.set.Always, skills.LoadSkill)
	}
	if o.eagerBudget > 0 && len(served.Tools) > 0 {
		plan, err := compiler.PlanLoading(served, o.eagerBudget, nil)
		if err != nil {
			return err
		}
		for _, t := range served.Tools {
			if !plan.Deferred[t.Name] {
				g.set.Always = append(g.set.Always, t.Name)
			}
		}
	}
	return nil
}
