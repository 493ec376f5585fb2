package mcplive

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/internal/orderedjson"
)

// Snapshot is one server's listing: who answered, and its tools sorted by
// name, each as the server sent it with its keys in a fixed order.
type Snapshot struct {
	ProtocolVersion string
	Name, Title     string
	Version         string
	Tools           []*orderedjson.Object
	// Pages is how many tools/list answers the listing took.
	Pages int
}

func newSnapshot(res *mcp.InitializeResult, pages []json.RawMessage) (*Snapshot, error) {
	s := &Snapshot{ProtocolVersion: res.ProtocolVersion, Pages: len(pages)}
	if res.ServerInfo != nil {
		s.Name, s.Title, s.Version = res.ServerInfo.Name, res.ServerInfo.Title, res.ServerInfo.Version
	}
	for i, p := range pages {
		tools, err := DecodePage(p)
		if err != nil {
			return nil, fmt.Errorf("tools/list page %d: %w", i+1, err)
		}
		s.Tools = append(s.Tools, tools...)
	}
	slices.SortStableFunc(s.Tools, func(a, b *orderedjson.Object) int { return strings.Compare(a.Str("name"), b.Str("name")) })
	return s, nil
}

// DecodePage reads one tools/list result: {"tools": [tool…], …}, each tool
// an object with a string name. The tools come back with their keys in
// toolKeys order, then any other key in byte order.
func DecodePage(raw []byte) ([]*orderedjson.Object, error) {
	v, err := orderedjson.Decode(raw)
	if err != nil {
		return nil, err
	}
	res, ok := v.(*orderedjson.Object)
	if !ok {
		return nil, errors.New("the result is not an object")
	}
	list, ok := res.Val("tools").([]any)
	if !ok {
		return nil, errors.New(`the result has no "tools" array`)
	}
	out := make([]*orderedjson.Object, 0, len(list))
	for i, e := range list {
		t, ok := e.(*orderedjson.Object)
		if _, named := t.Val("name").(string); !ok || !named {
			return nil, fmt.Errorf("tools[%d] is not an object with a string \"name\"", i)
		}
		out = append(out, ordered(t))
	}
	return out, nil
}

// toolKeys is the order of a tool's known keys in a snapshot.
var toolKeys = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations"}

func ordered(t *orderedjson.Object) *orderedjson.Object {
	o := orderedjson.NewObject()
	for _, k := range toolKeys {
		if v, ok := t.Get(k); ok {
			o.Set(k, v)
		}
	}
	rest := slices.DeleteFunc(slices.Clone(t.Keys()), func(k string) bool { return slices.Contains(toolKeys, k) })
	slices.Sort(rest)
	for _, k := range rest {
		o.Set(k, t.Val(k))
	}
	return o
}

// JSON is the snapshot as a catalog: {"serverInfo", "protocolVersion",
// "tools"}, indented, ending in a newline. The JSON frontend reads it as
// an MCP tools/list result.
func (s *Snapshot) JSON() []byte {
	info := orderedjson.NewObject().Set("name", s.Name)
	if s.Title != "" {
		info.Set("title", s.Title)
	}
	info.Set("version", s.Version)
	tools := make([]any, len(s.Tools))
	for i, t := range s.Tools {
		tools[i] = t
	}
	doc := orderedjson.NewObject().Set("serverInfo", info).Set("protocolVersion", s.ProtocolVersion).Set("tools", tools)
	return orderedjson.Indent(doc)
}
