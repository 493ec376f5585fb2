package goexec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
)

const jstsDir = "../../../shared/corpora/jsts/draft2020-12"

type jstsGroup struct {
	Schema json.RawMessage `json:"schema"`
	Tests  []struct {
		Data json.RawMessage `json:"data"`
	} `json:"tests"`
}

// TestDifferentialJSTS generates one tool per JSON-Schema-Test-Suite
// 2020-12 group whose schema the JSON frontend converts with nothing left
// over (no keyword kept verbatim) and santhosh compiles without remote
// documents; the value under test is the tool's only parameter "v". The
// generated decoders and the generic path must both give santhosh v6's
// verdict on the original schema, for every case, in one compiled package.
func TestDifferentialJSTS(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(jstsDir, "*.json"))
	if len(files) == 0 {
		corpus.Missing(t, "JSON-Schema-Test-Suite not found at %s (shared corpora absent)", jstsDir)
	}
	cat := &ir.Catalog{}
	var cases []diffCase
	var skipped, native, nativeCases int
	for _, path := range files {
		var gs []jstsGroup
		data, err := os.ReadFile(path)
		must(t, err)
		must(t, json.Unmarshal(data, &gs))
		for _, g := range gs {
			name := fmt.Sprintf("t%d", len(cat.Tools))
			c, ok := jstsCatalog(name, g.Schema)
			if !ok {
				skipped++
				continue
			}
			cat.Merge(c)
			if nativeRoot(c) {
				native++
				nativeCases += len(g.Tests)
			}
			for _, tc := range g.Tests {
				args := append(append([]byte(`{"v":`), tc.Data...), '}')
				cases = append(cases, diffCase{Tool: name, Args: args, Valid: refValid(t, g.Schema, tc.Data)})
			}
		}
	}
	gen, err := Generate(cat, Options{Package: "gen"})
	must(t, err)
	out := buildAndTest(t, gen, cases)
	t.Logf("JSTS 2020-12: %d groups in scope (%d cases; %d groups / %d cases decoded natively at the root, the rest through the embedded-schema fallback), %d groups out of scope; %s",
		len(cat.Tools), len(cases), native, nativeCases, skipped, summary(out))
	if len(cases) < 300 {
		t.Errorf("only %d cases in scope", len(cases))
	}
}

// jstsCatalog wraps a suite schema as a tool, or reports false when the
// schema is out of scope.
func jstsCatalog(name string, schema json.RawMessage) (*ir.Catalog, bool) {
	if !compiles(schema) {
		return nil, false
	}
	typ, named, ds := jsonfront.Schema(name, schema, jsonfront.Options{})
	if ds.HasErrors() || typ == nil || hasExtra(typ, map[*ir.Type]bool{}) {
		return nil, false
	}
	for _, n := range named {
		if hasExtra(n.Type, map[*ir.Type]bool{}) {
			return nil, false
		}
	}
	tool := &ir.Tool{Name: name, Params: &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalClosed,
		Properties: []*ir.Property{{Name: "v", Type: typ, Required: true}}}}
	c := &ir.Catalog{Tools: []*ir.Tool{tool}, Types: named}
	if _, err := Generate(c, Options{Package: "gen"}); err != nil {
		return nil, false
	}
	return c, true
}

// hasExtra reports keywords the IR kept verbatim anywhere under t.
func hasExtra(t *ir.Type, seen map[*ir.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if len(t.Extra) > 0 {
		return true
	}
	kids := append([]*ir.Type{t.Items, t.AdditionalType}, t.PrefixItems...)
	kids = append(append(kids, t.Variants...), t.AllOf...)
	for _, p := range t.Properties {
		kids = append(kids, p.Type)
	}
	for _, k := range kids {
		if hasExtra(k, seen) {
			return true
		}
	}
	return false
}

func compiles(schema []byte) bool {
	c := jsonschema.NewCompiler()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil || c.AddResource("urn:x", v) != nil {
		return false
	}
	_, err = c.Compile("urn:x")
	return err == nil
}

// nativeRoot reports whether the generator checks the tool's value itself
// rather than through its embedded-schema fallback.
func nativeRoot(c *ir.Catalog) bool {
	g := newGen(Options{})
	if g.tool(c.Tools[0]) != nil {
		return false
	}
	return g.tools[0].params.fields[0].s.kind != sRaw
}
