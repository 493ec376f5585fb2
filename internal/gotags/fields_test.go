package gotags

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestVisibleMatchesEncodingJSON checks the rules against encoding/json
// itself on a struct with every kind of conflict.
func TestVisibleMatchesEncodingJSON(t *testing.T) {
	type Inner struct {
		A, B, C int
	}
	type Other struct {
		B int
		C int `json:"C"`
	}
	type Outer struct {
		Inner
		Other
		A int
		Z int
	}
	// A: depth 0 beats depth 1. B: untagged conflict at depth 1 hides it.
	// C: tagged beats untagged at depth 1. D (fields only: vet rejects the
	// struct): two tagged at depth 1 hide it.
	fields := []Field[string]{
		{Name: "A", Index: []int{0, 0}, Depth: 1, Info: "A"}, {Name: "B", Index: []int{0, 1}, Depth: 1, Info: "B"},
		{Name: "C", Index: []int{0, 2}, Depth: 1, Info: "C"}, {Name: "D", Tagged: true, Index: []int{0, 3}, Depth: 1, Info: "D"},
		{Name: "B", Index: []int{1, 0}, Depth: 1, Info: "B"}, {Name: "C", Tagged: true, Index: []int{1, 1}, Depth: 1, Info: "C"},
		{Name: "D", Tagged: true, Index: []int{1, 2}, Depth: 1, Info: "D"},
		{Name: "A", Index: []int{2}, Depth: 0, Info: "A"}, {Name: "Z", Index: []int{3}, Depth: 0, Info: "Z"},
	}
	names := Visible(fields)
	b, _ := json.Marshal(Outer{})
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	want := []string{"C", "A", "Z"} // declaration order by index path
	if !slices.Equal(names, want) || len(m) != len(want) {
		t.Fatalf("Visible = %v, want %v; encoding/json wrote %s", names, want, b)
	}
	for _, n := range want {
		if _, ok := m[n]; !ok {
			t.Errorf("encoding/json did not write %s: %s", n, b)
		}
	}
	fields[5].Info, fields[7].Info = "Other.C", "Outer.A"
	if v := Visible(fields); v[0] != "Other.C" || v[1] != "Outer.A" {
		t.Errorf("the winning fields are wrong: %q", v)
	}
}

// TestVisibleFlatFastPath: the shortcut for a struct's own fields with
// distinct names gives what the rules grouped by name give, and is not
// taken where they decide something (a repeated name, an embedded field,
// more fields than it checks).
func TestVisibleFlatFastPath(t *testing.T) {
	flat := func(names ...string) []Field[string] {
		var fs []Field[string]
		for i, n := range names {
			fs = append(fs, Field[string]{Name: n, Index: []int{i}, Info: n + "#" + string(rune('a'+i%26))})
		}
		return fs
	}
	many := make([]string, flatFields+1)
	for i := range many {
		many[i] = string(rune('A'+i/26)) + string(rune('a'+i%26))
	}
	repeated := flat("a", "b", "a")
	repeated[2].Tagged = true
	nested := flat("a", "b")
	nested = append(nested, Field[string]{Name: "a", Index: []int{2, 0}, Depth: 1, Info: "inner a"})
	for _, c := range []struct {
		name   string
		fields []Field[string]
		fast   bool
	}{
		{"distinct", flat("id", "count", "when", "tags", "next"), true},
		{"none", nil, true},
		{"repeated", repeated, false},
		{"embedded", nested, false},
		{"many", flat(many...), false},
	} {
		if got := flatDistinct(c.fields); got != c.fast {
			t.Errorf("%s: flatDistinct = %v, want %v", c.name, got, c.fast)
		}
		if got, want := Visible(c.fields), visibleByName(c.fields); !slices.Equal(got, want) {
			t.Errorf("%s: Visible = %q, by name %q", c.name, got, want)
		}
	}
}

// TestExtraValue: a jsonschema_extras value is a boolean, a JSON number
// literal as written, or else a string; a number with space around it
// (json.Valid accepts "0 ") is a string, never a json.Number that cannot
// be written (FuzzSchemaTag's finding).
func TestExtraValue(t *testing.T) {
	for in, want := range map[string]any{
		"true": true, "false": false, "0": json.Number("0"), "-1.5": json.Number("-1.5"), "1e3": json.Number("1e3"),
		"0 ": "0 ", " 1": " 1", "01": "01", "+1": "+1", "1.": "1.", "": "", "abc": "abc",
	} {
		got := ExtraValue(in)
		if got != want {
			t.Errorf("ExtraValue(%q) = %#v, want %#v", in, got, want)
		}
		if _, err := json.Marshal(got); err != nil {
			t.Errorf("ExtraValue(%q) = %#v cannot be written: %v", in, got, err)
		}
	}
}
