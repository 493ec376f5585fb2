package tstype

import (
	"strings"
	"testing"
)

func TestCompile(t *testing.T) {
	doc, err := Compile("{ filename: string; sizeKB: number }[]")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"type": "array"`, `"filename"`, `"additionalProperties": false`} {
		if !strings.Contains(strings.ReplaceAll(string(doc), `":"`, `": "`), want) && !strings.Contains(string(doc), want) {
			t.Errorf("schema lacks %s:\n%s", want, doc)
		}
	}
	if _, err := Compile("{ filename: "); err == nil {
		t.Error("broken type text compiled")
	}
}
