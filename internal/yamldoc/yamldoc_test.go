package yamldoc

import (
	"strings"
	"testing"
	"time"
)

type section struct {
	Name    string            `yaml:"name" valid:"required,nonempty"`
	Count   int               `yaml:"count" valid:"min=1,max=9"`
	Ratio   float64           `yaml:"ratio"`
	On      bool              `yaml:"on"`
	Every   time.Duration     `yaml:"every"`
	Kind    string            `yaml:"kind" valid:"enum=a|b"`
	Tags    []string          `yaml:"tags" valid:"nonempty"`
	Env     map[string]string `yaml:"env"`
	Nested  *section          `yaml:"nested"`
	Skipped string            `yaml:"-"`
}

func TestDecode(t *testing.T) {
	d, err := Parse([]byte("name: x\ncount: 3\nratio: 1\non: true\nevery: 1m30s\nkind: b\ntags: [p, q]\nenv: {A: '1'}\nnested: {name: y}\n"))
	if err != nil {
		t.Fatal(err)
	}
	var s section
	if errs := Decode(d.Root, &s, ""); len(errs) > 0 {
		t.Fatal(errs)
	}
	if s.Name != "x" || s.Count != 3 || s.Ratio != 1 || !s.On || s.Every != 90*time.Second || s.Kind != "b" ||
		strings.Join(s.Tags, ",") != "p,q" || s.Env["A"] != "1" || s.Nested == nil || s.Nested.Name != "y" {
		t.Errorf("decoded %+v", s)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"name: x\nnmae: y\n", `2:1: unknown key "nmae" in sec: (valid keys: count, env, every, kind, name, nested, on, ratio, tags)`},
		{"name: x\nnested: {name: y, cuont: 2}\n", `2:19: unknown key "cuont" in sec.nested: (valid keys:`},
		{"count: 2\n", `1:1: sec: "name" is required`},
		{"name: \"\"\n", "1:7: sec.name: must not be empty"},
		{"name: x\ncount: 10\n", "2:8: sec.count: must be at most 9, not 10"},
		{"name: x\ncount: two\n", `2:8: sec.count: want an integer, got "two"`},
		{"name: x\ncount: 99999999999999999999\n", "2:8: sec.count:"},
		{"name: x\non: 1\n", "2:5: sec.on: want true or false, got 1"},
		{"name: x\nevery: 5\n", "2:8: sec.every: want a duration such as 30s or 1m30s, got 5"},
		{"name: x\nkind: c\n", `2:7: sec.kind: "c" is not one of a, b`},
		{"name: x\ntags: p\n", `2:7: sec.tags: want a list, got "p"`},
		{"name: x\ntags: [p, \"\"]\n", "2:11: sec.tags[1]: must not be empty"},
		{"name: x\nname: y\n", `2:1: duplicate key "name" in sec:`},
		{"name: x\nenv: {A: b, A: c}\n", `2:13: duplicate key "A" in sec.env:`},
		{"name: [x]\n", "1:7: sec.name: want a string, got a list"},
		{"- a\n", "1:1: sec: want a mapping, got a list"},
	} {
		d, err := Parse([]byte(tc.src))
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		var s section
		errs := Decode(d.Root, &s, "sec")
		if len(errs) == 0 || !strings.HasPrefix(errs[0].Error(), tc.want) {
			t.Errorf("%q:\n got %v\nwant prefix %s", tc.src, errs, tc.want)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a: &x 1\n", "1:4: YAML anchors"},
		{"a: *x\n", "1:4: YAML aliases"},
		{"a: {b: 1}\nc:\n  <<: {b: 2}\n", "3:3: YAML merge keys"},
		{"a: 1\n---\nb: 2\n", "2:1: one YAML document expected, found 2"},
		{"a: [1\n", "1:"},
	} {
		_, err := Parse([]byte(tc.src))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want prefix %s", tc.src, err, tc.want)
		}
	}
}

func TestPlain(t *testing.T) {
	for s, want := range map[string]bool{"abc": true, "get weather": true, "": false, "a: b": false, "#x": false, "'q'": false, "123": false, "null": false, "true": false, "- x": false, "x\ny": false} {
		if got := Plain(s); got != want {
			t.Errorf("Plain(%q) = %v, want %v", s, got, want)
		}
	}
}

// FuzzDecode: any bytes parse and decode to a value or errors, never a
// panic, and nothing with an anchor gets past Parse.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"name: x\ncount: 3\n", "a: &a [1]\nb: *a\n", "nested: {nested: {name: y}}\n", "tags: [a, b]\nenv: {A: b}\n", "- 1\n- 2\n", "every: 1h\n", "name: !!str 3\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data)
		if err != nil {
			return
		}
		var s section
		_ = Decode(d.Root, &s, "")
		if strings.Contains(string(data), "&") && d.Root != nil {
			_ = RefuseAliases(d.Root) // must not panic on a second walk
		}
	})
}
