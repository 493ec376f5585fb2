package jsondec

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

var checkSeeds = []string{
	`{"a":1}`, `{"a":1,"a":2}`, `[{"x":[1,{"b":1,"b":2}]}]`, `{"a":"\u0061","\u0061":1}`,
	`{"a":1,"b":[1,2` /* end inside */, `{"a":1,"a":2,`, `{"a":1 "a":2}`, `[1e999999999999]`,
	`{"k":"\xff","k":1}`, `[[[[1]]]]`, `{"a":{"b":{"c":{}}}}`, ` "x" `, `{} x`, ``, `nul`,
}

// manyKeys is an object of n distinct keys, then dup when set.
func manyKeys(n int, dup string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	if dup != "" {
		fmt.Fprintf(&b, `%q:0,`, dup)
	}
	b.WriteString(`"end":true}`)
	return b.String()
}

// TestCheck: Check returns Decode's error, pointer and offset included,
// on the seeds and on objects past the size where it switches from a
// list of keys to a map.
func TestCheck(t *testing.T) {
	cases := append([]string{}, checkSeeds...)
	for _, n := range []int{15, 16, 17, 40} {
		cases = append(cases, manyKeys(n, ""), manyKeys(n, "k0"), manyKeys(n, fmt.Sprintf("k%d", n-1)), "["+manyKeys(n, "k3")+"]")
	}
	refused := 0
	for _, c := range cases {
		want := decodeErr([]byte(c), 3)
		if got := Check([]byte(c), 1<<20, 3); !reflect.DeepEqual(got, want) {
			t.Errorf("Check(%.60q) = %v, Decode says %v", c, got, want)
		}
		if want != nil && want.Keyword == "duplicate-key" {
			refused++
		}
	}
	if refused < 13 {
		t.Errorf("only %d cases had a duplicate key: the test lost its point", refused)
	}
	if got := Check([]byte(`{"a":1}`), 3, 10); got == nil || got.Keyword != "max-bytes" {
		t.Errorf("over maxBytes: %v", got)
	}
}

func decodeErr(data []byte, maxDepth int) *Error {
	_, err := Decode(data, 1<<20, maxDepth)
	return err
}

// FuzzCheck: on any input, Check and Decode fail alike.
func FuzzCheck(f *testing.F) {
	for _, s := range checkSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(manyKeys(20, "k19")))
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Check(data, 1<<20, 4), decodeErr(data, 4); !reflect.DeepEqual(got, want) {
			t.Fatalf("Check(%q) = %v, Decode says %v", data, got, want)
		}
	})
}
