package rules

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/compiler/targets"
)

// walkResult is everything provider-limits reads from one rendered
// schema. badRegex is sorted: the decoded walk met siblings in map order.
type walkResult struct {
	Err                string
	PlainObject, Recur bool
	Optional, Unions   int
	Keywords, Formats  []string
	Open, Opt, Props   int
	Depth, Enum, Chars int
	BigEnum, NonStr    bool
	MinItems           int64
	BadRegex           []string
}

// rawResult reads raw as provider-limits does.
func rawResult(w *rawSchema, raw []byte) walkResult {
	root, err := w.read(raw)
	if err != nil {
		return walkResult{Err: err.Error()}
	}
	st := &schemaStats{}
	w.walkSchema(st, root, 0)
	st.sortNames()
	r := statsResult(st)
	r.PlainObject = w.plainObjectRoot(root)
	r.Recur = w.recursive(root)
	r.Optional, r.Unions = w.topLevelCounts(root)
	return r
}

func statsResult(st *schemaStats) walkResult {
	bad := slices.Clone(st.badRegex)
	slices.Sort(bad)
	return walkResult{Keywords: append([]string{}, st.keywords...), Formats: append([]string{}, st.formats...), Open: st.open, Opt: st.optional,
		Props: st.props, Depth: st.depth, Enum: st.enumValues, Chars: st.stringChars, BigEnum: st.bigEnum,
		NonStr: st.nonStrEnum, MinItems: st.minItems, BadRegex: bad}
}

// decodedResult is the reference: the walk provider-limits made before
// the rendered schema was read in place, over json.Unmarshal's
// map[string]any.
func decodedResult(raw []byte) walkResult {
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return walkResult{Err: fmt.Errorf("decode rendered schema: %w", err).Error()}
	}
	st := &schemaStats{}
	decodedWalk(st, root, 0)
	st.sortNames()
	r := statsResult(st)
	b := root
	if ref, ok := root["$ref"].(string); ok && len(root) <= 3 {
		if body, ok := decodedDefs(root)[ref[strings.LastIndex(ref, "/")+1:]].(map[string]any); ok {
			b = body
		}
	}
	r.PlainObject = b["type"] == "object" && b["anyOf"] == nil && b["oneOf"] == nil
	r.Recur = decodedRecursive(root)
	props, _ := root["properties"].(map[string]any)
	req := map[string]bool{}
	if l, ok := root["required"].([]any); ok {
		for _, x := range l {
			req[fmt.Sprint(x)] = true
		}
	}
	for name, p := range props {
		if !req[name] {
			r.Optional++
		}
		if m, ok := p.(map[string]any); ok {
			if _, ok := m["anyOf"]; ok {
				r.Unions++
			} else if l, ok := m["type"].([]any); ok && len(l) > 1 {
				r.Unions++
			}
		}
	}
	return r
}

func decodedDefs(root map[string]any) map[string]any {
	defs, _ := root["$defs"].(map[string]any)
	if defs == nil {
		defs, _ = root["definitions"].(map[string]any)
	}
	return defs
}

func decodedWalk(st *schemaStats, node any, depth int) {
	s, ok := node.(map[string]any)
	if !ok {
		return
	}
	for k := range s {
		st.keywords = append(st.keywords, k)
	}
	if f, ok := s["format"].(string); ok {
		st.formats = append(st.formats, f)
	}
	if pat, ok := s["pattern"].(string); ok && targets.RegexHasRestrictedSyntax(pat) {
		st.badRegex = append(st.badRegex, pat)
	}
	if n, ok := s["minItems"].(float64); ok && int64(n) > st.minItems {
		st.minItems = int64(n)
	}
	props, _ := s["properties"].(map[string]any)
	if s["type"] == "object" || props != nil {
		depth++
		st.depth = max(st.depth, depth)
		if s["additionalProperties"] != false {
			st.open++
		}
		req := map[string]bool{}
		l, _ := s["required"].([]any)
		for _, r := range l {
			if name, ok := r.(string); ok {
				req[name] = true
			}
		}
		for name := range props {
			st.props++
			st.stringChars += utf8.RuneCountInString(name)
			if !req[name] {
				st.optional++
			}
		}
	}
	if c, ok := s["const"].(string); ok {
		st.stringChars += utf8.RuneCountInString(c)
	}
	if enum, ok := s["enum"].([]any); ok {
		st.enumValues += len(enum)
		chars := 0
		for _, v := range enum {
			if str, ok := v.(string); ok {
				chars += utf8.RuneCountInString(str)
			} else if v != nil {
				st.nonStrEnum = true
			}
		}
		st.stringChars += chars
		st.bigEnum = st.bigEnum || len(enum) > 250 && chars > 15000
	}
	for _, k := range schemaMaps {
		m, _ := s[k].(map[string]any)
		for _, sub := range m {
			decodedWalk(st, sub, depth)
		}
	}
	for _, k := range schemaOne {
		decodedWalk(st, s[k], depth)
	}
	for _, k := range schemaLists {
		l, _ := s[k].([]any)
		for _, sub := range l {
			decodedWalk(st, sub, depth)
		}
	}
}

func decodedRecursive(root map[string]any) bool {
	edges := map[string][]string{}
	var refs func(string, any)
	refs = func(from string, node any) {
		switch v := node.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				edges[from] = append(edges[from], ref[strings.LastIndex(ref, "/")+1:])
			}
			for _, sub := range v {
				refs(from, sub)
			}
		case []any:
			for _, sub := range v {
				refs(from, sub)
			}
		}
	}
	defs := decodedDefs(root)
	for name, d := range defs {
		refs(name, d)
	}
	return cyclic(edges)
}

// walkCases are schemas the renderer does not write but the walk must
// read as the decode did: repeated keys, null and non-object roots,
// escapes, invalid UTF-8, non-string required names and enum values.
var walkCases = []string{
	`{}`, `null`, ` null `, `true`, `[1]`, `"x"`, `{"a":1} x`, `{"a":`, `{"a":1,}`,
	`{"type":"object","properties":{"a":{"type":"string","format":"date"},"b":{"enum":["x",1,null]}},"required":["a"],"additionalProperties":false}`,
	`{"type":"object","type":"string","properties":{"a":{}},"properties":{"b":{},"c":{}}}`,
	`{"properties":{"a":{"format":"x"},"a":{"format":"y"}},"required":["a",1,null,{"k":2}]}`,
	`{"properties":{"1":{},"null":{},"map[k:2]":{},"b":{"anyOf":null},"c":{"type":["string","null"]},"d":{"type":["x"]}},"required":[1,null,{"k":2}]}`,
	`{"properties":null,"type":"object","additionalProperties":null}`,
	`{"properties":{},"additionalProperties":{"type":"object","minItems":3.7,"items":{"minItems":-2,"pattern":"(a)\\1"}}}`,
	`{"minItems":1e400}`, `{"a":[-1.5E+400]}`, `{"a":"1e400","b":1e-400,"c":1.7e308}`, `{"minItems":"3"}`,
	`{"a":1` + strings.Repeat("0", 308) + `}`, `{"a":1` + strings.Repeat("0", 309) + `.5}`, `{"minItems":9007199254740993}`,
	`{"properties":{"\u00e9\"\\":{"const":"\ud83d\ude00x","pattern":"\\bword"}},"enum":"x"}`,
	"{\"properties\":{\"\xff\xfe\":{\"const\":\"a\xffb\",\"format\":\"\xc3\"}}}",
	`{"properties":{"a":{"const":"\ud800"}},"enum":["\udc00x"]}`,
	`{"$ref":"#/$defs/P","$defs":{"P":{"type":"object","properties":{"n":{"$ref":"#/$defs/Q"}}},"Q":{"items":{"$ref":"#/$defs/P"}}}}`,
	`{"$ref":"#/$defs/P","$defs":{"P":{"type":"object","anyOf":[]}}}`,
	`{"$ref":"#/$defs/P","$defs":{"P":{"type":"object","oneOf":null}}}`,
	`{"$ref":"#/$defs/P","$ref":"#/$defs/P","$defs":{"P":{"type":"object"}},"type":"x","title":"t"}`,
	`{"$ref":"#/$defs/P","$defs":1,"definitions":{"P":{"type":"object","examples":[{"$ref":"P"}]}},"a":1,"b":2}`,
	`{"$defs":{"A":{"examples":[{"$ref":"#/$defs/A"}]},"A":{"type":"string"}}}`,
	`{"definitions":{"A":{"default":{"x":{"$ref":"#/definitions/A"}}}}}`,
	`{"anyOf":[{"type":"object","properties":{"x":{"enum":[]}}},{"oneOf":[{"prefixItems":[{"type":"object"}]}]}],"not":{"const":"ab"}}`,
	` { "type" : "object" , "properties" : { "a" : { "type" : [ "string" , "null" ] } } } ` + "\n",
}

func TestRawWalkMatchesDecode(t *testing.T) {
	var w rawSchema
	for _, c := range walkCases {
		if got, want := rawResult(&w, []byte(c)), decodedResult([]byte(c)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n in place %+v\n decoded  %+v", c, got, want)
		}
	}
}

// TestRawWalkMatchesDecodeOnCorpora compares both reads on every tool
// the corpora's files define, rendered as lint renders them.
func TestRawWalkMatchesDecodeOnCorpora(t *testing.T) {
	opts := analyzer.Defaults().SchemaOptions
	var w rawSchema
	n := 0
	for name, files := range corpusInputs(t) {
		for _, tool := range loadCorpus(files).Tools {
			raw, err := jsonschema.Type(tool.Params, opts)
			if err != nil {
				continue // lint reports it before reading
			}
			n++
			if got, want := rawResult(&w, raw), decodedResult(raw); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, tool %s:\n in place %+v\n decoded  %+v\n%s", name, tool.Name, got, want, raw)
			}
		}
	}
	if n < 3000 {
		t.Errorf("compared %d rendered schemas; the corpora hold more", n)
	}
}

func FuzzRawWalkMatchesDecode(f *testing.F) {
	for _, c := range walkCases {
		f.Add([]byte(c))
	}
	var w rawSchema
	f.Fuzz(func(t *testing.T, raw []byte) {
		if got, want := rawResult(&w, raw), decodedResult(raw); !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n in place %+v\n decoded  %+v", raw, got, want)
		}
	})
}
