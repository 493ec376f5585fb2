package tsdecl

import (
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tscg/tscg/frontends/typescript"
	"github.com/tscg/tscg/internal/golden"
)

func TestWeatherGolden(t *testing.T) {
	cat, diags := typescript.Load([]string{"../../examples/weather/tools.ts"}, typescript.Options{})
	if diags.HasErrors() {
		t.Fatalf("load weather: %v", diags)
	}
	files, err := Generate(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != Path {
		t.Fatalf("files = %v, want one %s", files, Path)
	}
	src := string(files[0].Contents)
	ar := golden.Open(t, "testdata/weather.txtar")
	ar.Check(t, Path, files[0].Contents)
	ar.Close(t)
	assertValidTS(t, src)
	for _, want := range []string{
		`declare function TOOL_CALL(name: "get_weather", args: {`,
		`): Promise<Weather>;`,
		`type Unit = "celsius" | "fahrenheit";`,
		`declare function FORMALIZE<T = unknown>(text: string, type: string): Promise<T>;`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("tools.d.ts lacks %q", want)
		}
	}
}

// assertValidTS parses src with esbuild's TypeScript loader: it does not
// type-check, but rejects anything that is not TypeScript syntax.
func assertValidTS(t *testing.T, src string) {
	t.Helper()
	res := api.Transform(src, api.TransformOptions{Loader: api.LoaderTS, Sourcefile: Path})
	for _, m := range res.Errors {
		line := 0
		if m.Location != nil {
			line = m.Location.Line
		}
		t.Errorf("%s:%d: esbuild: %s", Path, line, m.Text)
	}
}

func TestDeclarationsFromJSONInputs(t *testing.T) {
	cat, diags := typescript.Load([]string{"../../examples/weather/tools.ts"}, typescript.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	cat.Tools[0].Deprecated = true
	src, err := Source(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, "@deprecated") {
		t.Error("a deprecated tool is not marked @deprecated")
	}
	assertValidTS(t, src)
}
