package rules

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/tscg/tscg/compiler/ir"

	"github.com/tscg/tscg/internal/testfiles"
)

// reused is one formBuilder for all of checkOpenAIForm's cases, as
// token-budget uses one per worker for tool after tool.
var reused formBuilder

// checkOpenAIForm asserts that OpenAIForm writes what encoding/json
// writes (openAIFormDecoded), byte for byte, or fails as it does; and so
// does a formBuilder reused from the cases before, appending to a prefix.
func checkOpenAIForm(t *testing.T, tool *ir.Tool, params []byte) {
	t.Helper()
	got, gotErr := OpenAIForm(tool, params)
	want, wantErr := openAIFormDecoded(tool, params)
	if (gotErr != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
		t.Fatalf("params %.200q:\n got %s (%v)\nwant %s (%v)", params, got, gotErr, want, wantErr)
	}
	again, againErr := reused.form([]byte("prefix"), tool, params)
	if (againErr != nil) != (wantErr != nil) || wantErr == nil && string(again) != "prefix"+string(want) {
		t.Fatalf("params %.200q, reused builder:\n got %s (%v)\nwant prefix%s (%v)", params, again, againErr, want, wantErr)
	}
}

func TestOpenAIFormMatchesEncodingJSON(t *testing.T) {
	tool := &ir.Tool{Name: "get_weather", Description: "Weather <now> & \u2028 \"here\""}
	bare := &ir.Tool{Name: "x"}
	cases := []string{
		`{}`, `{"$schema":"https://json-schema.org/draft/2020-12/schema"}`,
		"{\n  \"$schema\": \"s\",\n  \"type\": \"object\",\n  \"properties\": {\"b\": {\"type\": \"string\", \"enum\": [\"x,y\", \"}\"]}, \"a\": {}},\n  \"required\": [\"b\"]\n}\n",
		`{"z":1,"a":true,"m":null,"k":-1.5e3,"s":"a\"b\\","o":{"x":[1,{"y":[]}]}}`,
		`{"a\"b":1}`, `{"\u00e9":1,"a":2}`, "{\"\u00e9\":1}", "{\"a\u2028\":1}", `{"a":1,"a":2}`,
		`{"a":"<>&\u2028"}`, "{\"a\":\"\u2028<\"}", `[]`, `null`, `"x"`, `{"a":}`, `{"a":1`, `{"a":1}x`, ``,
	}
	for _, c := range cases {
		checkOpenAIForm(t, tool, []byte(c))
		checkOpenAIForm(t, bare, []byte(c))
	}
	// Every JSON object under the repository's testdata, as parameters.
	testfiles.Each(t, "../..", []string{".json"}, 1<<20, 100, json.Valid, func(_ string, b []byte) {
		checkOpenAIForm(t, tool, b)
	})
}

// BenchmarkOpenAIForm compares the member split with the encoding/json
// round trip on a BFCL-sized parameter schema as the renderer indents it.
func BenchmarkOpenAIForm(b *testing.B) {
	tool := &ir.Tool{Name: "flight.book", Description: "Book a direct flight for a specific date and time from departure location to destination location."}
	params := []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "departure_location": {"type": "string", "description": "The location you are departing from."},
    "destination_location": {"type": "string", "description": "The location you are flying to."},
    "date": {"type": "string", "description": "The date of the flight. Accepts standard date format e.g., 2022-04-28."},
    "time": {"type": "string", "description": "Preferred time of flight.", "default": "morning"},
    "direct_flight": {"type": "boolean", "description": "If set to true, only direct flights will be searched.", "default": false}
  },
  "required": ["departure_location", "destination_location", "date"],
  "additionalProperties": false
}
`)
	for _, c := range []struct {
		name string
		f    func(*ir.Tool, []byte) ([]byte, error)
	}{{"split", OpenAIForm}, {"decoded", openAIFormDecoded}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.f(tool, params); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
