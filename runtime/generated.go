package runtime

import (
	"strconv"
	"strings"
)

// Describe returns the "expected …" phrase of violation messages for the
// subschema at the JSON pointer ptr of the schema document ("" is the
// root). tscg's Go generator calls it at generation time, so generated
// validators send the same messages as the generic path.
func (s *Schema) Describe(ptr string) (string, bool) {
	base, _, _ := strings.Cut(s.root.Location, "#")
	sch, ok := s.byLocation[base+"#"+ptr]
	if !ok {
		return "", false
	}
	return describe(sch), true
}

// MustCompileSchema is CompileSchema for schemas embedded in generated
// code, which were checked when the code was generated.
func MustCompileSchema(name string, doc []byte) *Schema {
	s, err := CompileSchema(name, doc)
	if err != nil {
		panic("runtime: embedded schema does not compile: " + err.Error())
	}
	return s
}

// ShowItems is how a message shows an array of n items.
func ShowItems(n int) string { return show(make([]any, n)) }

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
