package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/tscg/tscg/internal/jsondec"
	"github.com/tscg/tscg/internal/jsonval"
	"github.com/tscg/tscg/internal/orderedjson"
)

// Repair is one change lenient mode made to a call's arguments before it
// validated. Kinds: "markdown_fence", "arguments_as_string",
// "trailing_comma", "single_quotes", "string_to_number",
// "string_to_integer", "string_to_boolean".
type Repair struct {
	Kind    string `json:"kind"`
	Pointer string `json:"pointer,omitempty"`
	Detail  string `json:"detail,omitempty"`
}

// relax decodes data, repairing text-level mistakes only when the strict
// decode fails or yields a string; the strict error is returned when no
// repair helps.
func relax(data []byte, lim Limits) (any, []byte, []Repair, error) {
	v, err := Decode(data, lim)
	if err == nil {
		if s, ok := v.(string); ok {
			if v2, d2, reps, err2 := relax([]byte(s), lim); err2 == nil && isObject(v2) {
				return v2, d2, append([]Repair{{Kind: "arguments_as_string"}}, reps...), nil
			}
		}
		return v, data, nil, nil
	}
	var de *DecodeError
	if errors.As(err, &de) && (de.Keyword == "max-bytes" || de.Keyword == "max-depth" || de.Keyword == "utf8") {
		return nil, nil, nil, err
	}
	var reps []Repair
	fixed := data
	if inner, ok := stripFence(fixed); ok {
		fixed = inner
		reps = append(reps, Repair{Kind: "markdown_fence"})
		if v, e := Decode(fixed, lim); e == nil {
			return v, fixed, reps, nil
		}
	}
	if out, kinds := relaxSyntax(fixed); len(kinds) > 0 {
		for _, k := range kinds {
			reps = append(reps, Repair{Kind: k})
		}
		if v, e := Decode(out, lim); e == nil {
			return v, out, reps, nil
		}
	}
	return nil, nil, nil, err
}

func isObject(v any) bool {
	_, ok := v.(map[string]any)
	return ok
}

// stripFence removes a markdown code fence around the arguments
// ("```json\n{…}\n```").
func stripFence(data []byte) ([]byte, bool) {
	s := bytes.TrimSpace(data)
	if !bytes.HasPrefix(s, []byte("```")) || !bytes.HasSuffix(s, []byte("```")) || len(s) < 6 {
		return nil, false
	}
	s = s[3 : len(s)-3]
	if nl := bytes.IndexByte(s, '\n'); nl >= 0 && !bytes.ContainsAny(s[:nl], "{[\"") {
		s = s[nl+1:] // language tag
	}
	return bytes.TrimSpace(s), true
}

// relaxSyntax rewrites single-quoted strings as JSON strings and drops
// trailing commas, leaving double-quoted strings untouched. It returns the
// kinds of repair it made (none when the text needed none).
func relaxSyntax(data []byte) ([]byte, []string) {
	var out bytes.Buffer
	quotes, commas := false, false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			end := skipString(data, i, '"')
			out.Write(data[i:end])
			i = end - 1
		case '\'':
			end := skipString(data, i, '\'')
			out.WriteString(strconv.Quote(unquoteSingle(data[i+1 : max(i+1, end-1)])))
			quotes = true
			i = end - 1
		case ',':
			j := i + 1
			for j < len(data) && strings.IndexByte(" \t\r\n", data[j]) >= 0 {
				j++
			}
			if j < len(data) && (data[j] == '}' || data[j] == ']') {
				commas = true
				continue
			}
			out.WriteByte(c)
		default:
			out.WriteByte(c)
		}
	}
	var kinds []string
	if quotes {
		kinds = append(kinds, "single_quotes")
	}
	if commas {
		kinds = append(kinds, "trailing_comma")
	}
	return out.Bytes(), kinds
}

// skipString returns the index just past the string starting at data[i].
func skipString(data []byte, i int, quote byte) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case quote:
			return j + 1
		}
	}
	return len(data)
}

func unquoteSingle(b []byte) string {
	var s strings.Builder
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) {
			i++
			switch b[i] {
			case 'n':
				s.WriteByte('\n')
			case 't':
				s.WriteByte('\t')
			default:
				s.WriteByte(b[i])
			}
			continue
		}
		s.WriteByte(b[i])
	}
	return s.String()
}

// coerce replaces strings that spell a number or boolean wherever the
// schema reported a type mismatch wanting one, and returns what it did.
func (s *Schema) coerce(v any) []Repair {
	err := s.root.Validate(v)
	var ve *jsonval.Error
	if !errors.As(err, &ve) {
		return nil
	}
	var reps []Repair
	coerceTree(ve, v, &reps)
	return reps
}

func coerceTree(ve *jsonval.Error, root any, reps *[]Repair) {
	if ve.Kind == jsonval.KindType && ve.Got == "string" {
		if str, ok := valueAt(root, ve.InstanceLocation).(string); ok {
			if nv, kindName := convertString(str, ve.Want.(jsonval.Types).Strings()); kindName != "" && setAt(root, ve.InstanceLocation, nv) {
				*reps = append(*reps, Repair{Kind: kindName, Pointer: jsondec.PointerOf(ve.InstanceLocation), Detail: strconv.Quote(str)})
			}
		}
	}
	for _, c := range ve.Causes {
		coerceTree(c, root, reps)
	}
}

func convertString(s string, want []string) (any, string) {
	t := strings.TrimSpace(s)
	for _, w := range want {
		switch w {
		case "integer":
			if n := json.Number(t); orderedjson.IsNumber(t) && isIntegral(n) {
				return n, "string_to_integer"
			}
		case "number":
			if orderedjson.IsNumber(t) {
				return json.Number(t), "string_to_number"
			}
		case "boolean":
			if b, err := strconv.ParseBool(strings.ToLower(t)); err == nil && (t != "1" && t != "0") {
				return b, "string_to_boolean"
			}
		}
	}
	return nil, ""
}

func isIntegral(n json.Number) bool {
	if _, err := n.Int64(); err == nil {
		return true
	}
	f, err := n.Float64()
	return err == nil && f == float64(int64(f))
}

func setAt(root any, loc []string, nv any) bool {
	if len(loc) == 0 {
		return false
	}
	parent := valueAt(root, loc[:len(loc)-1])
	last := loc[len(loc)-1]
	switch p := parent.(type) {
	case map[string]any:
		p[last] = nv
		return true
	case []any:
		i, err := strconv.Atoi(last)
		if err == nil && i >= 0 && i < len(p) {
			p[i] = nv
			return true
		}
	}
	return false
}
