package golang

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

const invopopPkg = "github.com/invopop/jsonschema"

// The methods invopop/jsonschema calls while reflecting a type: JSONSchema
// replaces the type's schema, JSONSchemaExtend edits the reflected one.
// tscg never runs them; it reads them when they are literal enough
// (schemaMethod, extendMethod) and otherwise warns at the method.

// schemaMethod reads a JSONSchema() *jsonschema.Schema method whose body
// is one return of a literal: the schema invopop would use in place of the
// type's. ok is false (with the reason) when the method is anything else.
func (c *conv) schemaMethod(fn *types.Func) (t *ir.Type, why string) {
	decl, p := c.methodDecl(fn)
	if decl == nil {
		return nil, "its source is not loaded"
	}
	if !returnsInvopopSchema(fn) {
		return nil, "it does not return *jsonschema.Schema (invopop's)"
	}
	if len(decl.Body.List) != 1 {
		return nil, "its body is more than one return statement"
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, "its body is not one return statement"
	}
	r := c.literals(p)
	r.what = fn.Name()
	v, reason := c.try(func() (any, bool) { return r.value(ret.Results[0]) })
	if reason != "" {
		return nil, reason
	}
	return c.jsonSchema(r, ret.Results[0], orderedjson.Compact(v)), ""
}

// extendMethod reads a JSONSchemaExtend(s *jsonschema.Schema) method whose
// body only sets s's description, title, examples or deprecated flag to
// literals, and applies it to t, the reflected schema.
func (c *conv) extendMethod(fn *types.Func, t *ir.Type) (why string) {
	decl, p := c.methodDecl(fn)
	if decl == nil {
		return "its source is not loaded"
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || !isInvopopSchema(sig.Params().At(0).Type()) || len(decl.Type.Params.List) != 1 || len(decl.Type.Params.List[0].Names) != 1 {
		return "it does not take a *jsonschema.Schema (invopop's)"
	}
	param := p.TypesInfo.Defs[decl.Type.Params.List[0].Names[0]]
	r := c.literals(p)
	r.what = fn.Name()
	type set struct {
		key string
		val any
	}
	var sets []set
	for _, st := range decl.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok.String() != "=" {
			return "a statement is not an assignment to a field of the schema"
		}
		sel, ok := as.Lhs[0].(*ast.SelectorExpr)
		if !ok {
			return "a statement is not an assignment to a field of the schema"
		}
		if id, ok := sel.X.(*ast.Ident); !ok || p.TypesInfo.Uses[id] != param {
			return "a statement is not an assignment to a field of the schema"
		}
		key := map[string]string{"Description": "description", "Title": "title", "Examples": "examples", "Deprecated": "deprecated"}[sel.Sel.Name]
		if key == "" {
			return fmt.Sprintf("it sets %s, and tscg reads only Description, Title, Examples and Deprecated there", sel.Sel.Name)
		}
		v, reason := c.try(func() (any, bool) { return r.value(as.Rhs[0]) })
		if reason != "" {
			return reason
		}
		sets = append(sets, set{key, v})
	}
	for _, s := range sets {
		switch x := s.val.(type) {
		case string:
			if s.key == "description" {
				t.Description = x
			} else if s.key == "title" {
				t.Title = x
			}
		case bool:
			t.Deprecated = x
		case []any:
			t.Examples = nil
			for _, e := range x {
				t.Examples = append(t.Examples, ir.Value(orderedjson.Compact(e)))
			}
		}
	}
	return ""
}

// try runs an evaluation whose errors are no errors of the program's (a
// method tscg cannot read only earns a warning): it drops them and
// returns the first one's text as the reason.
func (c *conv) try(eval func() (any, bool)) (any, string) {
	saved, failed := len(c.diags), c.failed
	v, ok := eval()
	if ok {
		return v, ""
	}
	why := "it is not a literal"
	for _, d := range c.diags[saved:] {
		why = d.Pos.String() + ": " + d.Message
		break
	}
	c.diags, c.failed = c.diags[:saved], failed
	return nil, why
}

// methodDecl finds a method's declaration among the loaded packages.
func (c *conv) methodDecl(fn *types.Func) (*ast.FuncDecl, *packages.Package) {
	p := c.pkgs[fn.Pkg()]
	if p == nil {
		return nil, nil
	}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() && fd.Body != nil {
				return fd, p
			}
		}
	}
	return nil, nil
}

func returnsInvopopSchema(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && isInvopopSchema(sig.Results().At(0).Type())
}

// isInvopopSchema reports *jsonschema.Schema of invopop/jsonschema.
func isInvopopSchema(t types.Type) bool { return isPtrTo(t, invopopPkg, "Schema") }
