package typescript

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

func loadSource(t *testing.T, src string) (*ir.Catalog, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.ts"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	cat, diags := Load([]string{"x.ts"}, Options{})
	var b strings.Builder
	diags.Print(&b)
	return cat, b.String()
}

func TestDiscriminator(t *testing.T) {
	cat, diags := loadSource(t, `
export interface A { kind: 'a'; x: number }
export interface B { kind: 'b'; y: string }
export type AB = A | B;
export type NotDisc = A | { kind: 'a'; z: boolean };`)
	if diags != "" {
		t.Fatal(diags)
	}
	if got := cat.Type("AB").Type.Discriminator; got != "kind" {
		t.Errorf("AB discriminator = %q, want kind", got)
	}
	if got := cat.Type("NotDisc").Type.Discriminator; got != "" {
		t.Errorf("NotDisc discriminator = %q, want none (values repeat)", got)
	}
}

func TestNullableAndRefs(t *testing.T) {
	cat, diags := loadSource(t, `
export interface Node { next: Node | null; label?: string | undefined }`)
	if diags != "" {
		t.Fatal(diags)
	}
	n := cat.Type("Node").Type
	next := n.Prop("next")
	if next.Type.Kind != ir.KindRef || next.Type.Ref != cat.Type("Node") || !next.Type.Nullable || !next.Required {
		t.Errorf("next = %+v", next.Type)
	}
	if label := n.Prop("label"); label.Required || label.Type.Kind != ir.KindString {
		t.Errorf("label = %+v required=%v", label.Type, label.Required)
	}
	if n.Additional != ir.AdditionalDefault {
		t.Errorf("Additional = %v, want default", n.Additional)
	}
}

func TestExponentialGenericsTerminate(t *testing.T) {
	_, diags := loadSource(t, `
type A<T> = { a: A<[T, T]>; b: A<[T, T]> };
export type X = A<string>;`)
	if !strings.Contains(diags, "too deep") && !strings.Contains(diags, "too complex") {
		t.Fatalf("want a too-deep/too-complex error, got %q", diags)
	}
}

func TestParseType(t *testing.T) {
	ty, diags := ParseType("{ filename: string; sizeKB?: number }[]")
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if ty.Kind != ir.KindArray || ty.Items.Kind != ir.KindObject || len(ty.Items.Properties) != 2 ||
		ty.Items.Properties[1].Required {
		t.Fatalf("got %+v", ty)
	}
	for _, tc := range []struct{ src, want string }{
		{"Foo", "<type>:1:1: error: unknown type Foo"},
		{"string extra", `<type>:1:8: error: unexpected "extra" after the type`},
		{"{ a: string", `<type>:1:12: error: expected ';' or '}' after a member, found end of file`},
		{"T extends U ? A : B", "<type>:1:1: error: conditional type is not supported: tool schemas describe JSON data"},
	} {
		_, diags := ParseType(tc.src)
		if len(diags) == 0 || diags[0].String() != tc.want {
			t.Errorf("ParseType(%q) = %v, want %s", tc.src, diags, tc.want)
		}
	}
}

func TestLexerSkipsLiterals(t *testing.T) {
	src := "a = `x${ {b: '}'} }y${`z${1}`}`; r = /[/}]+/g; d = 4 / 2 / 1; s = '\\'}'"
	var texts []string
	toks, _ := lex(src)
	for _, tk := range toks {
		texts = append(texts, tk.text)
	}
	got := strings.Join(texts, " ")
	want := "a = `x${ {b: '}'} }y${`z${1}`}` ; r = /[/}]+/g ; d = 4 / 2 / 1 ; s = '\\'}' "
	if got != want {
		t.Errorf("tokens:\n got %s\nwant %s", got, want)
	}
}

func TestJSDocParse(t *testing.T) {
	d := parseDoc(rawDoc{text: "/**\n * First line.\n *\n * 第二段。\n * @minimum 1 @maximum 2\n * @example\n *   {\"a\": 1}\n */"})
	if d.desc != "First line.\n\n第二段。" {
		t.Errorf("desc = %q", d.desc)
	}
	var tags []string
	for _, tg := range d.tags {
		tags = append(tags, tg.name+"="+tg.text)
	}
	if got := strings.Join(tags, ";"); got != `minimum=1;maximum=2;example={"a": 1}` {
		t.Errorf("tags = %s", got)
	}
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{"SearchDocuments": "search_documents", "HTTPRequest": "http_request",
		"getV2Data": "get_v2_data", "already_snake": "already_snake"} {
		if got := snakeCase(in); got != want {
			t.Errorf("snakeCase(%s) = %s, want %s", in, got, want)
		}
	}
}

// BenchmarkLoad2000 parses and resolves a generated file of 2,000
// interfaces (each a tool in the article's form referencing a shared type).
func BenchmarkLoad2000(b *testing.B) {
	var src strings.Builder
	src.WriteString("export interface Shared { id: string; tags?: string[] }\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&src, `/** Tool number %d. */
export interface Tool%dTool {
  name: 'tool_%d';
  description: 'Does thing %d';
  parameters: {
    /** The query. @minLength 1 */
    query: string;
    limit?: number; // max results
    mode: 'fast' | 'slow' | null;
    shared: Shared;
    extra: Record<string, number>;
  };
}
`, i, i, i, i)
	}
	path := filepath.Join(b.TempDir(), "tools.ts")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(src.Len()))
	b.ResetTimer()
	for b.Loop() {
		cat, diags := Load([]string{path}, Options{})
		if diags.HasErrors() || len(cat.Tools) != 2000 {
			b.Fatalf("tools=%d diags=%v", len(cat.Tools), diags)
		}
	}
}
