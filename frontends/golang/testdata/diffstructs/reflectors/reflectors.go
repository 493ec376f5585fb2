// Package reflectors lists the invopop/jsonschema Reflector settings the
// differential test covers: each of the four tscg's go: section offers,
// and mcp-grafana's combination of all four.
package reflectors

import (
	"encoding/json"
	"reflect"

	"github.com/invopop/jsonschema"

	"github.com/tscg/tscg/frontends/golang/testdata/diffstructs"
)

// Setting is one Reflector configuration and the directory its
// recordings go to (../invopop/<Name>).
type Setting struct {
	Name      string
	Reflector jsonschema.Reflector
}

// Settings are the configurations recorded by ../gen.
func Settings() []Setting {
	return []Setting{
		{"default", jsonschema.Reflector{}},
		{"requiredFromJSONSchemaTags", jsonschema.Reflector{RequiredFromJSONSchemaTags: true}},
		{"allowAdditionalProperties", jsonschema.Reflector{AllowAdditionalProperties: true}},
		{"doNotReference", jsonschema.Reflector{DoNotReference: true}},
		{"expandedStruct", jsonschema.Reflector{ExpandedStruct: true}},
		// mcp-grafana's jsonSchemaReflector (tools.go)
		{"grafana", jsonschema.Reflector{Anonymous: true, AllowAdditionalProperties: true, RequiredFromJSONSchemaTags: true, DoNotReference: true, ExpandedStruct: true}},
	}
}

// Record reflects every struct of diffstructs (found in dir, for their
// doc comments) with s's Reflector and returns each type's recording,
// indented, by type name. Recursive types are left out under
// DoNotReference, where invopop recurses without end.
func Record(s Setting, dir string) (map[string][]byte, error) {
	r := s.Reflector
	if err := r.AddGoComments("github.com/tscg/tscg/frontends/golang", dir, jsonschema.WithFullComment()); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, v := range diffstructs.Types {
		name := reflect.TypeOf(v).Name()
		if r.DoNotReference && diffstructs.Recursive[name] {
			continue
		}
		b, err := json.MarshalIndent(r.Reflect(v), "", "  ")
		if err != nil {
			return nil, err
		}
		out[name] = append(b, '\n')
	}
	return out, nil
}
