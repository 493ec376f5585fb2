// Package searchbench benchmarks tscg-generated executors (tools.go,
// generated from runtime/testdata/search.schema.json) on the 195-byte call
// in runtime/testdata/call.json: the generated decoder, the runtime's
// generic path, and santhosh-tekuri/jsonschema/v6 decode+validate as the
// baseline, in one run:
//
//	go test -run '^$' -bench . -count 6 ./codegen/goexec/internal/searchbench | benchstat -
package searchbench

import (
	"bytes"
	"os"
	"testing"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/runtime"
)

func load(b testing.TB, name string) []byte {
	data, err := os.ReadFile("../../../../runtime/testdata/" + name)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkGenerated(b *testing.B) {
	call := load(b, "call.json")
	b.SetBytes(int64(len(call)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeSearchParams(call, runtime.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGeneratedCheck(b *testing.B) {
	reg := runtime.NewRegistry()
	if err := Register(reg, nil); err != nil {
		b.Fatal(err)
	}
	call := runtime.Call{Name: "search", Arguments: load(b, "call.json")}
	b.SetBytes(int64(len(call.Arguments)))
	b.ReportAllocs()
	for b.Loop() {
		if _, chk := reg.Check(call); !chk.OK() {
			b.Fatal(chk.Violations)
		}
	}
}

func BenchmarkGeneric(b *testing.B) {
	reg := runtime.NewRegistry()
	tool := SearchTool(nil)
	tool.Decode = nil
	if err := reg.Register(tool); err != nil {
		b.Fatal(err)
	}
	call := runtime.Call{Name: "search", Arguments: load(b, "call.json")}
	b.SetBytes(int64(len(call.Arguments)))
	b.ReportAllocs()
	for b.Loop() {
		if _, chk := reg.Check(call); !chk.OK() {
			b.Fatal(chk.Violations)
		}
	}
}

func BenchmarkSanthoshDecodeValidate(b *testing.B) {
	c := jsonschema.NewCompiler()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(load(b, "search.schema.json")))
	if err != nil {
		b.Fatal(err)
	}
	if err := c.AddResource("urn:bench", doc); err != nil {
		b.Fatal(err)
	}
	sch, err := c.Compile("urn:bench")
	if err != nil {
		b.Fatal(err)
	}
	call := load(b, "call.json")
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
