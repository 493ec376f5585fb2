package suggest

import (
	"slices"
	"testing"
)

func TestClosest(t *testing.T) {
	names := []string{"get_weather", "get_whether", "set_weather", "search_documents", "ab"}
	for _, c := range []struct {
		name string
		n    int
		want []string
	}{
		{"get_waether", 3, []string{"get_whether", "get_weather", "set_weather"}},
		{"get_weather", 3, []string{"set_weather", "get_whether"}}, // never itself
		{"search_document", 1, []string{"search_documents"}},
		{"zz", 3, []string{"ab"}},               // 2 edits: the floor of Limit
		{"completely_different", 3, []string{}}, // too far to be a typo
		{"ünïcode_wéather", 1, []string{}},
	} {
		if got := Closest(c.name, names, c.n); !slices.Equal(got, c.want) {
			t.Errorf("Closest(%q, %d) = %q, want %q", c.name, c.n, got, c.want)
		}
	}
	if got := DidYouMean("exept", []string{"except", "only"}); got != ` (did you mean "except"?)` {
		t.Errorf("DidYouMean = %q", got)
	}
	if got := DidYouMean("xyz123", []string{"except"}); got != "" {
		t.Errorf("DidYouMean far = %q", got)
	}
}

func TestLimitCountsRunes(t *testing.T) {
	if Limit("ab") != 2 || Limit("abcdefgh") != 4 || Limit("éééééé") != 3 {
		t.Errorf("Limit: %d %d %d", Limit("ab"), Limit("abcdefgh"), Limit("éééééé"))
	}
}
