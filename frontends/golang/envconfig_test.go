package golang

import (
	"go/token"
	"slices"
	"strings"
	"testing"
)

// envConfig is a configuration built from the environment the way
// mcp-victoriametrics builds its own (issue 28): unexported fields, a map
// filled from a variable or its default, a client set only when a key is.
const envConfig = `package x
import ("os"; "strings")
const offByDefault = "prune, replant"
type client struct{ key string }
type config struct {
	kind     string
	apiKey   string
	remote   *client
	disabled map[string]bool
	Exported *client
	pos      string
}
func load() *config {
	off, set := os.LookupEnv("X_OFF")
	if off == "" && !set {
		off = offByDefault
	}
	disabled := make(map[string]bool)
	for _, name := range strings.Split(off, ",") {
		name = strings.Trim(name, " ,")
		if name != "" {
			disabled[name] = true
		}
	}
	c := &config{kind: strings.ToLower(os.Getenv("X_KIND")), apiKey: os.Getenv("X_KEY"), disabled: disabled}
	if c.apiKey != "" {
		c.remote = &client{key: c.apiKey}
	}
	return c
}
func (c *config) IsRemote() bool { return c.remote != nil }
func (c *config) IsGrove() bool { return c.kind == "grove" }
func (c *config) IsOff(name string) bool {
	if c.disabled == nil {
		return false
	}
	off, ok := c.disabled[name]
	return ok && off
}
var cur *config
`

// TestEvaluatorEnvConfig: methods run with an unknown receiver read the
// fields' defaults; a literal's value is computed with its function's
// locals; a write under an untaken if does not count; an unexported
// field nothing else sets is its zero value, an exported one unknown.
func TestEvaluatorEnvConfig(t *testing.T) {
	cases := []struct {
		name, body string
		want       any // nil: unknown
	}{
		{"method on a field set once from the environment", `return cur.IsGrove()`, false},
		{"field written only under an untaken if: zero", `return cur.IsRemote()`, false},
		{"map built from a default list", `return cur.IsOff("replant")`, true},
		{"name not in the default list", `return cur.IsOff("graft")`, false},
		{"exported field never set: unknown", `return cur.Exported == nil`, nil},
		{"positional literal: unknown", `_ = config{"a", "b", nil, nil, nil, "c"}; return cur.pos`, nil},
		{"strings.Split", `return len(strings.Split("a,b,c", ","))`, int64(3)},
		{"comma-ok on a missing key", `m := map[string]bool{"a": true}; v, ok := m["b"]; return !v && !ok`, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, ok, _ := evalSource(t, envConfig+"func f() any { "+tc.body+" }\n")
			wantValue(t, v, ok, tc.want)
		})
	}
}

// untakenSource type-checks src (package x) and reports whether the call
// of mark() in it is on a path the default configuration does not take.
func untakenSource(t *testing.T, src string) (string, bool) {
	t.Helper()
	c, file, err := testConv(src)
	if err != nil {
		t.Fatal(err)
	}
	marks := callsOfName(file, "mark")
	if len(marks) == 0 {
		t.Fatal("no mark() in the source")
	}
	return c.untaken(marks[len(marks)-1], "", 0, map[token.Pos]bool{})
}

// TestUntakenAfterEarlyReturn: code after `if cond { return }` is not
// taken when cond holds by default, unless the return reports an error
// (a server stopping for a missing variable is read as configured).
func TestUntakenAfterEarlyReturn(t *testing.T) {
	cases := []struct {
		name, body string
		dead       bool
	}{
		{"bare return on a default-true condition", `if cur.IsOff("prune") { return nil }; mark()`, true},
		{"bare return on a default-false condition", `if cur.IsRemote() { return nil }; mark()`, false},
		{"negated method", `if !cur.IsRemote() { return nil }; mark()`, true},
		{"return reporting an error", `if !cur.IsRemote() { return errors.New("no key") }; mark()`, false},
		{"return after the mark", `mark(); if !cur.IsRemote() { return nil }`, false},
		{"undecidable condition", `if os.Args[0] == "" { return nil }; mark()`, false},
		{"nested block", `{ if !cur.IsRemote() { return nil }; { mark() } }`, true},
		{"the second of two early returns decides", `if cur.IsGrove() { return nil }; if !cur.IsGrove() { return nil }; mark()`, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(envConfig, `import ("os"; "strings")`, `import ("errors"; "os"; "strings")`, 1) +
				"var _ = errors.New\nfunc mark() {}\nfunc f() error { " + tc.body + "; return nil }\n"
			why, dead := untakenSource(t, src)
			if dead != tc.dead {
				t.Errorf("untaken = %v (%s), want %v", dead, why, tc.dead)
			}
			if dead && !strings.Contains(why, "the return at x.go:") {
				t.Errorf("why = %q, want it to name the early return", why)
			}
		})
	}
}

// TestUntakenPackageVariable: a tool in a package variable is untaken
// when every use of the variable is.
func TestUntakenPackageVariable(t *testing.T) {
	src := envConfig + `
func mark() int { return 0 }
var tool = mark()
func register(add func(int)) {
	if cur.IsOff("prune") {
		return
	}
	add(tool)
}
`
	if why, dead := untakenSource(t, src); !dead || !strings.Contains(why, `cur.IsOff("prune")`) {
		t.Errorf("untaken = %v (%s), want the variable's use after the early return", dead, why)
	}
}

// TestEvaluatorFlagPriorValue: a flag bound to a field with the field
// itself as default (StringVar(&o.F, name, o.F, usage)) keeps the value
// the one literal gave it; a flag's Changed is false, so a copy under it
// does not count (issue 28, kubernetes-mcp-server's --toolsets).
func TestEvaluatorFlagPriorValue(t *testing.T) {
	const src = `package x
import "github.com/spf13/pflag"
type O struct{ Sets []string; Mode string; Static *S }
type S struct{ Sets []string }
var fs = pflag.NewFlagSet("x", 0)
func newO() *O { return &O{Mode: "lite", Static: &S{Sets: []string{"core", "config"}}} }
func bind(o *O) {
	fs.StringSliceVar(&o.Sets, "sets", o.Sets, "")
	fs.StringVar(&o.Mode, "mode", o.Mode, "")
}
func complete(o *O) {
	if fs.Lookup("sets").Changed {
		o.Static.Sets = o.Sets
	}
}
var cur *O
`
	cases := []struct {
		name, body string
		want       any // nil: unknown
		read       []string
	}{
		{"prior value from the literal", `return cur.Mode`, "lite", nil},
		{"exported field without a literal: unknown", `return cur.Sets`, nil, nil},
		{"Changed is false", `return fs.Lookup("sets").Changed`, false, []string{"--sets"}},
		{"copied only when Changed: the literal's", `return cur.Static.Sets`, []any{"core", "config"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, ok, read := evalFlags(t, src+"func f() any { "+tc.body+" }\n")
			if wantValue(t, v, ok, tc.want) && tc.read != nil && !slices.Equal(read, tc.read) {
				t.Errorf("read %v, want %v", read, tc.read)
			}
		})
	}
}
