package runtime

import "strings"

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
