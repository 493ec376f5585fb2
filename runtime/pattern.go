package runtime

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/dlclark/regexp2/v2"

	"github.com/tscg/tscg/internal/jsondec"
	"github.com/tscg/tscg/internal/jsonval"
)

// PatternMatchTimeout bounds one match of a pattern compiled by the
// backtracking engine (see patternBudget.compile).
const PatternMatchTimeout = 10 * time.Millisecond

// PatternBudget bounds the time one validation may spend in the
// backtracking engine over all its matches. Without it an argument of
// many strings (an array of 30,000, within the 1 MiB argument limit)
// could cost PatternMatchTimeout each: minutes of CPU for one call.
const PatternBudget = 100 * time.Millisecond

// patternBudget is what the backtracking matches of one compiled copy of
// a schema share during one validation: the validation's context, the
// time left of PatternBudget, and why matching stopped. A copy validates
// one value at a time (see schemaPool), so only the validating goroutine
// touches it between arm and release.
type patternBudget struct {
	// backtracking is set while the schema compiles when one of its
	// patterns needs the backtracking engine; sealed ends that phase, so
	// patterns compiled during validation (format "regex") change nothing.
	backtracking, sealed bool

	pool  *schemaPool     // counts matches; nil until the schema is pooled
	ctx   context.Context // the validation's; nil when idle
	left  time.Duration
	total time.Duration // left at arm
	err   error         // why matching stopped; every later match fails at once
	at    string        // the string being matched then
}

// compile is the validator's regexp engine. JSON Schema patterns are
// ECMA-262 regular expressions. Go's regexp (RE2: linear time) compiles
// most of them and is used wherever it does. A pattern RE2 refuses —
// lookahead, lookbehind, backreferences: zod 4's duration format, many
// hand-written schemas — is compiled by regexp2 in ECMAScript mode, which
// backtracks, so each of its matches is bounded (see MatchString).
func (b *patternBudget) compile(s string) (jsonval.Regexp, error) {
	if re, err := regexp.Compile(s); err == nil {
		return re, nil
	}
	re, err := regexp2.Compile(s, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	if !b.sealed {
		b.backtracking = true
	}
	return ecmaPattern{re: re, budget: b}, nil
}

func (b *patternBudget) arm(ctx context.Context, budget time.Duration) {
	b.ctx, b.left, b.total, b.err = ctx, budget, budget, nil
}

// failure is why the validation of v stopped matching, or nil. The
// violation points at the string that was being matched.
func (b *patternBudget) failure(v any) error {
	if b.err == nil {
		return nil
	}
	if b.ctx != nil && b.ctx.Err() != nil {
		return fmt.Errorf("validation stopped: %w", context.Cause(b.ctx))
	}
	path, _ := findString(v, b.at, nil)
	return &ValidationErrors{Violations: []Violation{{Pointer: jsondec.PointerOf(path), Keyword: "pattern", Message: b.err.Error()}}}
}

// findString is the path to the first occurrence of s in v, as a string
// or as a property name, in key order.
func findString(v any, s string, path []string) ([]string, bool) {
	switch x := v.(type) {
	case string:
		return path, x == s
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if k == s {
				return append(path, k), true
			}
			if p, ok := findString(x[k], s, append(path, k)); ok {
				return p, true
			}
		}
	case []any:
		for i, e := range x {
			if p, ok := findString(e, s, append(path, strconv.Itoa(i))); ok {
				return p, true
			}
		}
	}
	return nil, false
}

type ecmaPattern struct {
	re     *regexp2.Regexp // this copy's own: MatchTimeout is set per match
	budget *patternBudget
}

func (p ecmaPattern) String() string { return p.re.String() }

// MatchString reports a match. Each match gets at most
// PatternMatchTimeout, what is left of the validation's PatternBudget and
// of its context's deadline. A match that runs out of time, and every
// match after it or after the context is done, fails: the validation
// then reports why (failure) instead of a verdict, since a value whose
// pattern was not decided must not pass, not even under "not".
func (p ecmaPattern) MatchString(s string) bool {
	b := p.budget
	if b.err != nil {
		return false
	}
	ctx := b.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		b.err = err
		return false
	}
	limit, bound := PatternMatchTimeout, "match"
	if b.left < limit {
		limit, bound = b.left, "budget"
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < limit {
		limit, bound = time.Until(dl), "deadline"
	}
	if limit > 0 {
		p.re.MatchTimeout = limit
		start := time.Now()
		ok, err := p.re.MatchString(s)
		b.left -= time.Since(start)
		if b.pool != nil {
			b.pool.ran()
		}
		if err == nil {
			return ok
		}
	}
	b.err, b.at = p.outOfTime(s, bound), s
	return false
}

// outOfTime says which bound a match ran into, in words for the model:
// the arguments were not checked, and what to send instead.
func (p ecmaPattern) outOfTime(s, bound string) error {
	n := len([]rune(s))
	switch bound {
	case "budget":
		return fmt.Errorf("the arguments' strings took more than %v of matching against pattern %q in total, so they were not checked; send fewer or shorter strings",
			p.budget.total, p.re.String())
	case "deadline":
		return fmt.Errorf("the call's deadline passed while its arguments were matched against pattern %q", p.re.String())
	}
	return fmt.Errorf("matching pattern %q against a string of %d characters took longer than %v, so the arguments were not checked; send a shorter or simpler string",
		p.re.String(), n, PatternMatchTimeout)
}
