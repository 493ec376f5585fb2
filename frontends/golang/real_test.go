package golang

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/compiler/ir"
)

// TestRealServers compares tscg's MCP manifest for each server of the
// corpus (testdata/real/<source>/<server>, real go-sdk and mcp-go
// servers, their SDKs vendored) with the tools/list the server itself
// published when testdata/real/gen ran it. Tools, names, titles,
// descriptions, annotations and schemas must agree, but for the
// deviations listed in realDeviations.
func TestRealServers(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/real/*/*/tools-list.json")
	if len(dirs) < 20 {
		t.Fatalf("%d servers in the corpus; the issue asks for at least 20", len(dirs))
	}
	root, _ := filepath.Abs("testdata/real")
	total, agree := 0, 0
	for _, f := range dirs {
		dir := filepath.ToSlash(strings.TrimPrefix(filepath.Dir(f), "testdata/real/"))
		t.Run(dir, func(t *testing.T) {
			cat, ds := Load([]string{"./" + dir}, Options{Dir: root})
			for _, d := range ds {
				if d.Severity == 0 {
					t.Errorf("unexpected: %s", d)
				}
			}
			ours := mcpTools(t, cat)
			theirs := storedTools(t, f)
			total += len(theirs)
			names := func(m map[string]map[string]any) []string {
				var s []string
				for k := range m {
					s = append(s, k)
				}
				sort.Strings(s)
				return s
			}
			if !reflect.DeepEqual(names(ours), names(theirs)) {
				t.Errorf("tools differ: tscg %v, server %v", names(ours), names(theirs))
			}
			for _, name := range names(theirs) {
				a, b := ours[name], theirs[name]
				if a == nil {
					continue
				}
				for _, ptr := range realDeviations[dir+" "+name] {
					x, y := pluck(a, ptr), pluck(b, ptr)
					if reflect.DeepEqual(x, y) {
						t.Errorf("%s: deviation %s no longer differs (both %v)", name, ptr, x)
					}
				}
				if reflect.DeepEqual(a, b) {
					agree++
					continue
				}
				var ptrs []string
				diffPointers(a, b, "", &ptrs)
				t.Errorf("%s differs at %q\n--- tscg\n%s\n--- server\n%s", name, ptrs, show(a), show(b))
			}
		})
	}
	t.Logf("%d servers, %d tools, %d agree", len(dirs), total, agree)
}

// realDeviations are the deliberate differences, by "<server> <tool>":
// JSON pointers into the normalised tool where tscg and the server differ.
var realDeviations = map[string][]string{}

func mcpTools(t *testing.T, cat *ir.Catalog) map[string]map[string]any {
	files, err := providers.Generate(cat, providers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == "providers/mcp.tools-list.json" {
			return toolsByName(t, f.Contents)
		}
	}
	t.Fatal("no providers/mcp.tools-list.json")
	return nil
}

func storedTools(t *testing.T, path string) map[string]map[string]any {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return toolsByName(t, data)
}

// toolsByName decodes {"tools": […]} and normalises each tool's schemas.
func toolsByName(t *testing.T, data []byte) map[string]map[string]any {
	var list struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, raw := range list.Tools {
		var tool map[string]json.RawMessage
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		if err := d.Decode(&tool); err != nil {
			t.Fatal(err)
		}
		m := map[string]any{}
		for k, v := range tool {
			switch k {
			case "inputSchema", "outputSchema":
				m[k] = normalise(t, v)
			default:
				var x any
				_ = json.Unmarshal(v, &x)
				m[k] = x
			}
		}
		if a, ok := m["annotations"].(map[string]any); ok && len(a) == 0 {
			delete(m, "annotations") // mcp-go writes "annotations": {} for none
		}
		name, _ := m["name"].(string)
		out[name] = m
	}
	return out
}

// diffPointers lists the JSON pointers at which a and b differ.
func diffPointers(a, b any, at string, out *[]string) {
	ma, oka := a.(map[string]any)
	mb, okb := b.(map[string]any)
	if oka && okb {
		keys := map[string]bool{}
		for k := range ma {
			keys[k] = true
		}
		for k := range mb {
			keys[k] = true
		}
		var ks []string
		for k := range keys {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			diffPointers(ma[k], mb[k], at+"/"+k, out)
		}
		return
	}
	if !reflect.DeepEqual(a, b) {
		*out = append(*out, at)
	}
}
