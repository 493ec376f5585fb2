package toolsearch

import (
	"reflect"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

func TestSentences(t *testing.T) {
	for in, want := range map[string][]string{
		"Part of the file system. It reads files, etc. Tool description: Write a file.": {
			"Part of the file system.", "It reads files, etc.", "Tool description: Write a file."},
		"Version 1.2 of the API\nsecond line?  third!": {"Version 1.2 of the API", "second line?", "third!"},
		"  ":     nil,
		"no end": {"no end"},
	} {
		if got := sentences(in); !reflect.DeepEqual(got, want) {
			t.Errorf("sentences(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestShareSentences(t *testing.T) {
	const preface = "This tool belongs to the paper shredder API. It shreds and staples paper."
	var docs []Doc
	for _, name := range []string{"shred", "staple", "count_sheets"} {
		docs = append(docs, DocOf(tool(name, preface+" Tool description: "+name+" the sheets.")))
	}
	docs = append(docs, DocOf(tool("other", "It shreds and staples paper.")))
	got := shareSentences(docs, 3)
	if d := got[0].Text[FieldDescription]; !reflect.DeepEqual(d, []string{"Tool description: shred the sheets."}) {
		t.Errorf("description kept %q", d)
	}
	if g := got[0].Text[FieldGroup]; !reflect.DeepEqual(g, []string{"This tool belongs to the paper shredder API.", "It shreds and staples paper."}) {
		t.Errorf("group %q", g)
	}
	// Shared by three tools and "other": moved there too; the input is unchanged.
	if d := got[3].Text[FieldDescription]; !reflect.DeepEqual(d, []string{""}) || len(docs[3].Text[FieldGroup]) != 0 {
		t.Errorf("other: description %q, input's group %q", d, docs[3].Text[FieldGroup])
	}
	// Below the threshold nothing moves.
	if got := shareSentences(docs, 5); !reflect.DeepEqual(got, docs) {
		t.Errorf("threshold 5 changed the docs")
	}
}

func TestPrefix(t *testing.T) {
	tools := []*ir.Tool{
		tool("math.hypot", "Euclidean norm of a vector.", "x", "y"),
		tool("triangle.angles", "Angles of a triangle from its sides.", "a", "b", "c"),
	}
	if res := New(tools).Search("hypotenuse", 3); len(res) != 1 || res[0].Name != "math.hypot" {
		t.Errorf("hypotenuse: got %v, want math.hypot (a name word it starts with)", res)
	}
	p := Default
	p.Prefix = 0
	docs := []Doc{DocOf(tools[0]), DocOf(tools[1])}
	if res := NewDocs(docs, p).Search("hypotenuse", 3); len(res) != 0 {
		t.Errorf("without Prefix: got %v", res)
	}
	// A description word is no abbreviation: "vectors" meets "vector" by
	// stemming, "vectorised" no word by prefix.
	if res := New(tools).Search("vectorised", 3); len(res) != 0 {
		t.Errorf("vectorised: got %v", res)
	}
}
