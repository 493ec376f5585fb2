// Package naming names the tools of the convert golden: a prefix a
// build may override, read by tscg's evaluator across packages.
package naming

const override = ""

// Prefix is the tools' name prefix.
func Prefix() string {
	if o := overridden(); o != "" {
		return o
	}
	return "pantry"
}

func overridden() string { return override }
