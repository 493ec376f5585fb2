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
		if got := ir.SnakeCase(in); got != want {
			t.Errorf("ir.SnakeCase(%s) = %s, want %s", in, got, want)
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

// TestFilePos: pos, which remembers the last line it found, agrees with a
// plain search whatever order offsets come in.
func TestFilePos(t *testing.T) {
	src := "a\n\nbc\nd\n\n\nefg\nh"
	f := newFile("f.ts", "f.ts", src)
	want := func(off int) ir.Pos {
		line, col := 1, off+1
		for i := 0; i < off && i < len(src); i++ {
			if src[i] == '\n' {
				line, col = line+1, off-i
			}
		}
		return ir.Pos{File: "f.ts", Line: line, Col: col}
	}
	offs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 16, 0, 16, 3, 2, 12, 5, 9, 1}
	for _, off := range offs {
		if got := f.pos(off); got != want(off) {
			t.Errorf("pos(%d) = %v, want %v", off, got, want(off))
		}
	}
}

// TestNumberTagsNeedNumberLiterals: @minimum and friends take a JSON
// number literal; null or a quoted number is an error, not schema text.
func TestNumberTagsNeedNumberLiterals(t *testing.T) {
	_, diags := loadSource(t, "export interface Q {\n  /** @minimum null */\n  a: number;\n  /** @maximum \"5\" */\n  b: number;\n  /** @multipleOf 0.5 */\n  c: number;\n}\n")
	for _, want := range []string{`@minimum needs a number, got "null"`, `@maximum needs a number, got "\"5\""`} {
		if !strings.Contains(diags, want) {
			t.Errorf("diagnostics lack %s:\n%s", want, diags)
		}
	}
	if strings.Contains(diags, "multipleOf") {
		t.Errorf("@multipleOf 0.5 refused:\n%s", diags)
	}
}

// TestTokenWindow: the parser keeps only a window of tokens and comments;
// declarations far into a file keep their JSDoc, trailing comments and
// positions, and recovery from a bad declaration works there too.
func TestTokenWindow(t *testing.T) {
	var src strings.Builder
	src.WriteString("const re = /[/}]+/g; const s = `${ /** not a doc */ 1 }`;\n")
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&src, "/** Doc %d. */\nexport interface T%d {\n  /** P %d. */ a: string;\n  b: number; // trail %d\n}\n", i, i, i, i)
	}
	cat, diags := loadSource(t, src.String())
	if diags != "" {
		t.Fatal(diags)
	}
	for _, i := range []int{0, 150, 299} {
		n := cat.Type(fmt.Sprintf("T%d", i))
		if n == nil {
			t.Fatalf("T%d missing", i)
		}
		if n.Type.Description != fmt.Sprintf("Doc %d.", i) || n.Pos.Line != 3+5*i {
			t.Errorf("T%d: description %q at line %d", i, n.Type.Description, n.Pos.Line)
		}
		if a, b := n.Type.Prop("a"), n.Type.Prop("b"); a.Type.Description != fmt.Sprintf("P %d.", i) ||
			b.Type.Description != fmt.Sprintf("trail %d", i) || b.Pos.Line != 5+5*i || b.Pos.Col != 3 {
			t.Errorf("T%d: a %q, b %q at %v", i, a.Type.Description, b.Type.Description, b.Pos)
		}
	}

	src.WriteString("interface Bad { a: }\ninterface After { x: string }\n")
	p := parseSource(src.String())
	// Bad stays as what stopped its parse (reported where it is used).
	if len(p.errs) != 0 || len(p.decls) != 302 || p.decls[300].name != "Bad" || p.decls[300].body.kind != teBroken || p.decls[301].name != "After" {
		t.Errorf("errs %v, %d decls", p.errs, len(p.decls))
	}
}

// TestStringLit: the fast paths of stringLit agree with ir.MarshalValue.
func TestStringLit(t *testing.T) {
	for _, src := range []string{`"abc"`, `'abc'`, `""`, `''`, `"a'b"`, `'a"b'`, `"a\"b"`, `"a\\b"`, `"a\tb"`,
		`"a\x41"`, `'\u0041'`, `"é"`, `"\u2028"`, `"a<&>b"`, "\"a\x7fb\"", `"abc`, `"a\
b"`} {
		toks, _ := lex(src)
		want := string(ir.MarshalValue(toks[0].strValue()))
		if got := stringLit(&toks[0]); got != want {
			t.Errorf("stringLit(%s) = %s, want %s", src, got, want)
		}
	}
}

// TestClassBodiesRecordRegistrations: classes are parsed as types now, so
// their bodies are no longer skipped token by token; the registration
// calls in methods, constructors and field initializers must still be
// found (class-based MCP servers).
func TestClassBodiesRecordRegistrations(t *testing.T) {
	cat, diags := loadSource(t, `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { tool } from "ai";
class MyServer {
  server = new McpServer({ name: "x", version: "1" });
  weather = tool({ description: "Get the weather in a city", inputSchema: z.object({ city: z.string() }), execute: async () => 1 });
  constructor() {
    this.server.tool("echo", "Echo the text back", { text: z.string() }, async ({ text }) => ({ content: [] }));
  }
  setup() {
    this.server.registerTool("add", { description: "Add two numbers", inputSchema: { a: z.number() } }, async () => ({ content: [] }));
  }
}
`)
	if strings.Contains(diags, "error") {
		t.Fatal(diags)
	}
	var names []string
	for _, tl := range cat.Tools {
		names = append(names, tl.Name)
	}
	if got := strings.Join(names, ","); got != "weather,echo,add" {
		t.Errorf("tools = %s, want weather,echo,add", got)
	}
}

// TestListToolsHandlerMissing: a setRequestHandler(ListToolsRequestSchema)
// call without a handler is an error at the call naming what is missing,
// not a panic (FuzzParse's finding, whose seed without a receiver stays in
// testdata/fuzz), and a handler that is no function is described as
// itself, not as the last argument.
func TestListToolsHandlerMissing(t *testing.T) {
	for src, want := range map[string]string{
		`server.setRequestHandler(ListToolsRequestSchema);`:        "found no handler argument",
		`server.setRequestHandler(ListToolsRequestSchema, 42, f);`: "found number 42",
	} {
		_, diags := loadSource(t, "import { Server } from \"@modelcontextprotocol/sdk/server/index.js\";\n"+src+"\n")
		if !strings.Contains(diags, "x.ts:2:") || !strings.Contains(diags, want) {
			t.Errorf("%s:\n%s\nwant an error at x.ts:2 saying %q", src, diags, want)
		}
	}
}
