package listing

import (
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/orderedjson"
)

func obj(t *testing.T, doc string) *orderedjson.Object {
	t.Helper()
	v, err := orderedjson.Decode([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return v.(*orderedjson.Object)
}

func diffs(a, b any) []string {
	var out []string
	Diff("", a, b, func(path, x, y string) { out = append(out, path+": "+x+" | "+y) })
	return out
}

// TestCanonicalSpellings: each Spelling removes its difference and no
// other; names under properties are never taken for keywords.
func TestCanonicalSpellings(t *testing.T) {
	refs := obj(t, `{"type":"object","title":"Args","required":["b","a"],
		"properties":{"a":{"$ref":"#/$defs/A"},"b":{"$ref":"#/definitions/B"},"title":{"type":"string"},"definitions":{"type":"integer"},"required":{"type":"boolean"}},
		"$defs":{"A":{"type":"string","title":"A"}},"definitions":{"B":{"$ref":"#/definitions/B"}}}`)
	inline := obj(t, `{"type":"object","title":"Args","required":["a","b"],
		"properties":{"a":{"type":"string","title":"A"},"b":{"$ref":"#/definitions/B"},"title":{"type":"string"},"definitions":{"type":"integer"},"required":{"type":"boolean"}}}`)
	if d := diffs(Canonical(refs, Spelling{InlineRefs: true}), Canonical(inline, Spelling{})); len(d) != 0 {
		t.Errorf("inlined refs still differ: %q", d)
	}
	// Without InlineRefs the layout is a difference; required's order never is.
	if d := diffs(Canonical(refs, Spelling{}), Canonical(inline, Spelling{})); len(d) == 0 || strings.Contains(strings.Join(d, "\n"), "/required/") {
		t.Errorf("layout differences %q: want some, none in required", d)
	}
	noTitles := Canonical(inline, Spelling{DropTitles: true})
	if noTitles.Str("title") != "" || noTitles.Obj("properties").Obj("a").Str("title") != "" {
		t.Errorf("titles kept: %s", orderedjson.Compact(noTitles))
	}
	if noTitles.Obj("properties").Obj("title") == nil {
		t.Errorf("a property named title was dropped: %s", orderedjson.Compact(noTitles))
	}
	empty := Canonical(obj(t, `{"type":"object","required":[],"properties":{}}`), Spelling{DropEmptyRequired: true})
	if _, ok := empty.Get("required"); ok {
		t.Errorf("empty required kept: %s", orderedjson.Compact(empty))
	}
}

// TestDiffComparesWholeValues: two long descriptions that differ past
// what a line shows are a difference, and key order is none.
func TestDiffComparesWholeValues(t *testing.T) {
	long := strings.Repeat("Reads the meter. ", 10)
	a := obj(t, `{"name":"read","description":"`+long+`once."}`)
	b := obj(t, `{"description":"`+long+`twice.","name":"read"}`)
	d := diffs(a, b)
	if len(d) != 1 || !strings.HasPrefix(d[0], "/description: ") {
		t.Errorf("diffs %q, want one at /description", d)
	}
	if d := diffs(a, obj(t, `{"description":"`+long+`once.","name":"read"}`)); len(d) != 0 {
		t.Errorf("key order reported: %q", d)
	}
}
