package runtime

import "github.com/tscg/tscg/internal/jsondec"

// Limits bound what the strict decoder accepts. A model can emit
// arbitrarily large or deep arguments; the limits keep one bad call from
// costing more than a handful of microseconds and a bounded stack.
type Limits struct {
	// MaxBytes is the largest accepted arguments document (default 1 MiB).
	MaxBytes int
	// MaxDepth is the deepest accepted nesting of objects and arrays
	// (default 64).
	MaxDepth int
}

// DefaultLimits are the limits a Registry uses unless told otherwise.
var DefaultLimits = Limits{MaxBytes: 1 << 20, MaxDepth: 64}

// WithDefaults returns l with each zero (or negative) limit replaced by
// DefaultLimits' value.
func (l Limits) WithDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultLimits.MaxBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	return l
}

// DecodeError is a violation found while reading arguments, before any
// schema is consulted: malformed JSON, a duplicate key, a limit exceeded.
type DecodeError struct {
	Offset  int    // byte offset in the input
	Pointer string // JSON pointer of the value being read ("" for the root)
	Keyword string // "syntax", "duplicate-key", "max-bytes", "max-depth", "utf8", "number-range"
	Msg     string
}

func (e *DecodeError) Error() string {
	return (*jsondec.Error)(e).Error()
}

// Decode parses data strictly into the generic form the validator uses:
// map[string]any, []any, string, json.Number, bool and nil. It rejects
// duplicate object keys, invalid UTF-8, trailing data, and documents over
// the limits; numbers keep their exact text.
func Decode(data []byte, lim Limits) (any, error) {
	lim = lim.WithDefaults()
	v, err := jsondec.Decode(data, lim.MaxBytes, lim.MaxDepth)
	if err != nil {
		return nil, (*DecodeError)(err)
	}
	return v, nil
}
