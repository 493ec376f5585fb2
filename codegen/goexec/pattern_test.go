package goexec

import (
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

// TestNonRE2PatternsStayGeneric: a generated validator checks a pattern
// natively only when Go's regexp compiles it (it would panic at init
// otherwise); a lookahead or backreference is left to the generic
// validator, whose ECMAScript engine compiles it.
func TestNonRE2PatternsStayGeneric(t *testing.T) {
	for p, want := range map[string]bool{
		`^[a-z]+$`:    true,
		``:            true,
		`^(?!tmp_)\w`: false,
		`^(a)\1$`:     false,
	} {
		if got := native(&ir.Type{Kind: ir.KindString, Pattern: p}); got != want {
			t.Errorf("native(pattern %q) = %v, want %v", p, got, want)
		}
	}
}
