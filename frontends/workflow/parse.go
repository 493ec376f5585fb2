package workflow

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/goccy/go-yaml/parser"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/internal/jsonval"
	"github.com/tscg/tscg/internal/schemacheck"
	"github.com/tscg/tscg/internal/yamldoc"
	rtwf "github.com/tscg/tscg/runtime/workflow"
)

// Schema is the JSON Schema of a workflow file.
//
//go:embed workflow.schema.json
var Schema []byte

// Suffix is the file name ending of workflow definitions.
const Suffix = ".workflow.yaml"

// IsWorkflow reports whether a file name is a workflow definition.
func IsWorkflow(name string) bool {
	l := strings.ToLower(name)
	return strings.HasSuffix(l, Suffix) || strings.HasSuffix(l, ".workflow.yml")
}

// Workflow is a parsed workflow file.
type Workflow struct {
	Path        string
	Name        string
	NamePos     diag.Pos
	Title       string
	Description string
	Inputs      []*Input
	Steps       []*Step
	// Output is the output mapping, nil when absent.
	Output      *Value
	MaxParallel int
}

// Input is one workflow parameter.
type Input struct {
	Name     string
	Pos      diag.Pos
	Required bool
	Type     *ir.Type
}

// Step is one tool call.
type Step struct {
	Name        string
	Pos         diag.Pos // of the step's key
	Tool        string
	ToolPos     diag.Pos
	Description string
	Args        *Value // a mapping, nil when absent
	When        *Value
	ForEach     *Value
	Needs       []*Value
	Timeout     string
	Retry       *rtwf.Retry
	Optional    bool
}

// ReadFile parses one workflow file.
func ReadFile(path string) (*Workflow, diag.List) {
	data, err := inputfile.Read(path)
	if err != nil {
		return nil, diag.List{rule(diag.Pos{File: path}, RuleSyntax, "read workflow: %v", err)}
	}
	return Parse(path, data)
}

// Parse reads a workflow definition. Syntax and schema errors are
// diagnostics at the offending YAML node; input types are parsed here.
func Parse(path string, data []byte) (*Workflow, diag.List) {
	root, ds := parseTree(path, data)
	if ds != nil {
		return nil, ds
	}
	if ds := checkSchema(root); len(ds) > 0 {
		return nil, ds
	}
	return decode(path, root)
}

func parseTree(path string, data []byte) (*Value, diag.List) {
	file, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, diag.List{yamlDiag(path, err)}
	}
	if len(file.Docs) != 1 {
		return nil, diag.List{rule(diag.Pos{File: path, Line: 1, Col: 1}, RuleSyntax, "want one YAML document, found %d", len(file.Docs))}
	}
	if err := yamldoc.RefuseAliases(file.Docs[0].Body); err != nil {
		e := err.(*yamldoc.Error)
		return nil, diag.List{rule(diag.Pos{File: path, Line: e.Line, Col: e.Col}, RuleSyntax, "invalid YAML: %s", e.Msg)}
	}
	b := &treeBuilder{file: path}
	root, err := b.build(file.Docs[0])
	if err != nil {
		return nil, diag.List{rule(diag.Pos{File: path, Line: 1, Col: 1}, RuleSyntax, "%v", err)}
	}
	return root, nil
}

func yamlDiag(path string, err error) diag.Diagnostic {
	if line, col, msg, ok := schemacheck.YAMLError(err); ok {
		return rule(diag.Pos{File: path, Line: line, Col: col}, RuleSyntax, "invalid YAML: %s", msg)
	}
	return rule(diag.Pos{File: path, Line: 1, Col: 1}, RuleSyntax, "invalid YAML: %v", err)
}

var validator = schemacheck.Lazy("workflow.schema.json", Schema)

// checkSchema validates the tree and reports each violation at the node
// it is about (an unknown key at the key itself).
func checkSchema(root *Value) diag.List {
	var ds diag.List
	for _, leaf := range schemacheck.Leaves(validator().Validate(root.JSON())) {
		at := lookup(root, leaf.InstanceLocation)
		where := "/" + strings.Join(leaf.InstanceLocation, "/")
		if leaf.Kind == jsonval.KindAdditionalProperties {
			for _, name := range leaf.Properties {
				pos := at.Pos
				if f := at.field(name); f != nil {
					pos = f.KeyPos
				}
				ds.Add(rule(pos, RuleSyntax, "unknown key %q at %s", name, where))
			}
			continue
		}
		ds.Add(rule(at.Pos, RuleSyntax, "invalid workflow at %s: %s", where, schemacheck.Message(leaf)))
	}
	return ds.Sorted()
}

// lookup follows a JSON pointer's segments as far as the tree goes.
func lookup(v *Value, loc []string) *Value {
	for _, seg := range loc {
		var next *Value
		if v.IsMap {
			next = v.Get(seg)
		} else if v.IsList {
			var i int
			if _, err := fmt.Sscan(seg, &i); err == nil && i >= 0 && i < len(v.List) {
				next = v.List[i]
			}
		}
		if next == nil {
			return v
		}
		v = next
	}
	return v
}

// decode turns a schema-valid tree into a Workflow.
func decode(path string, root *Value) (*Workflow, diag.List) {
	w := &Workflow{Path: path}
	var ds diag.List
	w.Name, _ = root.Get("name").String()
	if n := root.Get("name"); n != nil {
		w.NamePos = n.Pos
	}
	w.Title, _ = root.Get("title").String()
	w.Description, _ = root.Get("description").String()
	if mp := root.Get("max_parallel"); mp != nil {
		fmt.Sscan(render(mp.Scalar), &w.MaxParallel)
	}
	for _, f := range root.Get("inputs").mapFields() {
		in, d := parseInput(f)
		ds = append(ds, d...)
		if in != nil {
			w.Inputs = append(w.Inputs, in)
		}
	}
	for _, f := range root.Get("steps").mapFields() {
		w.Steps = append(w.Steps, decodeStep(f))
	}
	w.Output = root.Get("output")
	return w, ds
}

func (v *Value) mapFields() []Field {
	if v == nil {
		return nil
	}
	return v.Map
}

func decodeStep(f Field) *Step {
	v := f.Value
	s := &Step{Name: f.Key, Pos: f.KeyPos, Args: v.Get("args"), When: v.Get("when"), ForEach: v.Get("for_each")}
	s.Tool, _ = v.Get("tool").String()
	if t := v.Get("tool"); t != nil {
		s.ToolPos = t.Pos
	}
	s.Description, _ = v.Get("description").String()
	s.Timeout, _ = v.Get("timeout").String()
	if o := v.Get("optional"); o != nil {
		s.Optional, _ = o.Scalar.(bool)
	}
	if n := v.Get("needs"); n != nil {
		s.Needs = n.List
	}
	if r := v.Get("retry"); r != nil {
		s.Retry = &rtwf.Retry{}
		fmt.Sscan(render(r.Get("attempts").Scalar), &s.Retry.Attempts)
		s.Retry.Backoff, _ = r.Get("backoff").String()
	}
	return s
}

// names lists the steps' names in source order.
func (w *Workflow) stepNames() []string {
	out := make([]string, len(w.Steps))
	for i, s := range w.Steps {
		out[i] = s.Name
	}
	return out
}

func (w *Workflow) step(name string) *Step {
	for _, s := range w.Steps {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func (w *Workflow) input(name string) *Input {
	for _, in := range w.Inputs {
		if in.Name == name {
			return in
		}
	}
	return nil
}

func sortedStrings(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
