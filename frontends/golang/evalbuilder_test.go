package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestEvaluatorBuilder: a strings.Builder written by WriteString,
// WriteByte, WriteRune and fmt.Fprint* (through &b or a *Builder) holds
// what Go's would; a write of a value tscg does not know makes the whole
// text unknown, never a partial one (issue 28).
func TestEvaluatorBuilder(t *testing.T) {
	checkEvalCases(t, []evalCase{
		{"writes", `package x
import ("fmt"; "strings")
func f() string { var b strings.Builder; b.WriteString("a"); fmt.Fprintf(&b, "%d-%s", 2, "x"); b.WriteByte('!'); b.WriteRune('é'); fmt.Fprintln(&b, "end"); return b.String() }`, "a2-x!éend\n"},
		{"pointer and loop", `package x
import "strings"
type note struct{ lead string; items []string }
func (n *note) String() string { sb := new(strings.Builder); sb.WriteString(n.lead); for _, it := range n.items { sb.WriteString("\n- " + it) }; return sb.String() }
func f() string { n := note{lead: "L", items: []string{"a", "b"}}; return n.String() }`, "L\n- a\n- b"},
		{"literal, len, reset", `package x
import "strings"
func f() int { b := strings.Builder{}; b.WriteString("abc"); n := b.Len(); b.Reset(); b.WriteString("z"); return n + b.Len() }`, int64(4)},
		{"unknown write", `package x
import ("strings"; "time")
func f() string { var b strings.Builder; b.WriteString("at "); b.WriteString(time.Now().String()); return b.String() }`, nil},
		{"unknown format argument", `package x
import ("fmt"; "strings"; "time")
func f() string { var b strings.Builder; fmt.Fprintf(&b, "%v", time.Now()); return b.String() }`, nil},
		{"byte out of range", `package x
import "strings"
func f() string { var b strings.Builder; r := 300; b.WriteByte(byte(r)); return b.String() }`, nil},
	})
}

// TestEvaluatorUnknownOperand: a && b and a || b are known from b alone
// when b decides them (false, true), whatever a is; otherwise an unknown
// a leaves them unknown.
func TestEvaluatorUnknownOperand(t *testing.T) {
	checkEvalCases(t, []evalCase{
		{"and false", `package x
import "time"
func f() bool { return time.Now().IsZero() && false }`, false},
		{"or true", `package x
import "time"
func f() bool { return time.Now().IsZero() || len("a") == 1 }`, true},
		{"and true", `package x
import "time"
func f() bool { return time.Now().IsZero() && true }`, nil},
		{"or false", `package x
import "time"
func f() bool { return time.Now().IsZero() || false }`, nil},
	})
}

// TestPlainClientParams: the client tscg lists for is the go-sdk's with
// its default options (tscg snapshot's): roots with listChanged (Roots
// and RootsV2, as go-sdk v1.8.0's Client.capabilities sets them), nothing
// else declared, no extension. The types are the SDK's shape.
func TestPlainClientParams(t *testing.T) {
	const src = `package mcp
type RootCapabilities struct{ ListChanged bool }
type SamplingCapabilities struct{}
type ClientCapabilities struct {
	Experimental map[string]any
	Extensions   map[string]any
	Roots        RootCapabilities
	RootsV2      *RootCapabilities
	Sampling     *SamplingCapabilities
}
type InitializeParams struct {
	Capabilities    *ClientCapabilities
	ProtocolVersion string
}
type ServerSession struct{}
func (*ServerSession) InitializeParams() *InitializeParams { return nil }`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "mcp.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("mcp", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fn, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup("ServerSession").Type()), true, pkg, "InitializeParams")
	params := plainClientParams(fn.(*types.Func)).(structVal)
	if _, unknown := params["ProtocolVersion"].(unknownField); !unknown {
		t.Errorf("ProtocolVersion = %#v, want unknown", params["ProtocolVersion"])
	}
	caps := params["Capabilities"].(structVal)
	for _, name := range []string{"Roots", "RootsV2"} {
		if r, ok := caps[name].(structVal); !ok || r["ListChanged"] != true {
			t.Errorf("%s = %#v, want roots with listChanged", name, caps[name])
		}
	}
	for _, name := range []string{"Experimental", "Extensions", "Sampling"} {
		if caps[name] != nil {
			t.Errorf("%s = %#v, want nil (not declared)", name, caps[name])
		}
	}
}
