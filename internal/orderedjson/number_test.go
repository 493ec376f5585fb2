package orderedjson

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestIsNumber: IsNumber accepts exactly the texts encoding/json reads as
// a number and would write back unchanged.
func TestIsNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "1", "12", "1.5", "-1.5e10", "1E+2", "1e-2", "", "-", "01", "1.", ".5", "1e", "1e+", "+1", "0x1", " 1", "1 ", "NaN", "1.2.3", "00", "-01", "9007199254740993", "null", `"5"`, "1_000"} {
		var n json.Number
		want := s != "" && s[0] != '"' && json.Unmarshal([]byte(s), &n) == nil && string(n) == s && n != ""
		if got := IsNumber(s); got != want {
			t.Errorf("IsNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzIsNumber(f *testing.F) {
	for _, s := range []string{"0", "-1.5e10", "01", "1.", "null", `"5"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		want := d.Decode(&v) == nil && !d.More()
		if n, ok := v.(json.Number); !ok || string(n) != s {
			want = false
		}
		if got := IsNumber(s); got != want {
			t.Errorf("IsNumber(%q) = %v, encoding/json says %v", s, got, want)
		}
	})
}
