package gensupport

import (
	"cmp"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/tscg/tscg/internal/jsondec"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/internal/msg"
)

// Checker collects violations while a generated decoder or Validate method
// walks a value. The zero value is ready to use.
type Checker struct {
	path []pathToken
	out  []runtime.Violation
	buf  [8]pathToken
}

type pathToken struct {
	key string
	idx int // -1 for an object key
}

// Push enters the property key.
func (c *Checker) Push(key string) {
	if c.path == nil {
		c.path = c.buf[:0]
	}
	c.path = append(c.path, pathToken{key: key, idx: -1})
}

// PushIndex enters the array item i.
func (c *Checker) PushIndex(i int) {
	if c.path == nil {
		c.path = c.buf[:0]
	}
	c.path = append(c.path, pathToken{idx: i})
}

// Pop leaves the innermost property or item.
func (c *Checker) Pop() { c.path = c.path[:len(c.path)-1] }

// Pointer is the JSON pointer of the current position.
func (c *Checker) Pointer() string {
	var b strings.Builder
	for _, t := range c.path {
		b.WriteByte('/')
		if t.idx >= 0 {
			b.WriteString(strconv.Itoa(t.idx))
		} else {
			b.WriteString(jsondec.EscapePointer(t.key))
		}
	}
	return b.String()
}

// Add records a violation at the current position.
func (c *Checker) Add(keyword, msg string) {
	c.out = append(c.out, runtime.Violation{Pointer: c.Pointer(), Message: msg, Keyword: keyword})
}

// AddAt records a violation at the property key of the current object
// (missing and unknown properties point at the property itself).
func (c *Checker) AddAt(key, keyword, msg string) {
	c.Push(key)
	c.Add(keyword, msg)
	c.Pop()
}

// Expected records "expected <want>, got <shown value>" at the current
// position, the message of every failed type or value constraint.
func (c *Checker) Expected(keyword, want string, got any) {
	c.Add(keyword, "expected "+want+", got "+show(got))
}

// Merge adds the violations of err (from a nested Validate or a generic
// Schema.Validate of a value at the current position), their pointers
// prefixed with the current position.
func (c *Checker) Merge(err error) {
	if err == nil {
		return
	}
	prefix := c.Pointer()
	for _, v := range runtime.ViolationsOf(err) {
		v.Pointer = prefix + v.Pointer
		c.out = append(c.out, v)
	}
}

// Violations returns what was collected, sorted by pointer and without
// repeats, as the generic path returns them.
func (c *Checker) Violations() []runtime.Violation {
	slices.SortStableFunc(c.out, func(a, b runtime.Violation) int { return cmp.Compare(a.Pointer, b.Pointer) })
	c.out = slices.Compact(c.out)
	return c.out
}

// Err returns nil or a *ValidationErrors with every violation.
func (c *Checker) Err() error {
	if len(c.out) == 0 {
		return nil
	}
	return &runtime.ValidationErrors{Violations: c.Violations()}
}

// show renders a value the way violation messages do: scalars as JSON,
// containers by shape. Go strings, numbers and bools are accepted as well
// as decoded values.
func show(v any) string {
	switch x := v.(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	return msg.Show(v)
}

// UnknownProperty is the message for a property an object does not
// declare; known lists the declared names, sorted.
func UnknownProperty(name string, known []string) string { return msg.UnknownProperty(name, known) }

// RuneCount is the length minLength and maxLength measure.
func RuneCount(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}

// MultipleOf reports whether f is a multiple of the decimal m, computed
// exactly on f's shortest decimal form (the text a model sends), as the
// validator does on the sent text.
func MultipleOf(f float64, m string) bool {
	x, ok := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
	d, ok2 := new(big.Rat).SetString(m)
	if !ok || !ok2 || d.Sign() == 0 {
		return false
	}
	return x.Quo(x, d).IsInt()
}

// MustCompileSchema is CompileSchema for schemas embedded in generated
// code, which were checked when the code was generated.
func MustCompileSchema(name string, doc []byte) *runtime.Schema {
	s, err := runtime.CompileSchema(name, doc)
	if err != nil {
		panic("gensupport: embedded schema does not compile: " + err.Error())
	}
	return s
}

// ShowItems is how a message shows an array of n items.
func ShowItems(n int) string { return msg.Show(make([]any, n)) }

// CheckUnique records a uniqueItems violation for the first pair of equal
// items, the pair the validator reports.
func CheckUnique[T comparable](c *Checker, x []T) {
	for i := 1; i < len(x); i++ {
		for j := 0; j < i; j++ {
			if x[i] == x[j] {
				c.Add("uniqueItems", "items "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" are equal; items must be unique")
				return
			}
		}
	}
}
