package golang

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// hole is the placeholder <expr> for a part of a text known only when
// the server runs. fmt formats it as itself whatever the verb, so
// fmt.Sprintf("%d items", n) reads as "<n> items".
type hole string

// Format writes the placeholder.
func (h hole) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(h)) }

// text evaluates a description or title (issue 28). A constant, or a
// string built from constants, is read as it is. A value the function
// computes before the registration from environment variables
// (os.Getenv with a default when unset) is read as the server computes it
// started with no environment, with a warning naming the variables. Any
// other part known only at run time becomes a placeholder <expr> with a
// warning, and the tool is still built: a description is prose for the
// model, not a constraint, so one unreadable part never keeps the tool
// out.
func (r *literalReader) text(e ast.Expr, what string) string {
	if s, ok := r.foldString(e, 0); ok {
		return s
	}
	var holes []ast.Expr
	r.holes, r.envRead = &holes, map[string]bool{}
	defer func() { r.holes, r.envRead = nil, nil }()
	s, ok := r.foldString(e, 0)
	if !ok {
		r.errorf(e, "%s must be a string", what)
		return ""
	}
	r.warnEnv(e, what)
	for _, h := range holes {
		r.c.warnf(h.Pos(), "%s: %s holds a value known only when the server runs (%s); tscg writes a placeholder <…> there", r.what, what, exprString(h))
	}
	return s
}

// warnEnv reports the environment variables (and command-line flags,
// read as "--name") a value was computed from.
func (r *literalReader) warnEnv(e ast.Expr, what string) {
	if len(r.envRead) == 0 {
		return
	}
	var envs, flags []string
	for n := range r.envRead {
		if strings.HasPrefix(n, "--") {
			flags = append(flags, n)
		} else {
			envs = append(envs, n)
		}
	}
	sort.Strings(envs)
	sort.Strings(flags)
	clear(r.envRead)
	if len(flags) > 0 {
		on := "flag " + strings.Join(flags, ", ")
		if len(flags) > 1 {
			on = "flags " + strings.Join(flags, ", ")
		}
		if len(envs) > 0 {
			on += " and environment variable" + plural(len(envs)) + " " + strings.Join(envs, ", ")
		}
		r.c.warnf(e.Pos(), "%s: %s depends on %s; tscg lists the value the server computes started without arguments and with no environment variable set (flag defaults)", r.what, what, on)
		return
	}
	vars, them := "environment variable "+envs[0], "it is"
	if len(envs) > 1 {
		vars, them = "environment variables "+strings.Join(envs, ", "), "they are"
	}
	r.c.warnf(e.Pos(), "%s: %s depends on %s; tscg lists the value the server computes when %s unset", r.what, what, vars, them)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// lenient is foldValue's fallback while text reads a value: the value the
// enclosing function computes (flow), else a placeholder.
func (r *literalReader) lenient(e ast.Expr) (any, bool) {
	if v, ok := r.flow(e); ok {
		return v, true
	}
	*r.holes = append(*r.holes, e)
	return hole("<" + exprString(e) + ">"), true
}

// flow evaluates e as the function it is written in computes it before
// the statement that holds e: the statements before it run on the
// evaluator (environment variables unset), and a statement it cannot run
// makes the variables it assigns unknown instead of stopping the run. The
// value must be a string, a number or a bool.
func (r *literalReader) flow(e ast.Expr) (any, bool) {
	body, stmt := r.enclosing(e)
	if body == nil {
		return nil, false
	}
	ev := newEvaluator(r.c)
	env, deps := ev.prelude(r.p, body.List[:stmt], r.argEnv())
	read := map[string]bool{}
	ev.onEnv = func(name string) { read[name] = true }
	if !formatsPlainly(r.p.TypesInfo.TypeOf(e)) {
		return nil, false // a time.Duration prints through its String method
	}
	v, ok := ev.expr(r.p, e, env)
	if ok && r.envRead != nil {
		deps.add(read, r.p.TypesInfo, e)
		maps.Copy(r.envRead, read)
	}
	switch v.(type) {
	case string, int64, float64, bool:
		return v, ok
	}
	return nil, false
}

// enclosing finds the body of the function declaration e is written in
// and the index of its top-level statement that holds e.
func (r *literalReader) enclosing(e ast.Expr) (*ast.BlockStmt, int) {
	for _, f := range r.p.Syntax {
		if e.Pos() < f.FileStart || e.Pos() >= f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, e.Pos(), e.End())
		for i := len(path) - 1; i >= 0; i-- {
			fd, ok := path[i].(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			for j, st := range fd.Body.List {
				if st.Pos() <= e.Pos() && e.End() <= st.End() {
					return fd.Body, j
				}
			}
		}
	}
	return nil, 0
}

// flowValue is value's fallback for an expression no constant reading
// covers: the value the function computes (flow), with a warning naming
// the environment variables it read.
func (r *literalReader) flowValue(e ast.Expr) (any, bool) {
	r.envRead = map[string]bool{}
	defer func() { r.envRead = nil }()
	v, ok := r.flow(e)
	if !ok {
		return nil, false
	}
	r.warnEnv(e, exprString(e))
	return constJSONValue(v), true
}

// constJSONValue converts an evaluated Go value to the JSON value
// encoding/json writes for it.
func constJSONValue(v any) any {
	switch x := v.(type) {
	case int64:
		return json.Number(strconv.FormatInt(x, 10))
	case float64:
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
	}
	return v
}

// assigned lists the variables a statement assigns anywhere in it.
func assigned(info *types.Info, st ast.Stmt) []types.Object {
	var out []types.Object
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					out = append(out, info.ObjectOf(id))
				}
			}
		case *ast.ValueSpec:
			for _, id := range x.Names {
				out = append(out, info.ObjectOf(id))
			}
		case *ast.RangeStmt:
			for _, l := range []ast.Expr{x.Key, x.Value} {
				if id, ok := l.(*ast.Ident); ok {
					out = append(out, info.ObjectOf(id))
				}
			}
		}
		return true
	})
	return out
}
