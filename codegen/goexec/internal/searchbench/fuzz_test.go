package searchbench

import (
	"bytes"
	"testing"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/examples/agent/weather"
	"github.com/tscg/tscg/runtime"
)

// registries returns the tools of this package and of the generated
// weather package twice: with their generated decoders and without
// (the runtime's generic path).
func registries(t testing.TB) (fast, generic *runtime.Registry) {
	fast, generic = runtime.NewRegistry(), runtime.NewRegistry()
	tools := append(Tools(nil), weather.Tools(nil)...)
	for _, tool := range tools {
		if err := fast.Register(tool); err != nil {
			t.Fatal(err)
		}
		tool.Decode = nil
		if err := generic.Register(tool); err != nil {
			t.Fatal(err)
		}
	}
	return fast, generic
}

// FuzzAgreement mutates arguments for the example schemas: the generated
// decoder and the generic path must agree on the verdict and on every
// violation, and santhosh v6 must agree on the verdict whenever the
// arguments decode (the runtime also refuses duplicate keys, which
// santhosh's decoder accepts).
func FuzzAgreement(f *testing.F) {
	for _, seed := range []struct{ tool, args string }{
		{"search", `{"query":"cheap flights","max_results":20,"sort":"price","tags":["a","b"],"origin":"JFK","window":{"from":"x","to":"y"}}`},
		{"search", `{"query":"","max_results":"ten","sort":"cheapest","tags":[1],"origin":"jfk","window":{},"x":1}`},
		{"search", `{"query":"q","origin":"ABC","max_results":1e1,"tags":[]}`},
		{"get_weather", `{"location":"Beijing, China","unit":"celsius"}`},
		{"get_weather", `{"location":"B","unit":"kelvin"}`},
		{"search_documents", `{"query":"q","filter_by_category":["x"],"date_range":{"start":"a","end":"b"},"precision":"day"}`},
		{"get_system_time", `{"timezone":"UTC"}`},
		{"calculate_expression", `{"expression":"1+1"}`},
	} {
		f.Add(seed.tool, []byte(seed.args))
	}
	fast, generic := registries(f)
	refs := map[string]*jsonschema.Schema{}
	for _, name := range fast.Names() {
		c := jsonschema.NewCompiler()
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(fast.Tool(name).InputSchema))
		if err != nil {
			f.Fatal(err)
		}
		if err := c.AddResource("urn:"+name, doc); err != nil {
			f.Fatal(err)
		}
		if refs[name], err = c.Compile("urn:" + name); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, tool string, args []byte) {
		if fast.Tool(tool) == nil || len(bytes.TrimSpace(args)) == 0 {
			return
		}
		call := runtime.Call{Name: tool, Arguments: args}
		_, a := fast.Check(call)
		_, b := generic.Check(call)
		if a.OK() != b.OK() || len(a.Violations) != len(b.Violations) {
			t.Fatalf("%s %s: generated %v, generic %v", tool, args, a.Violations, b.Violations)
		}
		for i := range a.Violations {
			if a.Violations[i].Pointer != b.Violations[i].Pointer {
				t.Fatalf("%s %s: generated %v, generic %v", tool, args, a.Violations, b.Violations)
			}
		}
		if _, err := runtime.Decode(args, runtime.Limits{}); err != nil {
			return
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
		if err != nil {
			return
		}
		if want := refs[tool].Validate(v) == nil; want != a.OK() {
			t.Fatalf("%s %s: santhosh valid=%v, generated %v %v", tool, args, want, a.OK(), a.Violations)
		}
	})
}
