package iograph

import "github.com/tscg/tscg/compiler/ir"

// Assignable returns "" when every value of type from is accepted by
// type to, else a short reason ("string is not assignable to integer",
// "enum value \"x\" is not accepted"). It compares kinds, enums and
// consts, not finer constraints; the io-compatibility rule and workflow
// checks (frontends/workflow) share it.
func Assignable(from, to *ir.Type) string { return assignable(from, to) }
