package schemats

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestType(t *testing.T) {
	for schema, want := range map[string]string{
		`true`:                       "unknown",
		`false`:                      "never",
		`{"type":["string","null"]}`: "string | null",
		`{"enum":["a",1,null]}`:      `"a" | 1 | null`,
		`{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"integer"}]}}`:     "(string | number)[]",
		`{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"boolean"}}`: "[string, ...boolean[]]",
		`{"type":"object"}`: "Record<string, unknown>",
		`{"type":"object","additionalProperties":false}`:                                                                                      "{}",
		`{"type":"object","properties":{"a-b":{"const":"x"}},"required":["a-b"]}`:                                                             "{\n  \"a-b\": \"x\";\n}",
		`{"type":"object","properties":{"n":{"type":"integer","minimum":1,"description":"Count."}},"additionalProperties":{"type":"string"}}`: "{\n  /**\n   * Count.\n   * @asType integer\n   * @minimum 1\n   */\n  n?: number;\n  [key: string]: string;\n}",
		`{"$ref":"http://example.com/x"}`:                                                                                                     "unknown",
	} {
		got, err := Type(json.RawMessage(schema))
		if err != nil {
			t.Errorf("%s: %v", schema, err)
			continue
		}
		if got != want {
			t.Errorf("Type(%s) =\n%s\nwant\n%s", schema, got, want)
		}
	}
}

func TestDeclarationsShareAndRenameDefs(t *testing.T) {
	unit := `{"$defs":{"Unit":{"enum":["c","f"]}},"type":"object","properties":{"u":{"$ref":"#/$defs/Unit"}}}`
	other := `{"$defs":{"Unit":{"enum":["m","s"]}},"type":"object","properties":{"u":{"$ref":"#/$defs/Unit"}}}`
	src, err := Declarations([]Tool{
		{Name: "a", Description: "A. Ends */ early?", Input: json.RawMessage(unit)},
		{Name: "b", Input: json.RawMessage(unit)},
		{Name: "c", Input: json.RawMessage(other), Output: json.RawMessage(`{"type":"string"}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`type Unit = "c" | "f";`, `type Unit_2 = "m" | "s";`, "u?: Unit_2;", "): Promise<string>;", `*\/ early`} {
		if !strings.Contains(src, want) {
			t.Errorf("declarations lack %q:\n%s", want, src)
		}
	}
	if strings.Count(src, "type Unit =") != 1 {
		t.Errorf("identical Unit declared more than once:\n%s", src)
	}
}

func FuzzDeclarations(f *testing.F) {
	for _, s := range []string{`{}`, `true`, `{"type":"object","properties":{"a":{"type":"array","items":{"$ref":"#/$defs/X"}}},"$defs":{"X":{"oneOf":[{"type":"null"},{"$ref":"#/$defs/X"}]}}}`, `{"allOf":[{"type":"string"}]}`, `[`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, schema string) {
		_, _ = Declarations([]Tool{{Name: "t", Input: json.RawMessage(schema)}})
	})
}
