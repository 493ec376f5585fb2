package golang

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

// mcpGoProps are mcp-go's property helpers and the schema each starts
// from.
var mcpGoProps = map[string]string{
	"WithString": "string", "WithNumber": "number", "WithInteger": "integer",
	"WithBoolean": "boolean", "WithArray": "array", "WithObject": "object", "WithAny": "",
}

// mcpGoItems are the item helpers of WithArray and the item type each sets.
var mcpGoItems = map[string]string{
	"WithStringItems": "string", "WithNumberItems": "number",
	"WithIntegerItems": "integer", "WithBooleanItems": "boolean",
}

// mcpGoKeys are the property options that set one keyword to their
// argument, as mcp-go does at run time.
var mcpGoKeys = map[string]string{
	"Description": "description", "Title": "title", "DefaultString": "default",
	"DefaultNumber": "default", "DefaultBool": "default", "DefaultArray": "default",
	"MaxLength": "maxLength", "MinLength": "minLength", "Pattern": "pattern",
	"Max": "maximum", "Min": "minimum", "MultipleOf": "multipleOf",
	"Properties": "properties", "AdditionalProperties": "additionalProperties",
	"MinProperties": "minProperties", "MaxProperties": "maxProperties",
	"PropertyNames": "propertyNames", "Items": "items", "MinItems": "minItems",
	"MaxItems": "maxItems", "UniqueItems": "uniqueItems",
}

// mcpGoTool reads mcp.NewTool(name, opts…): it replays the options on a
// schema the way mcp-go builds it at run time, then reads that schema
// with the JSON frontend's semantics (mcp-go's objects stay open).
func (c *conv) mcpGoTool(p *packages.Package, call *ast.CallExpr) *ir.Tool {
	r := c.literals(p)
	r.what = "mcp.NewTool"
	if len(call.Args) == 0 {
		return nil
	}
	name, ok := r.str(call.Args[0], "the tool's name")
	if !ok {
		return nil
	}
	r.what, c.naming = "tool "+name, name
	t := &ir.Tool{Name: name, Source: "go", Pos: c.pos(call.Pos()), ExactTitles: true}
	// NewTool's defaults, which tools/list publishes.
	t.Annotations = ir.Annotations{ReadOnly: ir.Bool(false), Destructive: ir.Bool(true), Idempotent: ir.Bool(false), OpenWorld: ir.Bool(true)}
	b := &mcpGoBuilder{c: c, r: r, t: t, schema: newObject(), props: newObject()}
	b.schema.Set("type", "object")
	b.schema.Set("properties", b.props)
	opts, ok := b.args(call, 1)
	if !ok {
		return nil
	}
	for _, opt := range opts {
		b.toolOption(opt)
	}
	if b.params == nil {
		if len(b.required) > 0 {
			b.schema.Set("required", b.required)
		}
		if b.props.Len() == 0 && c.mcpGoOmitsEmptyProperties(p) {
			b.schema.Delete("properties")
		}
		b.params = c.jsonSchema(r, call, orderedjson.Compact(b.schema))
	}
	t.Params = b.params
	t.Result = b.result
	return t
}

// mcpGoRawTool reads mcp.NewToolWithRawSchema(name, description, schema).
func (c *conv) mcpGoRawTool(p *packages.Package, call *ast.CallExpr) *ir.Tool {
	r := c.literals(p)
	r.what = "mcp.NewToolWithRawSchema"
	if len(call.Args) != 3 {
		return nil
	}
	name, ok := r.str(call.Args[0], "the tool's name")
	if !ok {
		return nil
	}
	r.what, c.naming = "tool "+name, name
	t := &ir.Tool{Name: name, Source: "go", Pos: c.pos(call.Pos()), ExactTitles: true}
	t.Description = r.text(call.Args[1], "the description")
	t.Params = c.schemaLiteral(r, call.Args[2])
	return t
}

type mcpGoBuilder struct {
	c        *conv
	r        *literalReader
	t        *ir.Tool
	schema   *orderedjson.Object
	props    *orderedjson.Object
	required []any
	params   *ir.Type // set by WithInputSchema / WithRawInputSchema
	result   *ir.Type
}

// option resolves an option argument to a call of one of mcp-go's
// option functions.
func (b *mcpGoBuilder) option(e ast.Expr) (*ast.CallExpr, *types.Func, bool) {
	call, ok := b.r.follow(e).(*ast.CallExpr)
	var fn *types.Func
	if ok {
		fn, _ = callee(b.r.p.TypesInfo, call)
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != mcpGo {
		b.r.errorf(e, "cannot read option %s statically: tscg reads mcp-go's own option functions (mcp.WithString(…), mcp.Required(), …) written in the call", exprString(e))
		return nil, nil, false
	}
	return call, fn, true
}

// args are call's arguments from the from-th on, a slice passed with ...
// read as the expressions it holds (spread).
func (b *mcpGoBuilder) args(call *ast.CallExpr, from int) ([]ast.Expr, bool) {
	if from > len(call.Args) {
		return nil, true
	}
	args := call.Args[from:]
	if !call.Ellipsis.IsValid() || len(args) == 0 {
		return args, true
	}
	last := args[len(args)-1]
	b.r.spreadWhy = ""
	more, ok := b.r.spread(last)
	if !ok {
		why := ""
		if b.r.spreadWhy != "" {
			why = " (" + b.r.spreadWhy + ")"
		}
		b.r.errorf(last, "cannot read the slice %s passed with ... statically%s: tscg reads a slice literal, or a slice built before the call (or by a helper returning it) with := […]T{…}, make, append, ifs and range loops over slices it reads", exprString(last), why)
		return nil, false
	}
	return append(append([]ast.Expr(nil), args[:len(args)-1]...), more...), true
}

func (b *mcpGoBuilder) toolOption(e ast.Expr) {
	if b.localOption(e, 0) {
		return
	}
	call, fn, ok := b.option(e)
	if !ok {
		return
	}
	r, t, a := b.r, b.t, &b.t.Annotations
	arg := func(i int) ast.Expr {
		if i < len(call.Args) {
			return call.Args[i]
		}
		return call
	}
	hint := func(dst **bool) {
		if v, ok := r.boolean(arg(0), fn.Name()+"'s argument"); ok {
			*dst = ir.Bool(v)
		}
	}
	switch name := fn.Name(); name {
	case "WithDescription":
		t.Description = r.text(arg(0), "the description")
	case "WithToolTitle":
		t.Title = r.text(arg(0), "the title")
	case "WithTitleAnnotation":
		t.Annotations.Title = r.text(arg(0), "the title")
	case "WithReadOnlyHintAnnotation":
		hint(&a.ReadOnly)
	case "WithDestructiveHintAnnotation":
		hint(&a.Destructive)
	case "WithIdempotentHintAnnotation":
		hint(&a.Idempotent)
	case "WithOpenWorldHintAnnotation":
		hint(&a.OpenWorld)
	case "WithToolAnnotation":
		b.annotation(arg(0))
	case "WithInputSchema", "WithOutputSchema":
		b.typed(call, name == "WithInputSchema")
	case "WithRawInputSchema":
		b.params = b.c.schemaLiteral(r, arg(0))
	case "WithRawOutputSchema":
		b.result = b.c.schemaLiteral(r, arg(0))
	case "WithSchemaAdditionalProperties":
		if v, ok := r.value(arg(0)); ok {
			b.schema.Set("additionalProperties", v)
		}
	case "WithToolIcons":
		t.Icons = b.c.mcpGoIcons(r, call)
	case "WithTaskSupport":
		b.c.mcpGoTaskSupport(r, t, arg(0))
	case "WithDeferLoading":
		if v, ok := b.r.boolean(arg(0), "WithDeferLoading's argument"); ok {
			t.DeferLoading = v
		}
	default:
		kind, ok := mcpGoProps[name]
		if !ok {
			r.errorf(call, "mcp.%s is not a tool option tscg knows; tscg reads WithDescription, WithToolTitle, With<Kind>(name, …), WithInputSchema, WithOutputSchema and the annotation options", name)
			return
		}
		b.property(call, kind)
	}
}

// annotation reads WithToolAnnotation(mcp.ToolAnnotation{…}), which
// replaces all of NewTool's default hints.
func (b *mcpGoBuilder) annotation(e ast.Expr) {
	fields, ok := b.r.fields(e, "the annotation (write it as mcp.ToolAnnotation{…})")
	if !ok {
		return
	}
	a := &b.t.Annotations
	*a = ir.Annotations{}
	for name, dst := range map[string]**bool{"ReadOnlyHint": &a.ReadOnly, "DestructiveHint": &a.Destructive, "IdempotentHint": &a.Idempotent, "OpenWorldHint": &a.OpenWorld} {
		if v, ok := fields[name]; ok {
			if bv, ok := b.r.boolean(v, name); ok {
				*dst = ir.Bool(bv)
			}
		}
	}
	if v, ok := fields["Title"]; ok {
		a.Title = b.r.text(v, "the annotation's Title")
	}
}

// typed reads WithInputSchema[T]() / WithOutputSchema[T]().
func (b *mcpGoBuilder) typed(call *ast.CallExpr, input bool) {
	_, id := callee(b.r.p.TypesInfo, call)
	inst, ok := b.r.p.TypesInfo.Instances[id]
	if !ok || inst.TypeArgs.Len() != 1 {
		b.r.errorf(call, "cannot tell the type argument of this call")
		return
	}
	arg := inst.TypeArgs.At(0)
	at := call.Pos()
	if input {
		if !isObjectLike(arg) {
			b.c.errorf(at, "tool %s: WithInputSchema's type %s must be a struct or a map: MCP tool arguments are an object", b.t.Name, b.c.typeString(arg))
			return
		}
		b.params = b.schemaOf(arg, at)
		return
	}
	b.result = b.schemaOf(arg, at)
}

// schemaOf is T's schema as the module's mcp-go reflects it: with
// google/jsonschema-go's rules (the go-sdk's) from v0.46.0 on, else with
// invopop/jsonschema's, which tscg's own reading follows.
func (b *mcpGoBuilder) schemaOf(t types.Type, at token.Pos) *ir.Type {
	if b.c.mcpGoReflectsGoogle(b.r.p) {
		return b.c.googleType(t, at, b.t.Name)
	}
	return b.c.typ(t, at)
}

// property replays With<Kind>(name, opts…).
func (b *mcpGoBuilder) property(call *ast.CallExpr, kind string) {
	if len(call.Args) == 0 {
		return
	}
	name, ok := b.r.str(call.Args[0], "the property name")
	if !ok {
		return
	}
	s := newObject()
	if kind != "" {
		s.Set("type", kind)
	}
	if kind == "object" {
		s.Set("properties", newObject())
	}
	opts, ok := b.args(call, 1)
	if !ok {
		return
	}
	for _, opt := range opts {
		b.propOption(s, opt)
	}
	if s.Val("required") == true {
		s.Delete("required")
		b.required = append(b.required, name)
	}
	b.props.Set(name, s)
}

func (b *mcpGoBuilder) propOption(s *orderedjson.Object, e ast.Expr) {
	call, fn, ok := b.option(e)
	if !ok {
		return
	}
	r := b.r
	switch name := fn.Name(); {
	case name == "Required":
		s.Set("required", true)
	case name == "Enum":
		vals := []any{}
		args, ok := b.args(call, 0)
		if !ok {
			return
		}
		for _, a := range args {
			if str, ok := r.str(a, "an enum value"); ok {
				vals = append(vals, str)
			}
		}
		s.Set("enum", vals)
	case name == "WithStringEnumItems":
		if len(call.Args) == 1 {
			if v, ok := r.value(call.Args[0]); ok {
				s.Set("items", newObject().Set("type", "string").Set("enum", v))
			}
		}
	case mcpGoItems[name] != "":
		items := newObject().Set("type", mcpGoItems[name])
		args, ok := b.args(call, 0)
		if !ok {
			return
		}
		for _, opt := range args {
			b.propOption(items, opt)
		}
		if name == "WithIntegerItems" {
			items.Delete("required")
		}
		s.Set("items", items)
	case name == "Description" || name == "Title":
		if len(call.Args) == 1 {
			s.Set(mcpGoKeys[name], r.text(call.Args[0], "the property's "+mcpGoKeys[name]))
		}
	case mcpGoKeys[name] != "":
		if len(call.Args) != 1 {
			return
		}
		if v, ok := r.value(call.Args[0]); ok {
			s.Set(mcpGoKeys[name], v)
		}
	default:
		r.errorf(call, "mcp.%s is not a property option tscg knows", name)
	}
}

// isMCPGoTool reports mcp-go's mcp.Tool.
func isMCPGoTool(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == mcpGo && n.Obj().Name() == "Tool"
}

// mcpGoLiteral reads an mcp.Tool{…} literal, as passed to
// MCPServer.AddTool: its InputSchema is an mcp.ToolInputSchema literal or
// its RawInputSchema a JSON document. A literal without fields (a zero
// value) is no tool.
func (c *conv) mcpGoLiteral(p *packages.Package, lit *ast.CompositeLit) *ir.Tool {
	if len(lit.Elts) == 0 {
		return nil
	}
	r := c.literals(p)
	r.what = "mcp.Tool"
	fields, ok := r.fields(lit, "the tool")
	if !ok {
		return nil
	}
	t := c.toolFields(r, fields, lit.Pos(), lit.Pos(), "mcp.Tool literal without a Name: tscg cannot name this tool")
	if t == nil {
		return nil
	}
	name := t.Name
	if e, ok := fields["Annotations"]; ok {
		b := &mcpGoBuilder{c: c, r: r, t: t}
		b.annotation(e)
	}
	c.mcpGoListing(r, t, fields)
	t.Params = c.mcpGoSchema(r, fields, "InputSchema", "RawInputSchema")
	if t.Params == nil {
		c.errorf(lit.Pos(), "tool %s: the mcp.Tool literal has neither InputSchema nor RawInputSchema", name)
		return nil
	}
	t.Result = c.mcpGoSchema(r, fields, "OutputSchema", "RawOutputSchema")
	return t
}

func (c *conv) mcpGoSchema(r *literalReader, fields map[string]ast.Expr, typed, raw string) *ir.Type {
	if e, ok := fields[raw]; ok {
		return c.schemaLiteral(r, e)
	}
	if e, ok := fields[typed]; ok {
		return c.schemaLiteral(r, e)
	}
	return nil
}

// localOption applies a tool option made by a function of the project's
// own package (issue 28: WithPagination() in real servers), reporting
// whether e was one. The helper's body must be a single return of an
// option, or of a func(*mcp.Tool) that applies options to its argument,
// one statement each; the call's arguments are bound to its parameters.
func (b *mcpGoBuilder) localOption(e ast.Expr, depth int) bool {
	r := b.r
	call, ok := r.follow(e).(*ast.CallExpr)
	if !ok || depth > maxFoldDepth {
		return false
	}
	fn, _ := callee(r.p.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg() != r.p.Types {
		// A helper of another package of the project (utils.WithPagination()
		// in real servers) is read in that package's syntax, when it was
		// loaded; its arguments would be expressions of this one.
		pp := b.c.pkgs[fn.Pkg()]
		if pp == nil || len(pp.Syntax) == 0 || pp.TypesInfo == nil {
			return false
		}
		if len(call.Args) > 0 {
			r.errorf(call, "cannot read the option helper %s.%s statically: tscg reads a helper of another package only when it takes no arguments", fn.Pkg().Name(), fn.Name())
			return true
		}
		caller, hr := r, b.c.literals(pp)
		saved := hr.what
		hr.what, b.r = r.what, hr
		defer func() { hr.what, b.r = saved, caller }()
		r = hr
	}
	decl, result := r.returned(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	if result == nil {
		r.errorf(call, "cannot read the option helper %s statically: tscg reads helpers whose body is one return of an option or of a func(*mcp.Tool) applying options", fn.Name())
		return true
	}
	restore, ok := r.bind(decl, call.Args)
	if !ok {
		r.errorf(call, "cannot read the option helper %s statically: its parameters are variadic", fn.Name())
		return true
	}
	defer restore()
	lit, isFunc := result.(*ast.FuncLit)
	if !isFunc {
		if !b.localOption(result, depth+1) {
			b.toolOption(result)
		}
		return true
	}
	b.applyClosure(fn.Name(), lit)
	return true
}

// applyClosure applies the options a func(t *mcp.Tool) literal applies to
// t, statement by statement (opt(t)).
func (b *mcpGoBuilder) applyClosure(helper string, lit *ast.FuncLit) {
	params := lit.Type.Params.List
	if len(params) != 1 || len(params[0].Names) != 1 {
		b.r.errorf(lit, "cannot read the option helper %s: its func must take the *mcp.Tool", helper)
		return
	}
	tool := b.r.p.TypesInfo.Defs[params[0].Names[0]]
	ev, sink := newEvaluator(b.c), &toolSink{}
	env := map[types.Object]any{tool: sink}
	for _, st := range lit.Body.List {
		es, ok := st.(*ast.ExprStmt)
		call, isCall := ast.Unparen(exprOf(es, ok)).(*ast.CallExpr)
		if isCall && len(call.Args) == 1 && usesObject(b.r.p.TypesInfo, call.Args[0], tool) {
			b.toolOption(call.Fun)
			continue
		}
		// Other statements run on the evaluator: loops over the
		// package's tables setting t.InputSchema.Properties[k].
		sink.keys, sink.vals = nil, nil
		if _, returned, ok := ev.block(b.r.p, []ast.Stmt{st}, env); !ok || returned {
			b.r.errorf(st, "cannot read this statement of the option helper %s statically: tscg reads statements that apply an option to the tool (opt(t)), and ones setting t.InputSchema.Properties[k] from values it computes (constants, the package's tables, loops over them)", helper)
			continue
		}
		for i, k := range sink.keys {
			v, ok := jsonOf(sink.vals[i])
			if !ok {
				b.r.errorf(st, "cannot read this statement of the option helper %s statically: the property %q it sets holds a value tscg cannot write as JSON", helper, k)
				break
			}
			b.props.Set(k, v)
		}
	}
}

// jsonOf is an evaluator value as the JSON encoding/json writes for it
// (a map's keys sorted).
func jsonOf(v any) (any, bool) {
	switch x := v.(type) {
	case map[string]any:
		o := newObject()
		for _, k := range slices.Sorted(maps.Keys(x)) {
			el, ok := jsonOf(x[k])
			if !ok {
				return nil, false
			}
			o.Set(k, el)
		}
		return o, true
	case []any:
		out := make([]any, len(x))
		for i, el := range x {
			v, ok := jsonOf(el)
			if !ok {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	case int64:
		return json.Number(strconv.FormatInt(x, 10)), true
	case float64:
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64)), true
	case string, bool, nil:
		return v, true
	}
	return nil, false
}

func exprOf(es *ast.ExprStmt, ok bool) ast.Expr {
	if !ok {
		return nil
	}
	return es.X
}

// usesObject reports whether e is an identifier naming obj.
func usesObject(info *types.Info, e ast.Expr, obj types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && obj != nil && info.Uses[id] == obj
}

// mcpGoFieldSets applies the assignments to the fields of the variable a
// tool made by call was stored in (tool.Annotations = readOnly, as real
// servers write after mcp.NewToolWithRawSchema): Annotations, Description,
// Title, Icons, Meta, Execution and DeferLoading are read; any other field
// is an error at the assignment.
func (c *conv) mcpGoFieldSets(p *packages.Package, call *ast.CallExpr, t *ir.Tool) {
	if t == nil {
		return
	}
	r := c.literals(p)
	for obj, init := range r.inits {
		if ast.Unparen(init) != call {
			continue
		}
		for _, as := range r.sets[obj] {
			field, value := as.Lhs[0].(*ast.SelectorExpr).Sel.Name, as.Rhs[0]
			switch field {
			case "Annotations":
				(&mcpGoBuilder{c: c, r: r, t: t}).annotation(value)
			case "Description":
				t.Description = r.text(value, "the description")
			case "Title":
				t.Title = r.text(value, "the title")
			case "Icons", "Meta", "Execution", "DeferLoading":
				c.mcpGoListing(r, t, map[string]ast.Expr{field: value})
			default:
				r.errorf(as, "cannot read the assignment to the tool's %s statically: tscg reads assignments to Annotations, Description, Title, Icons, Meta, Execution and DeferLoading", field)
			}
		}
	}
}
