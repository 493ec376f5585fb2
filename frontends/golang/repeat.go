package golang

import (
	"bytes"
	"reflect"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// dropRepeats leaves out a tool registered again with the same definition
// (issue 28): the go-sdk and mcp-go replace a tool added twice, so the
// listing has it once. A second registration that differs stays, and the
// compiler reports the duplicate name at it, naming the first.
func dropRepeats(tools []*ir.Tool) []*ir.Tool {
	first := map[string]*ir.Tool{}
	out := tools[:0]
	for _, t := range tools {
		f, seen := first[t.Name]
		if seen && sameTool(f, t) {
			continue
		}
		if !seen {
			first[t.Name] = t
		}
		out = append(out, t)
	}
	return out
}

// sameTool reports whether two registrations publish the same tool.
func sameTool(a, b *ir.Tool) bool {
	return a.Title == b.Title && a.Description == b.Description && a.Deprecated == b.Deprecated &&
		reflect.DeepEqual(a.Annotations, b.Annotations) &&
		sameSchema(a.Params, b.Params) && sameSchema(a.Result, b.Result)
}

func sameSchema(a, b *ir.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	x, errX := jsonschema.Type(a, jsonschema.Options{})
	y, errY := jsonschema.Type(b, jsonschema.Options{})
	return errX == nil && errY == nil && bytes.Equal(x, y)
}
