package runtime

import (
	"regexp"
	"time"

	"github.com/dlclark/regexp2/v2"

	"github.com/tscg/tscg/internal/thirdparty/jsonschema"
)

// PatternMatchTimeout bounds one match of a pattern compiled by the
// backtracking engine (see patternEngine).
const PatternMatchTimeout = 10 * time.Millisecond

// patternEngine compiles the regular expressions of "pattern",
// "patternProperties" and format "regex". JSON Schema patterns are
// ECMA-262 regular expressions. Go's regexp (RE2: linear time) compiles
// most of them and is used wherever it does. A pattern RE2 refuses —
// lookahead, lookbehind, backreferences: zod 4's duration format, many
// hand-written schemas — is compiled by regexp2 in ECMAScript mode, which
// backtracks: each match is bounded by PatternMatchTimeout, and a match
// that runs out of time fails the value, so a hostile argument costs at
// most that much CPU.
func patternEngine(s string) (jsonschema.Regexp, error) {
	if re, err := regexp.Compile(s); err == nil {
		return re, nil
	}
	re, err := regexp2.Compile(s, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = PatternMatchTimeout
	return ecmaPattern{re}, nil
}

type ecmaPattern struct{ re *regexp2.Regexp }

func (p ecmaPattern) String() string { return p.re.String() }

// MatchString reports a match; a match that timed out is none.
func (p ecmaPattern) MatchString(s string) bool {
	ok, err := p.re.MatchString(s)
	return ok && err == nil
}
