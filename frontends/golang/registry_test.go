package golang

import (
	"strings"
	"testing"
)

// registrySource is a server whose shelves add themselves to a registry
// from init(); %KEYS% is what main looks up, %EXTRA% more code.
const registrySource = `package x

import (
	"os"
	"strings"
	"time"
)

var _, _ = os.Getenv, time.Now

func register(name string) {}

type Shelf interface {
	Name() string
	Stock()
}

var shelves = map[string]Shelf{}

func add(s Shelf) {
	name := s.Name()
	shelves[name] = s
}

func lookup(name string) Shelf { return shelves[strings.TrimSpace(name)] }

type cellar struct{}

func (*cellar) Name() string { return "cellar" }
func (*cellar) Stock()       { register("t") }

type pantry struct{}

func (pantry) Name() string { return "pantry" }
func (pantry) Stock()       {}

func init() { add(&cellar{}) }
func init() { add(pantry{}) }

func main() {
	for _, k := range %KEYS% {
		lookup(k).Stock()
	}
	%EXTRA%
}
`

func TestRegistryReach(t *testing.T) {
	for _, tc := range []struct {
		keys, extra string
		dead        bool
		why         []string
	}{
		{`[]string{"pantry"}`, ``, true, []string{`the key "cellar"`, `registry shelves`, `["pantry"]`, `(*x.cellar).Stock`}},
		{`[]string{"pantry", " cellar"}`, ``, false, nil},
		// No environment is the default configuration: SHELF is unset.
		{`[]string{"pantry"}`, `lookup(os.Getenv("SHELF")).Stock()`, true, []string{`["" "pantry"]`}},
		{`[]string{"pantry"}`, `lookup(time.Now().Weekday().String()).Stock()`, false, nil},
		{`strings.Split(time.Now().String(), ",")`, ``, false, nil},
		{`[]string{"pantry"}`, `for _, s := range shelves { s.Stock() }`, false, nil},
		{`[]string{"pantry"}`, `f := lookup("pantry").Stock; f()`, false, nil},
		{`[]string{"pantry"}`, `var s Shelf = &cellar{}; s.Stock()`, false, nil},
		{`[]string{"pantry"}`, `shelves[time.Now().String()] = &cellar{}`, false, nil},
		{`[]string{"pantry"}`, `add(nil)`, false, nil},
	} {
		src := strings.NewReplacer("%KEYS%", tc.keys, "%EXTRA%", tc.extra).Replace(registrySource)
		why, dead := registerSource(t, src)
		if dead != tc.dead {
			t.Errorf("keys %s, extra %q: dead = %v (%s), want %v", tc.keys, tc.extra, dead, why, tc.dead)
			continue
		}
		for _, w := range tc.why {
			if !strings.Contains(why, w) {
				t.Errorf("keys %s: why %q lacks %q", tc.keys, why, w)
			}
		}
	}
}

// A main package whose main uses no function of the MCP SDKs, directly or
// through the functions it uses, is a command beside the server; any
// other package is not (registry.go, otherCommand).
func TestOtherCommand(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"package main\n\nfunc list() {}\n\nfunc main() { list() }\n", true},
		{"package main\n\nfunc helper() {}\n", false}, // no main function
		{"package x\n\nfunc main() {}\n", false},
	} {
		c, _, err := testConv(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.pkgs {
			if got := c.otherCommand(p); got != tc.want {
				t.Errorf("%q: otherCommand = %v, want %v", tc.src, got, tc.want)
			}
		}
	}
}
