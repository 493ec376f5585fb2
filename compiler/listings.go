package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// dropReferenceListings applies the rule for a JSON catalog a directory
// walk found beside source code: when one of its tools has the name of a
// tool compiled from a source frontend (TypeScript, Python, Go), the file
// is a listing of those sources (a captured tools/list, a snapshot), kept
// as a reference to compare with, not a second definition: none of its
// tools or types is compiled, and a note names it. The sources are what
// tscg compiles; naming the file on the command line or in inputs:
// compiles it as a catalog (and any clash is then reported).
func dropReferenceListings(cat *ir.Catalog, walked map[string]bool) diag.List {
	fromSource := map[string]*ir.Tool{}
	for _, t := range cat.Tools {
		if isSourceFile(t.Pos.File) && fromSource[t.Name] == nil {
			fromSource[t.Name] = t
		}
	}
	refs := map[string][]string{} // listing file → its tools the sources define
	for _, t := range cat.Tools {
		f := t.Pos.File
		if walked[f] && LanguageOf(f) == JSON && fromSource[t.Name] != nil && !slices.Contains(refs[f], t.Name) {
			refs[f] = append(refs[f], t.Name)
		}
	}
	if len(refs) == 0 {
		return nil
	}
	var ds diag.List
	for _, f := range sortedKeys(refs) {
		names := refs[f]
		first := fromSource[names[0]]
		ds.Add(diag.Diagnostic{Pos: diag.Pos{File: f}, Severity: diag.Info,
			Message: fmt.Sprintf("read as a reference listing, not a catalog: its tools %s are compiled from source (%q at %s); name the file to compile it as a catalog",
				strings.Join(quoteAll(names), ", "), first.Name, first.Pos)})
	}
	cat.Tools = slices.DeleteFunc(cat.Tools, func(t *ir.Tool) bool { return refs[t.Pos.File] != nil })
	cat.Types = slices.DeleteFunc(cat.Types, func(n *ir.Named) bool { return refs[n.Pos.File] != nil })
	return ds
}

// isSourceFile reports a file a source frontend reads.
func isSourceFile(f string) bool {
	switch LanguageOf(f) {
	case TypeScript, Python:
		return true
	}
	return strings.HasSuffix(f, ".go")
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = quote(n)
	}
	return out
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
