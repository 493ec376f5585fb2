package mcplive

import (
	"testing"

	"github.com/tscg/tscg/internal/orderedjson"
)

// FuzzDecodePage: any bytes a server sends as a tools/list result either
// fail to decode or give tools with a string name whose snapshot is valid
// JSON that decodes again to the same tools.
func FuzzDecodePage(f *testing.F) {
	for _, s := range []string{
		`{"tools":[]}`,
		`{"tools":[{"name":"a","inputSchema":{"type":"object"}}],"nextCursor":"x"}`,
		`{"tools":[{"inputSchema":{"properties":{"b":{},"a":{}}},"name":"z","_meta":{"k":1},"description":"d"}]}`,
		`{"tools":[{"name":1}]}`,
		`{"tools":{}}`,
		`[]`,
		`{"tools":[{"name":"a\u0000"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		tools, err := DecodePage(raw)
		if err != nil {
			return
		}
		s := &Snapshot{Tools: tools}
		again, err := DecodePage(s.JSON())
		if err != nil {
			t.Fatalf("the snapshot does not decode: %v\n%s", err, s.JSON())
		}
		if len(again) != len(tools) {
			t.Fatalf("%d tools, then %d", len(tools), len(again))
		}
		for i := range tools {
			if a, b := string(orderedjson.Compact(tools[i])), string(orderedjson.Compact(again[i])); a != b {
				t.Fatalf("tool %d changed:\n%s\n%s", i, a, b)
			}
		}
	})
}
