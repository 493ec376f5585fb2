package gotags

import "testing"

// TestSchemaSkip: the shortcut agrees with the parse on tags that skip,
// tags that do not, and the escapes and prose in between.
func TestSchemaSkip(t *testing.T) {
	skips := 0
	for _, tag := range []string{"", "-", "-,", "-,required", `-\,x`, " -", "- ", "--", "required", "minLength=1,-",
		"description=a\\, b", "the user's name", "-x", `\-`, "title=-", "-,description=gone"} {
		want := ParseSchema(tag).Skip
		if got := SchemaSkip(tag); got != want {
			t.Errorf("SchemaSkip(%q) = %v, ParseSchema says %v", tag, got, want)
		}
		if want {
			skips++
		}
	}
	if skips < 3 {
		t.Errorf("only %d of the tags skip: the cases test too little", skips)
	}
}
