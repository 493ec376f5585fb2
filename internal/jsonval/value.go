package jsonval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Unmarshal decodes one JSON document as the validator reads values:
// objects as map[string]any, arrays as []any, numbers as json.Number so
// that they keep their exact value.
func Unmarshal(data []byte) (any, error) {
	if !json.Valid(data) {
		return Decode(bytes.NewReader(data)) // Decode's error
	}
	// One value and nothing after it: Decode's check for trailing data
	// would read the input again through a second buffer.
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// Decode is Unmarshal for a reader. Trailing data after the value is an
// error.
func Decode(r io.Reader) (any, error) {
	d := json.NewDecoder(r)
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("invalid character after top-level value")
	}
	return v, nil
}

// typeOf names the JSON type of v: "null", "boolean", "object", "array",
// "number" (integers included) or "string"; "" for a Go value that is
// not JSON.
func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	}
	if isNumber(v) {
		return "number"
	}
	return ""
}

// typeName is typeOf with integers told apart: a number with a zero
// fraction is "integer", as the type keyword counts it.
func typeName(v any) string {
	t := typeOf(v)
	if n, ok := v.(json.Number); ok {
		return numberTypeName(n)
	}
	if t == "number" {
		if r, ok := toRat(v); ok && r.IsInt() {
			return "integer"
		}
	}
	return t
}

// numberTypeName is typeName for a json.Number, as cheaply as its text
// allows: digits only, or a short decimal (see shortDecimal), need no
// big.Rat.
func numberTypeName(n json.Number) string {
	if !strings.ContainsAny(string(n), ".eE") {
		return "integer"
	}
	if f, ok := shortDecimal(n); ok {
		if f == math.Trunc(f) { // 15 digits: a fraction cannot round away
			return "integer"
		}
		return "number"
	}
	if wholeDecimal(string(n)) { // exact, from the text, whatever the exponent
		return "integer"
	}
	return "number"
}

// wholeDecimal reports whether the JSON number text n has no fraction:
// its digits after the point, less trailing zeros, are no more than its
// exponent. It judges numbers whose exponent big.Rat refuses (1e999999999
// is an integer, 1.5e-999999999 is not) without computing them.
func wholeDecimal(n string) bool {
	mant, exp, _ := strings.Cut(strings.ToLower(n), "e")
	e, err := strconv.Atoi(exp)
	if err != nil && exp != "" {
		// An exponent beyond int: its sign decides.
		e = 1 << 62
		if strings.HasPrefix(exp, "-") {
			e = -e
		}
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	frac = strings.TrimRight(frac, "0")
	if strings.Trim(intPart, "-0") == "" && frac == "" {
		return true // zero
	}
	return len(frac) <= e
}

func isNumber(v any) bool {
	switch v.(type) {
	case json.Number, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return true
	}
	return false
}

// toRat is the exact value of a number. A json.Number whose exponent is
// too large for an exact value is read as a float64 (±Inf or 0 beyond
// its range), which still orders it correctly against any bound.
func toRat(v any) (*big.Rat, bool) {
	switch n := v.(type) {
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(n)); ok {
			return r, true
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil && !isRangeErr(err) {
			return nil, false
		}
		if f == 0 && !wholeDecimal(string(n)) {
			return tinyRat(strings.HasPrefix(string(n), "-")), true
		}
		return floatRat(f), true
	case float64:
		if math.IsNaN(n) {
			return nil, false
		}
		return floatRat(n), true
	case float32:
		return toRat(float64(n))
	case int:
		return new(big.Rat).SetInt64(int64(n)), true
	case int8:
		return new(big.Rat).SetInt64(int64(n)), true
	case int16:
		return new(big.Rat).SetInt64(int64(n)), true
	case int32:
		return new(big.Rat).SetInt64(int64(n)), true
	case int64:
		return new(big.Rat).SetInt64(n), true
	case uint, uint8, uint16, uint32, uint64:
		u, _ := strconv.ParseUint(fmt.Sprint(n), 10, 64)
		return new(big.Rat).SetInt(new(big.Int).SetUint64(u)), true
	}
	return nil, false
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// floatRat is f exactly; infinities become ±10^400, beyond every float64.
func floatRat(f float64) *big.Rat {
	if math.IsInf(f, 0) {
		huge := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(400), nil))
		if f < 0 {
			huge.Neg(huge)
		}
		return huge
	}
	return new(big.Rat).SetFloat64(f)
}

// tinyRat stands for a nonzero number too small for big.Rat's exponents:
// ±10^-400, nearer zero than every float64.
func tinyRat(negative bool) *big.Rat {
	t := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(400), nil))
	if negative {
		t.Neg(t)
	}
	return t
}

// multipleOfText is multipleOf for a number whose exponent big.Rat
// refuses, from its text: a tiny nonzero number is no multiple; a huge one
// M·10^E is a multiple of p/q when p, less its factors 2 and 5 (which
// 10^E holds), divides M·q.
func multipleOfText(n string, m *big.Rat) bool {
	mant, _, _ := strings.Cut(strings.ToLower(n), "e")
	intPart, frac, _ := strings.Cut(strings.TrimPrefix(mant, "-"), ".")
	digits, ok := new(big.Int).SetString(strings.TrimLeft(intPart+frac, "0")+"0", 10)
	if !ok || digits.Sign() == 0 {
		return true // zero
	}
	if !wholeDecimal(n) {
		return false
	}
	p := new(big.Int).Abs(m.Num())
	for _, f := range []int64{2, 5} {
		for new(big.Int).Mod(p, big.NewInt(f)).Sign() == 0 {
			p.Quo(p, big.NewInt(f))
		}
	}
	return new(big.Int).Mod(digits.Mul(digits, m.Denom()), p).Sign() == 0
}

// equal is JSON equality: numbers by value (1.0 == 1), objects by their
// members whatever the order, arrays item by item.
func equal(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !equal(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case nil, bool, string:
		return a == b
	}
	ra, ok := toRat(a)
	if !ok {
		return false
	}
	rb, ok := toRat(b)
	return ok && ra.Cmp(rb) == 0
}

// canonical writes a key for v such that two values are equal exactly
// when their keys are: uniqueItems compares keys instead of every pair.
func canonical(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("n")
	case bool:
		if x {
			b.WriteString("t")
		} else {
			b.WriteString("f")
		}
	case string:
		b.WriteString(strconv.Quote(x))
	case map[string]any:
		b.WriteByte('{')
		for _, k := range sortedKeys(x) {
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			canonical(b, x[k])
			b.WriteByte(',')
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for _, e := range x {
			canonical(b, e)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	default:
		if r, ok := toRat(v); ok {
			b.WriteString(r.RatString())
		} else {
			fmt.Fprintf(b, "?%T", v)
		}
	}
}
