package golang

import "testing"

// The shape of GoogleCloudPlatform/gke-mcp's --enable-delete-tools
// (issue 28): a package variable bound to a flag, handed to the one
// call of a constructor whose literal sets an unexported field from its
// parameter; a second literal (a test constructor) sets the same value.
func TestEvaluatorFlagVarThroughConstructor(t *testing.T) {
	const config = `package x
import "flag"
var enable bool
var mode = "x"
var twice bool
func init() {
	flag.BoolVar(&enable, "enable", false, "")
	flag.StringVar(&mode, "mode", "lite", "")
	flag.BoolVar(&twice, "a", false, "")
	flag.BoolVar(&twice, "b", true, "")
}
type C struct{ on bool; m string; other bool }
func New(on bool, m string) *C { return &C{on: on, m: m, other: true} }
func NewTest() *C { return &C{on: false, m: "lite", other: false} }
func (c *C) On() bool { return c.on }
var cur *C
func main() { cur = New(enable, mode) }
`
	for _, tc := range []struct {
		name, body string
		want       any // nil: unknown
	}{
		{"flag-bound variable", `return enable`, false},
		{"flag default replaces the initial value", `return mode`, "lite"},
		{"bound to two flags", `return twice`, nil},
		{"literals agree through the one call's arguments", `return cur.On()`, false},
		{"string field agrees", `return cur.m`, "lite"},
		{"literals disagree", `return cur.other`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok, _ := evalSource(t, config+"func f() any { "+tc.body+" }\n")
			wantValue(t, v, ok, tc.want)
		})
	}
}
