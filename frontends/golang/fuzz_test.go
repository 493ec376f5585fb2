package golang

import (
	"strings"
	"testing"
)

func FuzzSchemaTag(f *testing.F) {
	for _, s := range []string{"", "-", "required,nullable", "minimum=1,maximum=50", `pattern=^a{1\,2}$`,
		"enum=a,enum=b", "the user's name", "title=x,frob", "=,=,", `\`, `a\,b`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		st := parseSchemaTag(tag)
		if st.Description != "" && (len(st.Pairs) > 0 || st.Required || st.Nullable) {
			t.Fatalf("%q: prose tag also parsed as keys: %+v", tag, st)
		}
		for _, p := range st.Pairs {
			if !knownKeys[p.Key] {
				t.Fatalf("%q: unknown key %q accepted", tag, p.Key)
			}
		}
		if got := strings.Join(splitUnescaped(tag), ","); got != strings.ReplaceAll(tag, `\,`, ",") {
			t.Fatalf("split %q rejoins to %q", tag, got)
		}
		_ = parseJSONTag(tag)
		_ = extras(tag)
	})
}

func FuzzDirective(f *testing.F) {
	for _, s := range []string{"//tscg:tool", "//tscg:tool name=get_weather", `//tscg:title text="A b"`,
		"//tscg:readonly=false", "// tscg:tool", "//tscg:", `//tscg:tool name="unterminated`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		d, ok := parseDirective(line)
		if !ok {
			return
		}
		if !strings.HasPrefix(line, "//tscg:") || d.Name == "" || strings.ContainsAny(d.Name, " =") {
			t.Fatalf("%q: bad directive %+v", line, d)
		}
	})
}

func TestTagNumbersBecomeJSON(t *testing.T) {
	for in, want := range map[string]string{"1": "1", "-2.5": "-2.5", "1e3": "1e3", "00": "0", "+1": "1", ".5": "0.5", "0x1p-2": "0.25", " 7 ": "7"} {
		got, ok := number(in)
		if !ok || got != want {
			t.Errorf("number(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "x", "NaN", "Inf", "0x"} {
		if _, ok := number(bad); ok {
			t.Errorf("number(%q) accepted", bad)
		}
	}
}
