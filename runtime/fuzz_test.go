package runtime

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// exampleSchemas are the schemas FuzzArguments mutates calls against:
// the benchmark's search tool and shapes tool catalogs use often.
var exampleSchemas = map[string]string{
	"nullable": `{"type":"object","properties":{"limit":{"anyOf":[{"type":"integer","minimum":0,"maximum":10},{"type":"null"}]},"mode":{"oneOf":[{"const":"a"},{"const":"b"}]}},"required":["limit"]}`,
	"defs":     `{"$defs":{"Item":{"type":"object","properties":{"sku":{"type":"string","pattern":"^[A-Z]+-\\d+$"},"qty":{"type":"integer","exclusiveMinimum":0,"default":1}},"required":["sku"],"additionalProperties":false}},"type":"object","properties":{"items":{"type":"array","items":{"$ref":"#/$defs/Item"},"minItems":1,"uniqueItems":true},"note":{"type":"string","maxLength":20}},"required":["items"]}`,
	"numbers":  `{"type":"object","properties":{"price":{"type":"number","multipleOf":0.01,"maximum":1e6},"flag":{"type":"boolean"},"tags":{"type":"array","items":{"enum":["x","y",1,null]},"maxItems":3}},"additionalProperties":{"type":"string"}}`,
}

func fuzzRegistries(t testing.TB) (strict, lenient *Registry, ref map[string]*jsonschema.Schema) {
	strict, lenient, ref = NewRegistry(), NewRegistry(WithLenient(true)), map[string]*jsonschema.Schema{}
	schemas := map[string][]byte{"search": searchSchema(t)}
	for name, s := range exampleSchemas {
		schemas[name] = []byte(s)
	}
	for name, s := range schemas {
		must(t, strict.Register(Tool{Name: name, InputSchema: s}))
		must(t, lenient.Register(Tool{Name: name, InputSchema: s}))
		c := jsonschema.NewCompiler()
		must(t, c.AddResource("urn:"+name, mustUnmarshal(t, s)))
		sch, err := c.Compile("urn:" + name)
		must(t, err)
		ref[name] = sch
	}
	return strict, lenient, ref
}

// FuzzArguments mutates call arguments and checks, for every example
// schema, that the runtime's verdict equals santhosh v6's decode+validate
// verdict (except where the strict decoder is stricter by design:
// duplicate keys, invalid UTF-8, depth), that every rejection carries
// violations with pointers and messages, and that whatever lenient mode
// accepts validates under santhosh.
func FuzzArguments(f *testing.F) {
	for _, s := range []string{
		`{"query":"cheap direct flights to lisbon in early may","max_results":20,"sort":"price","tags":["direct","mornings","aisle-seats"],"origin":"JFK","window":{"from":"2024-05-01","to":"2024-05-31"} }`,
		`{"query":"x","origin":"SFO","max_results":"ten"}`,
		`{"limit":null,"mode":"a"}`, `{"limit":11}`, `{"limit":"3"}`,
		`{"items":[{"sku":"AB-1","qty":2},{"sku":"AB-1","qty":2}],"note":"hi"}`, `{"items":[{"sku":"ab"}]}`,
		`{"price":10.25,"flag":"true","tags":["x",1,null],"other":"s"}`, `{"price":1.001}`,
		"```json\n{'query':'x','origin':'SFO',}\n```", `"{\"limit\":1}"`, `{"a":1,"a":2}`, `[]`, `{"window":{"from":1}}`,
	} {
		f.Add([]byte(s))
	}
	strict, lenient, ref := fuzzRegistries(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		refValue, refErr := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		for name, sch := range ref {
			call := Call{Name: name, Arguments: data}
			_, chk := strict.Check(call)
			for _, v := range chk.Violations {
				if v.Message == "" || (v.Pointer != "" && !strings.HasPrefix(v.Pointer, "/")) {
					t.Fatalf("%s: malformed violation %+v", name, v)
				}
			}
			if len(bytes.TrimSpace(data)) == 0 {
				continue // empty arguments mean {} for the runtime, a decode error for the baseline
			}
			want := refErr == nil && sch.Validate(refValue) == nil
			if chk.OK() != want && !stricterByDesign(data) {
				t.Fatalf("%s: runtime valid=%v, santhosh valid=%v for %q: %v", name, chk.OK(), want, data, chk.Violations)
			}
			if _, lchk := lenient.Check(call); lchk.OK() {
				if err := sch.Validate(mustUnmarshal(t, lchk.Arguments)); err != nil {
					t.Fatalf("%s: lenient mode accepted %q as %s, which santhosh rejects: %v", name, data, lchk.Arguments, err)
				}
			}
		}
	})
}

// stricterByDesign reports input the strict decoder rejects on purpose
// although encoding/json reads it.
func stricterByDesign(data []byte) bool {
	_, err := Decode(data, Limits{})
	var de *DecodeError
	return errors.As(err, &de) && (de.Keyword == "duplicate-key" || de.Keyword == "utf8" || de.Keyword == "max-depth")
}
