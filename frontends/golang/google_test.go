package golang

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	google "github.com/google/jsonschema-go/jsonschema"

	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/golang/testdata/diffstructs"
)

// googleDeviation is where tscg must differ from google/jsonschema-go for
// one struct: JSON pointers in the normalised schemas, for tscg's input
// schema, its output schema, or both (testdata/diffstructs/README.md
// explains each).
type googleDeviation struct{ both, in, out []string }

// googleDeviations are the deliberate differences from jsonschema-go's
// For; everything else must be equal (descriptions from doc comments
// aside, which jsonschema-go cannot see).
var googleDeviations = map[string]googleDeviation{
	// time.Time: tscg adds format date-time
	"Flight":      {both: []string{"/properties/departure/format", "/properties/arrival/format"}},
	"Timestamps":  {both: []string{"/properties/created/format", "/properties/updated/format"}},
	"Document":    {both: []string{"/properties/created/format", "/properties/updated/format"}, out: []string{"/required"}}, // a nil embedded pointer's fields are left out
	"SearchInput": {both: []string{"/properties/since/format", "/properties/cursor/nullable", "/properties/tags/nullable"}},
	"Base":        {both: []string{"/properties/created/format"}},
	"Embedding":   {both: []string{"/properties/created/format"}, out: []string{"/required"}},
	// []byte is a base64 string, json.RawMessage any JSON value
	"Blob":  {both: []string{"/properties/data/type", "/properties/data/items", "/properties/data/contentEncoding"}, in: []string{"/properties/data/nullable"}},
	"Event": {both: []string{"/properties/payload"}},
	// a nil map is written as null
	"Settings":     {out: []string{"/properties/values/nullable"}},
	"SearchOutput": {in: []string{"/properties/hits/nullable", "/properties/next/nullable"}, out: []string{"/properties/facets/nullable"}},
	"Pointers": {in: []string{"/properties/owner/nullable", "/properties/twice/nullable", "/properties/items/nullable",
		"/properties/items/items/nullable", "/properties/by_key/additionalProperties/nullable"}, out: []string{"/properties/by_key/nullable"}},
	"Matrix":  {in: []string{"/properties/rows/nullable", "/properties/rows/items/nullable"}},
	"Results": {in: []string{"/properties/page/properties/items/nullable"}},
	// encoding/json's ,string option
	"Stringly": {both: []string{"/properties/count/type", "/properties/ratio/type", "/properties/on/type"}},
	// sized integers: tscg bounds only the unsigned ones below
	"Counts": {both: []string{"/properties/b/maximum"}},
	"Sized": {both: []string{"/properties/i8/minimum", "/properties/i8/maximum", "/properties/i16/minimum", "/properties/i16/maximum",
		"/properties/i32/minimum", "/properties/i32/maximum", "/properties/u8/maximum", "/properties/u16/maximum", "/properties/u32/maximum"}},
	// encoding/json's rules for types with their own encoding, embedding and names
	"Stdlib":        {both: []string{"/properties/at/format", "/properties/big/type", "/properties/host"}},
	"EmbeddedNamed": {both: []string{"/properties/base", "/properties/id", "/properties/created", "/properties/Note", "/required"}},
	"Shadowing":     {both: []string{"/properties/name/description", "/required"}}, // jsonschema-go lists "name" twice
	// invopop's conventions, which tscg reads and jsonschema-go does not
	"Paint":    {both: []string{"/properties/color/enum"}},
	"Required": {both: []string{"/properties/a/description"}, in: []string{"/required"}},
	"Extras":   {both: []string{"/properties/a/x-order", "/properties/a/x-hidden"}},
	"Price":    {both: []string{"/properties/currency/pattern", "/properties/currency/examples", "/properties/currency/x-unit", "/properties/currency/description"}},
	"Money":    {both: []string{"/title", "/examples", "/description", "/properties/nanos/minimum", "/properties/nanos/maximum"}},
}

// googleRefused are the structs of diffstructs.Types that jsonschema-go's
// For refuses for another reason than an invopop key=value tag ("tag must
// not begin with 'WORD='"), with the text of its error.
var googleRefused = map[string]string{
	"Tree": "cycle detected", // tscg writes the recursive $ref
	"Rule": "cycle detected",
	"ByID": "unsupported map key type int", // encoding/json writes integer keys as strings
}

// TestDifferentialGoogle compares tscg with google/jsonschema-go, run here
// as mcp.AddTool runs it on a tool's In and Out types (the go-sdk's
// setSchema: ForType(t, &ForOptions{})), for every struct of
// testdata/diffstructs that ForType accepts. tscg is loaded with no go:
// Reflector keys, which is what a go-sdk server's tools get; its input
// schema (In) and its output schema (Out) must each equal jsonschema-go's
// after normalising, but for the deviations listed, which must still
// differ. A description only tscg has must be a doc comment.
func TestDifferentialGoogle(t *testing.T) {
	cat, ds := Load([]string{"./testdata/diffstructs"}, Options{})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds.Err())
	}
	docs := sourceComments(t, "testdata/diffstructs")
	all := append(append([]any(nil), diffstructs.Types...), diffstructs.Google...)
	seen := map[string]bool{}
	refused, docOnlyHits := 0, 0
	equal := map[string][]string{}
	for _, v := range all {
		name := reflect.TypeOf(v).Name()
		seen[name] = true
		s, err := google.ForType(reflect.TypeOf(v), &google.ForOptions{})
		if err != nil {
			if !strings.Contains(err.Error(), googleRefusal(name)) {
				t.Errorf("%s: jsonschema-go refuses it for another reason than %q: %v", name, googleRefusal(name), err)
			}
			refused++
			continue
		}
		if why, ok := googleRefused[name]; ok {
			t.Errorf("%s: jsonschema-go no longer refuses it (%s): compare it", name, why)
		}
		theirs, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		dev := googleDeviations[name]
		for _, mode := range []struct {
			name string
			opts jsonschema.Options
			ptrs []string
		}{{"input", jsonschema.Options{}, dev.in}, {"output", jsonschema.Options{Output: true}, dev.out}} {
			ours, err := jsonschema.Named(cat.Type(name), mode.opts)
			if err != nil {
				t.Fatal(err)
			}
			a, b := normalise(t, ours), normalise(t, theirs)
			ptrs := append(append([]string(nil), dev.both...), mode.ptrs...)
			for _, ptr := range ptrs {
				if x, y := pluck(a, ptr), pluck(b, ptr); reflect.DeepEqual(x, y) {
					t.Errorf("%s (%s): deviation %s no longer differs (both %v): update googleDeviations and the README", name, mode.name, ptr, x)
				}
			}
			for _, d := range docOnly(a, b, "") {
				docOnlyHits++
				if !docs[d.text] {
					t.Errorf("%s (%s): %s: description %q is only in tscg's schema and is not a doc comment", name, mode.name, d.at, d.text)
				}
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s (%s): schemas differ\n--- tscg\n%s\n--- jsonschema-go\n%s", name, mode.name, show(a), show(b))
			} else if len(ptrs) == 0 {
				equal[mode.name] = append(equal[mode.name], name)
			}
		}
	}
	for name := range googleDeviations {
		if !seen[name] {
			t.Errorf("googleDeviations lists %s, which is no struct of diffstructs", name)
		}
	}
	if docOnlyHits == 0 {
		t.Error("no description comes only from a doc comment: the deviation is no longer shown")
	}
	compared := len(all) - refused
	t.Logf("%d structs, %d refused by jsonschema-go, %d compared: %d equal as input %v and %d as output %v (doc comments aside), the rest differ only at listed deviations",
		len(all), refused, compared, len(equal["input"]), equal["input"], len(equal["output"]), equal["output"])
}

// googleRefusal is the text of the error jsonschema-go's For must give
// for a struct it refuses.
func googleRefusal(name string) string {
	if why, ok := googleRefused[name]; ok {
		return why
	}
	return "tag must not begin with 'WORD='" // an invopop tag such as jsonschema:"minimum=1"
}

// The structs of TestGoogleUnencodable, as the test's temporary module
// declares them too, for jsonschema-go to reflect.
type (
	gErr   struct{ Err error }
	gCtx   struct{ Ctx context.Context }
	gChan  struct{ Ch chan int }
	gFunc  struct{ Fn func() }
	gCmplx struct{ C complex128 }
)

// TestGoogleUnencodable compares what tscg and jsonschema-go do with a
// field encoding/json cannot round-trip: both refuse a channel, a function
// and a complex number; jsonschema-go accepts an error or an interface
// with methods as {} (a server then writes most errors as {} and cannot
// decode any value into one), which tscg refuses (the deviation, asserted).
func TestGoogleUnencodable(t *testing.T) {
	cases := []struct {
		v     any
		field string
		tscg  string // tscg's error at the field
		// google is jsonschema-go's error, or "" when it accepts the field
		google string
	}{
		{gErr{}, "Err error", "unsupported type error: encoding/json cannot decode into an error", ""},
		{gCtx{}, "Ctx context.Context", "unsupported type context.Context: only the empty interface", ""},
		{gChan{}, "Ch chan int", "unsupported type chan int", "unsupported"},
		{gFunc{}, "Fn func()", "unsupported type func()", "unsupported"},
		{gCmplx{}, "C complex128", "unsupported type complex128", "unsupported"},
	}
	dir := t.TempDir()
	src := "package p\n\nimport \"context\"\n\nvar _ context.Context\n"
	for _, c := range cases {
		src += fmt.Sprintf("\ntype %s struct {\n\t%s `json:\"x\"`\n}\n", reflect.TypeOf(c.v).Name(), c.field)
	}
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/p\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "p.go"), src)
	_, ds := Load([]string{"."}, Options{Dir: dir})
	byType := map[string]string{} // the error at each type
	var msgs []string
	for _, d := range ds {
		msgs = append(msgs, d.String())
		if name, _, ok := strings.Cut(strings.TrimPrefix(d.Message, "type "), " has no JSON Schema: "); ok {
			byType[name] = d.Message
		}
	}
	for _, c := range cases {
		name := reflect.TypeOf(c.v).Name()
		if !strings.Contains(byType[name], ": p.go:") || !strings.Contains(byType[name], c.tscg) {
			t.Errorf("%s: tscg does not refuse it at the field with %q:\n%s", name, c.tscg, strings.Join(msgs, "\n"))
		}
		s, err := google.ForType(reflect.TypeOf(c.v), &google.ForOptions{})
		switch {
		case c.google == "" && err != nil:
			t.Errorf("%s: jsonschema-go refuses it now (%v): the deviation is gone, update the README", name, err)
		case c.google == "" && !isTrueSchema(s, reflect.TypeOf(c.v).Field(0).Name):
			t.Errorf("%s: jsonschema-go no longer infers {} for the field", name)
		case c.google != "" && (err == nil || !strings.Contains(err.Error(), c.google)):
			t.Errorf("%s: jsonschema-go's error %v, want one with %q", name, err, c.google)
		}
	}
}

// isTrueSchema reports whether s's property name accepts any value.
func isTrueSchema(s *google.Schema, name string) bool {
	p := s.Properties[name]
	b, _ := json.Marshal(p)
	return p != nil && (string(b) == "{}" || string(b) == "true")
}
