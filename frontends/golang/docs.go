package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// docIndex finds the doc comment of a type or field from its position.
// Files are parsed on demand, so types that come from export data
// (other packages of the module, dependencies) get their comments too.
type docIndex struct {
	fset  *token.FileSet
	files map[string]map[[2]int]string // file → {line, col} of a name → doc
}

func newDocIndex() *docIndex {
	return &docIndex{fset: token.NewFileSet(), files: map[string]map[[2]int]string{}}
}

// at returns the doc comment for the name declared at pos, or "".
func (d *docIndex) at(pos token.Position) string {
	if pos.Filename == "" {
		return ""
	}
	idx, ok := d.files[pos.Filename]
	if !ok {
		idx = d.parse(pos.Filename)
		d.files[pos.Filename] = idx
	}
	if d, ok := idx[[2]int{pos.Line, pos.Column}]; ok {
		return d
	}
	// Export data keeps lines but not columns.
	return idx[[2]int{pos.Line, 0}]
}

func (d *docIndex) parse(name string) map[[2]int]string {
	f, err := parser.ParseFile(d.fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return map[[2]int]string{}
	}
	return index(d.fset, f)
}

// seed indexes a file a loaded package's syntax holds (parsed with its
// comments, positions in fset), so that at does not parse it again. A file
// with a line directive is left to at: its positions name other files.
func (d *docIndex) seed(fset *token.FileSet, f *ast.File) {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//line ") || strings.HasPrefix(c.Text, "/*line ") {
				return
			}
		}
	}
	tf := fset.File(f.Pos())
	if tf == nil {
		return
	}
	if _, ok := d.files[tf.Name()]; !ok {
		d.files[tf.Name()] = index(fset, f)
	}
}

// index maps the {line, col} and {line, 0} of each type and field name
// declared in f to its doc comment.
func index(fset *token.FileSet, f *ast.File) map[[2]int]string {
	idx := map[[2]int]string{}
	tf := fset.File(f.Pos()) // the file once, not a search of the set per name
	set := func(p token.Pos, doc string) {
		tp := tf.Position(p)
		idx[[2]int{tp.Line, tp.Column}] = doc
		idx[[2]int{tp.Line, 0}] = doc
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.GenDecl:
			if x.Tok != token.TYPE {
				return true
			}
			for _, s := range x.Specs {
				ts := s.(*ast.TypeSpec)
				txt := text(ts.Doc)
				if txt == "" && !x.Lparen.IsValid() {
					txt = text(x.Doc)
				}
				set(ts.Name.Pos(), txt)
			}
		case *ast.Field:
			txt := text(x.Doc)
			if txt == "" {
				txt = text(x.Comment)
			}
			if len(x.Names) == 0 {
				set(embeddedPos(x.Type), txt)
			}
			for _, n := range x.Names {
				set(n.Pos(), txt)
			}
		}
		return true
	})
	return idx
}

// embeddedPos is where go/types places an embedded field: at the type
// name, after any * or package qualifier.
func embeddedPos(e ast.Expr) token.Pos {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel.Pos()
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		default:
			return e.Pos()
		}
	}
}

// text is a comment's text without comment markers and directives.
func text(g *ast.CommentGroup) string {
	return strings.TrimSpace(g.Text())
}
