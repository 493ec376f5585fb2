package runtime

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/tscg/tscg/internal/jsonval"
	"github.com/tscg/tscg/runtime/internal/msg"
)

// describe says in a few words what a schema accepts: "an integer from 1
// to 50", "one of \"economy\", \"business\"", "a string matching ^[A-Z]{3}$".
// It is the "expected …" half of every hint.
func describe(sch *jsonval.Schema) string {
	return describeDepth(sch, 0)
}

func describeDepth(sch *jsonval.Schema, depth int) string {
	if sch == nil || depth > 4 {
		return "a valid value"
	}
	if sch.Bool != nil {
		if *sch.Bool {
			return "any value"
		}
		return "no value at all"
	}
	if sch.Const != nil {
		return "exactly " + showJSON(*sch.Const)
	}
	if sch.Enum != nil {
		return enumPhrase(sch.Enum)
	}
	if sch.Types == 0 {
		return describeUntyped(sch, depth)
	}
	types := sch.Types.Strings()
	parts := make([]string, 0, len(types))
	for _, t := range types {
		parts = append(parts, typePhrase(sch, t, depth))
	}
	return strings.Join(parts, " or ")
}

func describeUntyped(sch *jsonval.Schema, depth int) string {
	switch {
	case sch.Ref != nil:
		return describeDepth(sch.Ref, depth+1)
	case len(sch.AnyOf) > 0:
		return alternatives(sch.AnyOf, depth)
	case len(sch.OneOf) > 0:
		return alternatives(sch.OneOf, depth)
	case len(sch.AllOf) == 1:
		return describeDepth(sch.AllOf[0], depth+1)
	case sch.Properties != nil || sch.Required != nil:
		return typePhrase(sch, "object", depth)
	case sch.Items != nil:
		return typePhrase(sch, "array", depth)
	case sch.Minimum != nil || sch.Maximum != nil || sch.ExclusiveMinimum != nil || sch.ExclusiveMaximum != nil:
		return typePhrase(sch, "number", depth)
	case sch.Pattern != nil || sch.MinLength != nil || sch.MaxLength != nil:
		return typePhrase(sch, "string", depth)
	}
	return "a valid value"
}

func alternatives(alts []*jsonval.Schema, depth int) string {
	parts := make([]string, 0, len(alts))
	for _, a := range alts {
		parts = append(parts, describeDepth(a, depth+1))
	}
	return strings.Join(msg.LimitList(parts, 6), ", or ")
}

func typePhrase(sch *jsonval.Schema, t string, depth int) string {
	switch t {
	case "integer":
		return "an integer" + rangePhrase(sch)
	case "number":
		return "a number" + rangePhrase(sch)
	case "string":
		return "a string" + stringPhrase(sch)
	case "boolean":
		return "a boolean (true or false)"
	case "null":
		return "null"
	case "array":
		return arrayPhrase(sch, depth)
	case "object":
		return objectPhrase(sch)
	}
	return t
}

func rangePhrase(sch *jsonval.Schema) string {
	lo, hi := sch.Minimum, sch.Maximum
	var s string
	switch {
	case lo != nil && hi != nil:
		s = fmt.Sprintf(" from %s to %s", ratText(lo), ratText(hi))
	case lo != nil:
		s = " of at least " + ratText(lo)
	case hi != nil:
		s = " of at most " + ratText(hi)
	}
	if sch.ExclusiveMinimum != nil {
		s += " greater than " + ratText(sch.ExclusiveMinimum)
	}
	if sch.ExclusiveMaximum != nil {
		s += " less than " + ratText(sch.ExclusiveMaximum)
	}
	if sch.MultipleOf != nil {
		s += " that is a multiple of " + ratText(sch.MultipleOf)
	}
	return s
}

func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return fmt.Sprint(f)
}

func stringPhrase(sch *jsonval.Schema) string {
	var parts []string
	if n := sizePhrase(sch.MinLength, sch.MaxLength, "character"); n != "" {
		parts = append(parts, "of "+n)
	}
	if sch.Pattern != nil {
		parts = append(parts, "matching the pattern "+sch.Pattern.String())
	}
	if sch.Format != "" {
		parts = append(parts, "in "+sch.Format+" format")
	}
	if len(parts) == 0 {
		return ""
	}
	return " " + strings.Join(parts, ", ")
}

func sizePhrase(lo, hi *int, unit string) string {
	switch {
	case lo != nil && hi != nil && *lo == *hi:
		return fmt.Sprintf("exactly %d %s%s", *lo, unit, msg.Plural(*lo))
	case lo != nil && hi != nil:
		return fmt.Sprintf("%d to %d %ss", *lo, *hi, unit)
	case lo != nil:
		return fmt.Sprintf("at least %d %s%s", *lo, unit, msg.Plural(*lo))
	case hi != nil:
		return fmt.Sprintf("at most %d %s%s", *hi, unit, msg.Plural(*hi))
	}
	return ""
}

func arrayPhrase(sch *jsonval.Schema, depth int) string {
	s := "an array"
	if n := sizePhrase(sch.MinItems, sch.MaxItems, "item"); n != "" {
		s += " of " + n
	}
	if sch.Items != nil && depth < 2 {
		s += " whose items are each " + describeDepth(sch.Items, depth+1)
	}
	if sch.UniqueItems {
		s += ", all different"
	}
	return s
}

func objectPhrase(sch *jsonval.Schema) string {
	if len(sch.Required) == 0 {
		return "an object"
	}
	return "an object with " + msg.QuoteList(msg.LimitList(sch.Required, 8))
}

func enumPhrase(values []any) string {
	if len(values) == 1 {
		return "exactly " + showJSON(values[0])
	}
	parts := make([]string, 0, len(values))
	for _, v := range values {
		parts = append(parts, showJSON(v))
	}
	return "one of " + strings.Join(msg.LimitList(parts, 12), ", ")
}

func showJSON(v any) string {
	if n, ok := v.(json.Number); ok {
		return string(n)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return msg.TruncateRunes(string(b), 80)
}
