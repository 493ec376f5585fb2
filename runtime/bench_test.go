package runtime

import (
	"bytes"
	"context"
	"testing"
	"time"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// The benchmarks validate the 195-byte call in testdata/call.json against
// the 6-property schema in testdata/search.schema.json (pattern, integer
// range, enum, array of strings, nested object, required). Compare
// BenchmarkCheck (the runtime's generic path) with
// BenchmarkSanthoshDecodeValidate (the baseline) in one run.

func BenchmarkSanthoshDecodeValidate(b *testing.B) {
	c := jsonschema.NewCompiler()
	must(b, c.AddResource("urn:bench", mustUnmarshal(b, searchSchema(b))))
	sch, err := c.Compile("urn:bench")
	must(b, err)
	call := searchCall(b)
	b.SetBytes(int64(len(call)))
	b.ReportAllocs()
	for b.Loop() {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(call))
		if err != nil {
			b.Fatal(err)
		}
		if err := sch.Validate(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	r := newSearchRegistry(b)
	call := Call{Name: "search", Arguments: searchCall(b)}
	b.SetBytes(int64(len(call.Arguments)))
	b.ReportAllocs()
	for b.Loop() {
		if _, chk := r.Check(call); !chk.OK() {
			b.Fatal(chk.Violations)
		}
	}
}

func BenchmarkDispatch(b *testing.B) {
	r := newSearchRegistry(b)
	r.Use(Recover(), Truncate(0))
	call := Call{ID: "c1", Name: "search", Arguments: searchCall(b)}
	ctx := context.Background()
	b.SetBytes(int64(len(call.Arguments)))
	b.ReportAllocs()
	for b.Loop() {
		if res := r.Dispatch(ctx, call); res.IsError {
			b.Fatal(res.Content)
		}
	}
}

func BenchmarkCheckInvalid(b *testing.B) {
	r := newSearchRegistry(b)
	call := Call{Name: "search", Arguments: []byte(`{"query":"","max_results":"ten","sort":"cheapest","tags":[1],"origin":"jfk","window":{},"x":1}`)}
	b.ReportAllocs()
	for b.Loop() {
		if _, chk := r.Check(call); chk.OK() {
			b.Fatal("accepted")
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	call := searchCall(b)
	b.SetBytes(int64(len(call)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(call, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodingJSONDecode(b *testing.B) {
	call := searchCall(b)
	b.SetBytes(int64(len(call)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := jsonschema.UnmarshalJSON(bytes.NewReader(call)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDispatchTimeouts compares the Timeout middleware (clock after
// validation) with WithTimeout (validation inside the budget; one more
// goroutine per call).
func BenchmarkDispatchTimeouts(b *testing.B) {
	call := Call{ID: "c1", Name: "search", Arguments: searchCall(b)}
	for _, name := range []string{"middleware", "WithTimeout"} {
		b.Run(name, func(b *testing.B) {
			r := newSearchRegistry(b)
			if name == "WithTimeout" {
				r.opts.timeout = time.Minute
				r.Use(Recover())
			} else {
				r.Use(Recover(), Timeout(time.Minute))
			}
			b.ReportAllocs()
			for b.Loop() {
				if res := r.Dispatch(context.Background(), call); res.IsError {
					b.Fatal(res.Content)
				}
			}
		})
	}
}

// BenchmarkCheckPatternEngines checks one string against a pattern RE2
// compiles and against one that needs the backtracking engine, whose
// schema validates on a pooled copy with a budget of its own.
func BenchmarkCheckPatternEngines(b *testing.B) {
	for name, pattern := range map[string]string{"RE2": `^\\w+$`, "backtracking": `^(?!x)\\w+$`} {
		b.Run(name, func(b *testing.B) {
			r := NewRegistry()
			must(b, r.Register(Tool{Name: "q", InputSchema: []byte(`{"type":"object","properties":{"q":{"type":"string","pattern":"` + pattern + `"}}}`)}))
			call := Call{Name: "q", Arguments: []byte(`{"q":"hello_world"}`)}
			b.ReportAllocs()
			for b.Loop() {
				if _, chk := r.Check(call); !chk.OK() {
					b.Fatal(chk.Violations)
				}
			}
		})
	}
}
