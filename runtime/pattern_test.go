package runtime

import (
	"strings"
	"testing"
)

// TestECMAPatterns: patterns RE2 refuses (lookaround, backreferences) are
// ECMAScript regular expressions the validator still compiles and
// applies; a catastrophic one is cut by the match timeout and fails the
// value instead of spinning.
func TestECMAPatterns(t *testing.T) {
	for _, c := range []struct {
		pattern string
		ok, bad []string
	}{
		{`^(?!tmp_)\w+$`, []string{"report", "a_tmp_"}, []string{"tmp_x"}},
		{`^(?<=)P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?)$`, []string{"P1W", "P1Y2M"}, []string{"PW", "P"}},
		{`^(['"]).*\1$`, []string{`"x"`, `'y'`}, []string{`"x'`}},
		{`^(a+)+\1$`, []string{"aaaa"}, []string{strings.Repeat("a", 40) + "b"}}, // exponential: cut at PatternMatchTimeout
		{`^\d{3}$`, []string{"123"}, []string{"12a"}},                            // RE2 compiles it: unchanged path
	} {
		s, err := CompileSchema("p", []byte(`{"type":"string","pattern":`+quoteJSON(c.pattern)+`}`))
		if err != nil {
			t.Fatalf("%s: %v", c.pattern, err)
		}
		for _, v := range c.ok {
			if err := s.Validate(v); err != nil {
				t.Errorf("%s: %q rejected: %v", c.pattern, v, err)
			}
		}
		for _, v := range c.bad {
			if err := s.Validate(v); err == nil {
				t.Errorf("%s: %q accepted", c.pattern, v)
			}
		}
	}
	// A pattern neither engine compiles is still a schema error.
	if _, err := CompileSchema("p", []byte(`{"type":"string","pattern":"(unclosed"}`)); err == nil {
		t.Error("an invalid pattern compiled")
	}
}

func quoteJSON(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
