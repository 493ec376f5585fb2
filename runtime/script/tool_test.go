package script

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
	"github.com/tscg/tscg/compiler/tstype"
	"github.com/tscg/tscg/runtime"
)

func TestRegisteredScriptTool(t *testing.T) {
	reg := testRegistry(t)
	fc := CompleterFunc(func(context.Context, CompletionRequest) (string, error) { return "1", nil })
	if err := Register(reg, Options{Completer: fc, CompileType: tstype.Compile}); err != nil {
		t.Fatal(err)
	}
	desc := reg.Tool(ToolName).Description
	for _, want := range []string{
		`declare function TOOL_CALL(name: "get_weather", args: {`,
		`/** City name. */`,
		`declare function FORMALIZE<T = unknown>`,
		"At most 200 tool calls",
	} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q:\n%s", want, desc)
		}
	}
	if strings.Contains(desc, `name: "tool_call_script"`) {
		t.Error("the script tool declares itself")
	}
	// The declarations in the description are TypeScript.
	decls := desc[strings.Index(desc, "```ts")+5 : strings.LastIndex(desc, "```")]
	if res := api.Transform(decls, api.TransformOptions{Loader: api.LoaderTS}); len(res.Errors) > 0 {
		t.Errorf("declarations do not parse: %s", res.Errors[0].Text)
	}

	res := reg.Dispatch(context.Background(), runtime.Call{Name: ToolName,
		Arguments: json.RawMessage(`{"script":"const w = await TOOL_CALL(\"get_weather\", {city: \"Oslo\"}); console.log(w.temp); return w.city"}`)})
	if res.IsError || !strings.Contains(res.Content, `result: "Oslo"`) || !strings.Contains(res.Content, "21") {
		t.Errorf("script tool result = %+v", res)
	}
	res = reg.Dispatch(context.Background(), runtime.Call{Name: ToolName,
		Arguments: json.RawMessage(`{"script":"\nreturn 1 + await TOOL_CALL(\"tool_call_script\", {script: \"return 41\"})"}`)})
	if res.IsError || !strings.Contains(res.Content, "result: 42\n") || !strings.Contains(res.Content, "tool calls: 1 (0 failed)") {
		t.Errorf("sub-script call = %+v", res)
	}
	if !strings.Contains(desc, "nest at most 2 levels") {
		t.Errorf("description does not say sub-scripts nest:\n%s", desc)
	}
}

// TestOnlyDeclaredGlobals compares the script's global object with a
// pristine goja VM's: the only additions are the three documented ones.
func TestOnlyDeclaredGlobals(t *testing.T) {
	out := mustRun(t, `return Object.getOwnPropertyNames(globalThis)`, Options{})
	var names []string
	if err := json.Unmarshal(out.Result, &names); err != nil {
		t.Fatal(err)
	}
	pristine := map[string]bool{}
	v, _ := goja.New().RunString(`Object.getOwnPropertyNames(globalThis)`)
	for _, n := range v.Export().([]any) {
		pristine[n.(string)] = true
	}
	var extra []string
	for _, n := range names {
		if !pristine[n] {
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	if strings.Join(extra, ",") != "FORMALIZE,TOOL_CALL,console" {
		t.Errorf("globals beyond ECMAScript's: %v", extra)
	}
}
