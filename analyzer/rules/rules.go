// Package rules holds tscg's lint rules, one per file, and All, the one
// registry of them that --list-rules and docs/rules.md are generated from.
package rules

import (
	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/internal/ruledb"
)

// Since is the version that introduced the first set of rules.
const since = "0.1.0"

// Categories of rules.
const (
	catNaming    = ruledb.Naming
	catDocs      = ruledb.Documentation
	catSchema    = ruledb.Schema
	catProviders = ruledb.Providers
	catCost      = ruledb.Cost
	catSafety    = ruledb.Safety
)

func init() {
	for _, r := range All() {
		ruledb.Register(r.Meta)
	}
}

// All returns every rule, in the order they are documented.
func All() []*analyzer.Rule {
	return []*analyzer.Rule{
		NameCollision,
		DescriptionSimilarity,
		IOCompatibility,
		Docs,
		AmbiguousParameter,
		ProviderLimits,
		TokenBudget,
		ExamplesValid,
		Permissions,
		LimitInProse,
		CatalogSize,
	}
}

// IDs returns the ids of All. Settings are validated against
// ruledb.IDs(), every rule tscg can report.
func IDs() []string {
	var ids []string
	for _, r := range All() {
		ids = append(ids, r.ID)
	}
	return ids
}

// Lookup returns the rule with the given id, or nil.
func Lookup(id string) *analyzer.Rule {
	for _, r := range All() {
		if r.ID == id {
			return r
		}
	}
	return nil
}
