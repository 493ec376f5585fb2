package goexec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// emittedNames returns the names of package path's import (RuntimePath or
// GenSupportPath) that this generator emits.
func emittedNames(t *testing.T, constName, helper string) []string {
	t.Helper()
	use := regexp.MustCompile(`(?:Qual\(` + constName + `, |` + helper + `\()"([A-Za-z]+)"`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			seen[m[1]] = true
		}
	}
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// TestRuntimeNamesDocumented keeps runtime/gensupport's list of the
// runtime names generated code uses equal to what this generator emits.
func TestRuntimeNamesDocumented(t *testing.T) {
	want := emittedNames(t, "RuntimePath", "rt")
	doc, err := os.ReadFile("../../runtime/gensupport/gensupport.go")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(doc), "generator emits): ")
	j := strings.Index(string(doc), ". So the rest")
	if i < 0 || j < i {
		t.Fatal("gensupport's doc has no list of runtime names")
	}
	documented := regexp.MustCompile(`\b[A-Z][A-Za-z]+\b`).FindAllString(string(doc[i:j]), -1)
	slices.Sort(documented)
	if len(want) < 5 || !slices.Equal(want, documented) {
		t.Errorf("generated code uses runtime.%v;\nruntime/gensupport documents %v", want, documented)
	}
}

// TestGenSupportAllUsed keeps runtime/gensupport free of names no
// generated code uses: everything exported there is covered by the
// support levels, so a dead name would be a promise kept for nothing.
func TestGenSupportAllUsed(t *testing.T) {
	used := emittedNames(t, "GenSupportPath", "gs")
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, "../../runtime/gensupport", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var exported []string
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Name.IsExported() {
						exported = append(exported, d.Name.Name)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Name.IsExported() {
								exported = append(exported, s.Name.Name)
							}
						case *ast.ValueSpec:
							for _, n := range s.Names {
								if n.IsExported() {
									exported = append(exported, n.Name)
								}
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(exported)
	var unused []string
	for _, n := range exported {
		if !slices.Contains(used, n) {
			unused = append(unused, n)
		}
	}
	if len(used) < 10 || len(unused) > 0 {
		t.Errorf("runtime/gensupport exports names no generated code uses: %v (used: %v)", unused, used)
	}
}
