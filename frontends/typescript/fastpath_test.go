package typescript

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// Load skips esbuild's syntax check for a file tscg's parser reads in full
// without an error (parsed.partial unset, no errs). These tests establish
// what that rests on: esbuild accepts every such file.

// fullParse reports whether tscg's parse of src is its own syntax check:
// read in full (not partial) and without an error.
func fullParse(src string) bool {
	p := parseSource(src)
	return !p.partial && len(p.errs) == 0
}

// strictReject reports whether tscg stopped at an error in src, having
// read it in full up to there.
func strictReject(src string) bool {
	return parseSource(src).rejected
}

// testdataSources returns the .ts sources of the golden and conformance
// cases, named.
func testdataSources(tb testing.TB) (names, srcs []string) {
	paths, _ := filepath.Glob("testdata/golden/*.txtar")
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, ".ts") {
				names = append(names, p+":"+file.Name)
				srcs = append(srcs, string(file.Data))
			}
		}
	}
	var files []string
	for _, g := range []string{"testdata/conformance/cases/*.ts", "testdata/conformance/cases/*/*.ts", "testdata/conformance/selected/*/*.ts"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		names = append(names, p)
		srcs = append(srcs, string(data))
	}
	if len(srcs) < 100 {
		tb.Fatalf("only %d testdata sources", len(srcs))
	}
	return names, srcs
}

// esbuildAccepts is esbuild's verdict, as Load asks for it.
func esbuildAccepts(src string) bool { return len(syntaxErrors("f.ts", src)) == 0 }

// TestSyntaxFastPath: on every .ts file of the testdata and on a generated
// corpus of declaration files and their mutations, a file tscg reads in
// full without an error is one esbuild accepts. The other way round does
// not hold, and need not (esbuild checks every file tscg finds an error
// in): esbuild's type skipper accepts a few forms TypeScript rejects and
// tscg stops at (`{ a b?: T }`, an identifier taken as a modifier;
// `keyof | T`); the test counts them. The corpus must hold enough files
// of each kind for the test to mean something.
func TestSyntaxFastPath(t *testing.T) {
	names, srcs := testdataSources(t)
	full := 0
	for i, src := range srcs {
		if fullParse(src) {
			full++
			if !esbuildAccepts(src) {
				t.Errorf("%s: tscg read it in full without an error, esbuild rejects it: %v", names[i], syntaxErrors("f.ts", src))
			}
		}
	}
	t.Logf("testdata: %d of %d files read in full without an error", full, len(srcs))
	if full < 50 {
		t.Errorf("only %d testdata files read in full without an error", full)
	}

	n := 4000
	if testing.Short() {
		n = 800
	}
	rng := rand.New(rand.NewSource(32))
	var accepted, rejected, lenient, partial int
	for i := range n {
		src := genDecls(rng)
		if i%2 == 1 {
			src = mutateTokens(rng, src)
		}
		switch {
		case fullParse(src):
			accepted++
			if !esbuildAccepts(src) {
				t.Errorf("generated file %d: tscg read it in full without an error, esbuild rejects it: %v\n%s", i, syntaxErrors("f.ts", src), src)
			}
		case strictReject(src):
			rejected++
			if esbuildAccepts(src) {
				lenient++
			}
		default:
			partial++
		}
	}
	t.Logf("generated: %d read in full and accepted, %d read in full and rejected (of which esbuild accepts %d), %d partial", accepted, rejected, lenient, partial)
	if accepted < n/4 || rejected < n/20 {
		t.Errorf("generated corpus too thin: %d accepted, %d rejected of %d", accepted, rejected, n)
	}
}

// FuzzSyntaxFastPath: for any input tscg reads in full without an error,
// esbuild's verdict must be acceptance too. Seeds are the testdata's .ts
// files and generated declaration files.
func FuzzSyntaxFastPath(f *testing.F) {
	_, srcs := testdataSources(f)
	for _, s := range srcs {
		f.Add(s)
	}
	rng := rand.New(rand.NewSource(1))
	for range 50 {
		f.Add(genDecls(rng))
	}
	f.Fuzz(func(t *testing.T, src string) {
		if fullParse(src) && !esbuildAccepts(src) {
			t.Fatalf("tscg read it in full without an error, esbuild rejects it: %v", syntaxErrors("f.ts", src))
		}
	})
}

// TestSyntaxFastPathPartial: constructs tscg does not check as TypeScript
// does make the parse partial (so esbuild still checks the file), and the
// declaration forms it does check leave it full.
func TestSyntaxFastPathPartial(t *testing.T) {
	full := []string{
		"export interface A { a: string; b?: number[] }\n",
		"import { B, type C as D } from './b'\nexport type A = B | D<'x', 1> | { [k: string]: -1 }\n",
		"export { A as B, C } from './a'; export * as N from \"./n\"\ntype T = [a: string, b?: number, ...c: boolean[]]\n",
		"/** doc */ interface A extends B.C<D>, E { 'x-y': 0x1F; 2: keyof A }\n// end",
		"type A = (string | number)[][]; type B = A[0]\n",
	}
	for _, src := range full {
		if !fullParse(src) {
			t.Errorf("partial or an error, want read in full: %q (%+v)", src, parseSource(src).errs)
		}
	}
	partial := []string{
		"const a = 1\n", // a statement tscg skips
		"export function f(a: string) { return a }", // a body
		"type A = `x${string}`",                     // a template
		"type A = 'a\\1'",                           // an octal escape
		"type A = 010",                              // a legacy octal
		"type A = 1_000",                            // a separator
		"type A = 'unterminated",                    // an unterminated string
		"/* unterminated",                           // an unterminated comment
		"type Ä = string",                           // non-ASCII
		"type A = string type B = number",           // two statements on a line
		"type A = {} type B = number",               // the same after a brace
		"interface A { ; }",                         // a separator without a member
		"interface A { a!: string }",                // a definite assignment
		"interface A { (): void }",                  // a call signature
		"interface A { [k: string]?: T }",           // an optional index signature
		"type A = B<>",                              // empty type arguments
		"type A = B<C,>",                            // a trailing comma
		"type A<> = B",                              // empty type parameters
		"type A = readonly string[]",                // readonly
		"type A = typeof a",                         // a type query
		"type A = (a: string) => void",              // a function type
		"type A = B extends C ? D : E",              // a conditional type
		"type A = { [K in B]: C }",                  // a mapped type
		"type A = class",                            // a reserved word
		"type string = number",                      // a predefined type's name
		"type\nA = string[]",                        // `type` alone on its line
		"interface A extends 'x' {}",                // a heritage that is not a name
		"import { a, a } from 'x'",                  // a name bound twice
		"import { default } from 'x'",               // a reserved binding
		"import type A, { B } from 'x'",             // a type-only default and named
		"export { a, a }",                           // a name exported twice
		"export { 'a' }",                            // a string export without from
		"export default interface A {}",             // a default export
		"export\nexport type A = string",            // export with no declaration
		"type A = [...a?: B]",                       // an optional rest
		"enum E { A }",                              // an enum
		"declare const a: string",                   // declare
		"type A = + 1",                              // a plus
		"type A = B @ C",                            // a punctuator of no declaration
	}
	for _, src := range partial {
		if p := parseSource(src); !p.partial {
			t.Errorf("read in full, want partial: %q", src)
		}
	}
}

// genDecls generates a declaration file in the subset tscg reads in full:
// imports, export lists, interfaces and type aliases. Tokens are separated
// by spaces (or line breaks), so mutateTokens can work on them.
func genDecls(rng *rand.Rand) string {
	g := &gen{rng: rng}
	for range 1 + rng.Intn(5) {
		g.stmt()
	}
	return strings.Join(g.out, "")
}

type gen struct {
	rng   *rand.Rand
	out   []string
	names int
}

func (g *gen) w(toks ...string) {
	for _, t := range toks {
		sep := " "
		if g.rng.Intn(8) == 0 {
			sep = "\n"
		}
		g.out = append(g.out, t, sep)
	}
}

// name returns a new name, or one of a few used again (a second
// declaration or binding of a name).
func (g *gen) name() string {
	if g.rng.Intn(6) == 0 {
		return g.pick("N1", "N2", "A")
	}
	g.names++
	return fmt.Sprintf("N%d", g.names)
}

func (g *gen) pick(s ...string) string { return s[g.rng.Intn(len(s))] }

func (g *gen) end() {
	if g.rng.Intn(3) > 0 {
		g.w(";")
	}
	g.out = append(g.out, "\n")
}

func (g *gen) stmt() {
	switch g.rng.Intn(6) {
	case 0:
		g.w("import")
		switch g.rng.Intn(4) {
		case 0:
			g.w(g.name(), "from")
		case 1:
			g.w("*", "as", g.name(), "from")
		case 2:
			g.w("type", "{", g.name(), ",", g.pick("a", "b", "default", `"s"`), "as", g.name(), "}", "from")
		default:
			g.w("{", g.name(), "}", "from")
		}
		g.w(g.pick(`"./m"`, `'./n'`))
		g.end()
	case 1:
		g.w("export", "{", g.name(), "as", g.pick(g.name(), "default", `"s"`), "}")
		if g.rng.Intn(2) == 0 {
			g.w("from", `"./m"`)
		}
		g.end()
	case 2:
		g.w("export", "*")
		if g.rng.Intn(2) == 0 {
			g.w("as", g.name())
		}
		g.w("from", `"./x"`)
		g.end()
	case 3, 4:
		if g.rng.Intn(2) == 0 {
			g.w("export")
		}
		g.w("interface", g.name())
		g.typeParams()
		if g.rng.Intn(3) == 0 {
			g.w("extends", "B")
			g.typeArgs(0)
		}
		g.members(0)
		g.out = append(g.out, "\n")
	default:
		if g.rng.Intn(2) == 0 {
			g.w("export")
		}
		g.w("type", g.name())
		g.typeParams()
		g.w("=")
		g.typ(0)
		g.end()
	}
}

func (g *gen) typeParams() {
	if g.rng.Intn(4) > 0 {
		return
	}
	g.w("<", "T")
	if g.rng.Intn(2) == 0 {
		g.w("extends", "string")
	}
	if g.rng.Intn(2) == 0 {
		g.w("=", "'d'")
	}
	g.w(">")
}

func (g *gen) typeArgs(depth int) {
	if g.rng.Intn(2) == 0 {
		return
	}
	g.w("<")
	g.typ(depth + 1)
	if g.rng.Intn(2) == 0 {
		g.w(",")
		g.typ(depth + 1)
	}
	g.w(">")
}

func (g *gen) members(depth int) {
	g.w("{")
	for range g.rng.Intn(4) {
		if g.rng.Intn(4) == 0 {
			g.w("/** d */")
		}
		if g.rng.Intn(5) == 0 {
			g.w("readonly")
		}
		if g.rng.Intn(6) == 0 {
			g.w("[", "k", ":", "string", "]", ":")
		} else {
			g.w(g.pick("a", "b", "'c-d'", "1", "type", "default"))
			if g.rng.Intn(3) == 0 {
				g.w("?")
			}
			g.w(":")
		}
		g.typ(depth + 1)
		switch g.rng.Intn(3) {
		case 0:
			g.w(";")
		case 1:
			g.w(",")
		default:
			g.out = append(g.out, "\n")
		}
	}
	g.w("}")
}

func (g *gen) typ(depth int) {
	n := 1
	if g.rng.Intn(3) == 0 {
		n = 2 + g.rng.Intn(2)
	}
	op := g.pick("|", "&")
	for i := range n {
		if i > 0 {
			g.w(op)
		}
		g.primary(depth)
		for g.rng.Intn(5) == 0 {
			if g.rng.Intn(2) == 0 {
				g.w("[", "]")
			} else {
				g.w("[", "'a'", "]")
			}
		}
	}
}

func (g *gen) primary(depth int) {
	k := g.rng.Intn(10)
	if depth > 3 {
		k = 0
	}
	switch k {
	case 0, 1:
		g.w(g.pick("string", "number", "boolean", "null", "undefined", "unknown", "any", "void", "never", "object", "this"))
	case 2:
		g.w(g.pick("'x'", `"y"`, "1", "-2", "0.5", "1e3", "true", "false", `'a\n'`, `"\u0041"`))
	case 3:
		g.w(g.pick("A", "B.C", "Array", "Record"))
		g.typeArgs(depth)
	case 4:
		g.members(depth)
	case 5:
		g.w("[")
		for i := range g.rng.Intn(3) {
			if i > 0 {
				g.w(",")
			}
			if g.rng.Intn(3) == 0 {
				g.w("...")
			}
			g.typ(depth + 1)
		}
		g.w("]")
	case 6:
		g.w("(")
		g.typ(depth + 1)
		g.w(")")
	case 7:
		g.w("keyof")
		g.primary(depth + 1)
	case 8:
		g.w("[", "l", ":")
		g.typ(depth + 1)
		g.w("]")
	default:
		g.w("Promise", "<")
		g.typ(depth + 1)
		g.w(">")
	}
}

// mutationTokens are what mutateTokens inserts.
var mutationTokens = []string{";", ",", "}", "{", "<", ">", "?", ":", "|", "&", "[", "]", "(", ")", "=",
	".", "...", "=>", "\n", "type", "interface", "export", "import", "from", "as", "default", `"x"`, "1",
	"A", "keyof", "extends", "-", "*", "'", "/*", "//", "0x", "a.b"}

// mutateTokens deletes, duplicates, inserts or swaps a few of src's tokens (as
// genDecls separates them).
func mutateTokens(rng *rand.Rand, src string) string {
	toks := strings.Fields(src)
	for range 1 + rng.Intn(3) {
		if len(toks) == 0 {
			break
		}
		i := rng.Intn(len(toks))
		switch rng.Intn(4) {
		case 0:
			toks = append(toks[:i], toks[i+1:]...)
		case 1:
			toks = append(toks[:i+1], toks[i:]...)
		case 2:
			toks = append(toks[:i], append([]string{mutationTokens[rng.Intn(len(mutationTokens))]}, toks[i:]...)...)
		default:
			if i+1 < len(toks) {
				toks[i], toks[i+1] = toks[i+1], toks[i]
			}
		}
	}
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t)
		if rng.Intn(6) == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
