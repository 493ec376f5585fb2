package jsonval

import (
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// The benchmarks compare this package with santhosh v6 on the MCP
// snapshots' and tau-bench's tool schemas: compiling all of them, and
// validating the instances generated for each (one valid, the rest
// mostly invalid; ValidateValid only the valid ones). Compare the two
// sub-benchmarks' ratios, not absolute times (see CONVENTIONS.md).

type benchCase struct {
	doc       any
	ours      *Schema
	ref       *santhosh.Schema
	instances []any
}

func benchCorpus(b *testing.B) []benchCase {
	schemas := corpusSchemas(b, "tau-bench/tools_*.json", "mcp-tool-snapshots/*.json")
	var out []benchCase
	for _, name := range sortedKeys(schemas) {
		doc := schemas[name]
		ours, err := ourCompile(doc, Draft2020, false, nil)
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		ref, err := refCompile(doc, Draft2020, false, nil)
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		out = append(out, benchCase{doc, ours, ref, generateInstances(ours, 40)})
	}
	return out
}

func BenchmarkCompile(b *testing.B) {
	cases := benchCorpus(b)
	b.Run("impl=jsonval", func(b *testing.B) {
		for b.Loop() {
			for _, c := range cases {
				if _, err := ourCompile(c.doc, Draft2020, false, nil); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("impl=santhosh", func(b *testing.B) {
		for b.Loop() {
			for _, c := range cases {
				if _, err := refCompile(c.doc, Draft2020, false, nil); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

func BenchmarkValidate(b *testing.B) {
	benchValidate(b, false)
}

func BenchmarkValidateValid(b *testing.B) {
	benchValidate(b, true)
}

func benchValidate(b *testing.B, validOnly bool) {
	cases := benchCorpus(b)
	if validOnly {
		for i := range cases {
			cases[i].instances = cases[i].instances[:1]
			if cases[i].ours.Validate(cases[i].instances[0]) != nil {
				cases[i].instances = nil
			}
		}
	}
	b.Run("impl=jsonval", func(b *testing.B) {
		for b.Loop() {
			for _, c := range cases {
				for _, v := range c.instances {
					_ = c.ours.Validate(v)
				}
			}
		}
	})
	b.Run("impl=santhosh", func(b *testing.B) {
		for b.Loop() {
			for _, c := range cases {
				for _, v := range c.instances {
					_ = c.ref.Validate(v)
				}
			}
		}
	})
}
