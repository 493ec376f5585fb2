package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// A lookahead makes these patterns the backtracking engine's; catastrophic
// backtracks exponentially on runs of a followed by b.
const (
	cheapECMA        = `^(?!x)a+$`
	catastrophicECMA = `^(?!x)(a+)+$`
)

func stringsArgument(n int, s string) []any {
	items := make([]any, n)
	for i := range items {
		items[i] = s
	}
	return items
}

func arraySchema(t *testing.T, pattern string) *Schema {
	t.Helper()
	s, err := CompileSchema("p", []byte(`{"type":"array","items":{"type":"string","pattern":`+quoteJSON(pattern)+`}}`))
	must(t, err)
	if s.pool == nil {
		t.Fatalf("%s: compiled without a pool of copies", pattern)
	}
	return s
}

// TestPatternMatchingStopsWithItsContext is issue 18's "CPU returns to
// idle after a timeout" for validation: once the validation's context is
// done, no further backtracking match runs. Before, each of the 1000
// strings got its own match (up to PatternMatchTimeout of CPU each) after
// the call had been abandoned.
func TestPatternMatchingStopsWithItsContext(t *testing.T) {
	s := arraySchema(t, cheapECMA)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.pool.onRun = func(n int64) {
		if n == 3 {
			cancel()
		}
	}
	err := s.ValidateContext(ctx, stringsArgument(1000, "aaa"))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("validation after cancellation: %v", err)
	}
	if n := s.pool.runs.Load(); n != 3 {
		t.Errorf("%d matches ran; want 3 (none after the cancellation)", n)
	}
	// The copy is reusable: the next validation starts afresh.
	s.pool.onRun = nil
	if err := s.ValidateContext(context.Background(), stringsArgument(10, "aaa")); err != nil {
		t.Errorf("a validation after a cancelled one: %v", err)
	}
}

// TestAbandonedValidationStops: Dispatch abandons a validation at the
// call's deadline (TestValidationInsideTheBudget); the abandoned
// validation must then stop matching instead of running on. The first
// match blocks until the call has been answered, so the outcome does not
// depend on the machine's speed.
func TestAbandonedValidationStops(t *testing.T) {
	reg := NewRegistry(WithTimeout(20 * time.Millisecond))
	must(t, reg.Register(Tool{Name: "tags", InputSchema: json.RawMessage(`{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","pattern":` + quoteJSON(cheapECMA) + `}}}}`),
		Handler: func(context.Context, *Request) Result { return Result{Content: "ran"} }}))
	pool := reg.Tool("tags").input.pool
	answered := make(chan struct{})
	pool.onRun = func(n int64) {
		if n == 1 {
			<-answered
		}
	}
	args, _ := json.Marshal(map[string]any{"tags": stringsArgument(1000, "aaa")})
	res := reg.Dispatch(context.Background(), Call{Name: "tags", Arguments: args})
	close(answered)
	if !res.IsError || res.Meta["timeout"] != "20ms" {
		t.Fatalf("the call was not cut at its deadline: %v %q", res.IsError, res.Content)
	}
	for i := 0; idle(pool) == 0; i++ { // bounded wait for the abandoned check to give its copy back
		if i == 1000 {
			t.Fatalf("the abandoned validation did not finish; %d matches ran", pool.runs.Load())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := pool.runs.Load(); n != 1 {
		t.Errorf("%d matches ran; want 1 (none after the deadline)", n)
	}
}

func idle(p *schemaPool) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.free)
}

// TestPatternBudget: the matches of one validation share PatternBudget;
// once it is spent no further match runs and the call gets a violation
// saying why, at the string it stopped at. The budget is lowered to 1ns so that the first match spends
// it whatever the machine.
func TestPatternBudget(t *testing.T) {
	s := arraySchema(t, cheapECMA)
	s.pool.budget = time.Nanosecond
	items := make([]any, 1000)
	for i := range items {
		items[i] = strings.Repeat("a", i+1)
	}
	err := s.Validate(items)
	var ve *ValidationErrors
	if !errors.As(err, &ve) || len(ve.Violations) != 1 || ve.Violations[0].Keyword != "pattern" || ve.Violations[0].Pointer != "/1" ||
		!strings.Contains(ve.Violations[0].Message, "took more than 1ns of matching against pattern \"^(?!x)a+$\" in total, so they were not checked; send fewer or shorter strings") {
		t.Fatalf("a validation past its budget: %v", err)
	}
	if n := s.pool.runs.Load(); n != 1 {
		t.Errorf("%d matches ran; want 1", n)
	}
}

// TestUndecidedPatternFails: a match cut by PatternMatchTimeout fails the
// validation with a message saying so, whatever the schema makes of a
// non-match. Before, a timed-out match counted as "no match", so under
// "not" the hostile string was accepted, and every later string still
// got its own 10 ms.
func TestUndecidedPatternFails(t *testing.T) {
	hostile := strings.Repeat("a", 40) + "b"
	for _, doc := range []string{
		`{"type":"array","items":{"type":"string","pattern":` + quoteJSON(catastrophicECMA) + `}}`,
		`{"type":"array","items":{"not":{"type":"string","pattern":` + quoteJSON(catastrophicECMA) + `}}}`,
	} {
		s, err := CompileSchema("p", []byte(doc))
		must(t, err)
		err = s.Validate(stringsArgument(100, hostile))
		var ve *ValidationErrors
		if !errors.As(err, &ve) || len(ve.Violations) != 1 || ve.Violations[0].Pointer != "/0" ||
			ve.Violations[0].Message != `matching pattern "^(?!x)(a+)+$" against a string of 41 characters took longer than 10ms, so the arguments were not checked; send a shorter or simpler string` {
			t.Errorf("%s: %v", doc, err)
		}
		if n := s.pool.runs.Load(); n != 1 {
			t.Errorf("%s: %d matches ran; want 1", doc, n)
		}
	}
}

// TestPooledSchemaConcurrent: copies keep concurrent validations of one
// schema apart (run with -race): one running out of its budget does not
// fail another.
func TestPooledSchemaConcurrent(t *testing.T) {
	s := arraySchema(t, cheapECMA)
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if i%2 == 1 {
				cancel()
			}
			errs[i] = s.ValidateContext(ctx, stringsArgument(50, "aaa"))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if (i%2 == 1) != errors.Is(err, context.Canceled) || i%2 == 0 && err != nil {
			t.Errorf("validation %d (cancelled: %v): %v", i, i%2 == 1, err)
		}
	}
	if err := s.Validate([]any{"aaa", "xa"}); err == nil {
		t.Error(`"xa" passed ^(?!x)a+$`)
	}
}
