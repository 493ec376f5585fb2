package typescript

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// packageConst reads a constant a package declares in its declaration
// file in node_modules, `export declare const NAME: Readonly<{ 'k': T; … }>`,
// as an object whose keys are known and whose values are not: enough for
// `Object.keys(NAME)` in an enum. nil when there is no such declaration.
func (r *resolver) packageConst(f *file, spec, name string, off int) *value {
	key, src := r.packageDecl(filepath.Dir(f.abs), spec)
	if src == "" {
		return nil
	}
	toks := r.packageIndex(key, src).toks
	for i := 0; i+4 < len(toks); i++ {
		if toks[i].text != "declare" || toks[i+1].text != "const" || toks[i+2].text != name || toks[i+3].text != ":" {
			continue
		}
		j := i + 4
		if toks[j].text == "Readonly" && toks[j+1].text == "<" {
			j += 2
		}
		if toks[j].text != "{" {
			return nil
		}
		obj := r.val(value{kind: vObject, off: off, f: f})
		depth := 0
		for k := j; k < len(toks); k++ {
			t := toks[k]
			switch t.text {
			case "{", "(", "[", "<":
				depth++
				continue
			case "}", ")", "]", ">":
				depth--
				if depth == 0 {
					return obj
				}
				continue
			}
			n := toks[k+1].text
			if depth == 1 && (t.kind == tIdent || t.kind == tString) && (n == ":" || n == "?") && (toks[k-1].text == "{" || toks[k-1].text == ";" || toks[k-1].text == ",") {
				key := t.strValue()
				v := r.val(value{kind: vOpaque, off: off, f: f, text: name + "[" + key + "] (a value of package " + spec + ")"})
				obj.props = append(obj.props, vprop{key: key, off: off, v: v})
			}
		}
		return nil
	}
	return nil
}

// packageEnum reads `export declare enum NAME { A = 0, B = "b", … }`
// from the declaration file of spec (a package or a file of one,
// `pkg/interfaces/X.js`) as an enum value; `export * as NAME from "./x"`
// there is a namespace of the enums that file declares. nil when there
// is neither.
func (r *resolver) packageEnum(f *file, spec, name string, off int) *value {
	key, src := r.packageDecl(filepath.Dir(f.abs), spec)
	if src == "" {
		return nil
	}
	idx := r.packageIndex(key, src)
	if d := idx.enums[name]; d != nil {
		return r.val(value{kind: vEnumDecl, off: off, f: f, enum: d})
	}
	rel, ok := idx.namespaces[name]
	if !ok || !strings.HasPrefix(rel, ".") {
		return nil
	}
	nkey, nsrc := r.packageFile(filepath.Join(filepath.Dir(key), filepath.FromSlash(rel)))
	if nsrc == "" {
		return nil
	}
	ns := r.val(value{kind: vObject, off: off, f: f})
	for _, d := range r.packageIndex(nkey, nsrc).list {
		ns.props = append(ns.props, vprop{key: d.name, off: off, v: r.val(value{kind: vEnumDecl, off: off, f: f, enum: d})})
	}
	return ns
}

// pkgIndex is what tscg reads of a package's declaration file: its
// enums (in order) and its `export * as NAME from "…"` namespaces.
type pkgIndex struct {
	toks       []token
	enums      map[string]*decl
	list       []*decl
	namespaces map[string]string
}

// packageIndex indexes a declaration file once (key: its path).
func (r *resolver) packageIndex(key, src string) *pkgIndex {
	if idx := r.pkgIndexes[key]; idx != nil {
		return idx
	}
	toks := lexAll(src)
	idx := &pkgIndex{toks: toks, enums: map[string]*decl{}, namespaces: map[string]string{}}
	for i := 1; i+2 < len(toks); i++ {
		switch {
		case toks[i].text == "enum" && toks[i+2].text == "{" && (toks[i-1].text == "declare" || toks[i-1].text == "const" || toks[i-1].text == "export"):
			d := &decl{kind: dEnum, name: toks[i+1].text, exported: true}
			for k := i + 3; k < len(toks) && toks[k].text != "}"; {
				m := enumMember{name: toks[k].strValue()}
				k++
				if k < len(toks) && toks[k].text == "=" {
					var lit []token
					for k++; k < len(toks) && toks[k].text != "," && toks[k].text != "}"; k++ {
						lit = append(lit, toks[k])
					}
					m.init = enumInit(lit, 0)
				}
				if k < len(toks) && toks[k].text == "," {
					k++
				}
				d.enum = append(d.enum, m)
			}
			if idx.enums[d.name] == nil {
				idx.enums[d.name] = d
				idx.list = append(idx.list, d)
			}
		case toks[i-1].text == "export" && toks[i].text == "*" && toks[i+1].text == "as" && i+4 < len(toks) && toks[i+3].text == "from":
			idx.namespaces[toks[i+2].text] = toks[i+4].strValue()
		}
	}
	if r.pkgIndexes == nil {
		r.pkgIndexes = map[string]*pkgIndex{}
	}
	r.pkgIndexes[key] = idx
	return idx
}

// enumInit is a declaration file's enum initializer: a literal (a
// number, a negative number, a string) or, otherwise, a computed value.
func enumInit(lit []token, off int) *typeExpr {
	switch {
	case len(lit) == 1 && (lit[0].kind == tNumber || lit[0].kind == tString):
		return &typeExpr{kind: teLit, off: off, text: lit[0].text}
	case len(lit) == 2 && lit[0].text == "-" && lit[1].kind == tNumber:
		return &typeExpr{kind: teLit, off: off, text: "-" + lit[1].text}
	}
	return &typeExpr{kind: teUnsupported, off: off, text: "computed enum member value"}
}

// packageDecl is the path and text of the declaration file (package.json
// `types` or `typings`, else index.d.ts; for `pkg/sub/file.js` the file's
// own) of package spec in the nearest node_modules at or above dir,
// cached.
func (r *resolver) packageDecl(dir, spec string) (path, text string) {
	if strings.HasPrefix(spec, ".") || strings.Contains(spec, "..") {
		return "", ""
	}
	pkgName, sub := splitPackageSpec(spec)
	for d := dir; ; d = filepath.Dir(d) {
		pkg := filepath.Join(d, "node_modules", pkgName)
		if raw, err := os.ReadFile(filepath.Join(pkg, "package.json")); err == nil {
			if sub != "" {
				return r.packageFile(filepath.Join(pkg, sub))
			}
			var meta struct{ Types, Typings string }
			_ = json.Unmarshal(raw, &meta)
			rel := meta.Types
			if rel == "" {
				rel = meta.Typings
			}
			if rel == "" {
				rel = "index.d.ts"
			}
			path := filepath.Join(pkg, rel)
			if s, ok := r.pkgTypes[path]; ok {
				return path, s
			}
			b, _ := os.ReadFile(path)
			if r.pkgTypes == nil {
				r.pkgTypes, r.pkgFiles = map[string]string{}, map[string]string{}
			}
			r.pkgTypes[path], r.pkgFiles[path] = string(b), path
			return path, string(b)
		}
		if filepath.Dir(d) == d {
			return "", ""
		}
	}
}

// splitPackageSpec splits a bare module specifier into the package's
// name (`@scope/name` or `name`) and the path of a file within it.
func splitPackageSpec(spec string) (pkg, sub string) {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) >= 2 {
		if len(parts) == 3 {
			return parts[0] + "/" + parts[1], parts[2]
		}
		return spec, ""
	}
	pkg, sub, _ = strings.Cut(spec, "/")
	return pkg, sub
}

// packageFile is the path and text of the declaration file beside a
// file of a package (x.js → x.d.ts, a directory → its index.d.ts),
// cached.
func (r *resolver) packageFile(path string) (string, string) {
	if s, ok := r.pkgTypes[path]; ok {
		return r.pkgFiles[path], s
	}
	base := path
	for _, ext := range []string{".js", ".mjs", ".cjs"} {
		base = strings.TrimSuffix(base, ext)
	}
	var found, text string
	for _, c := range []string{base + ".d.ts", base + ".d.mts", filepath.Join(base, "index.d.ts")} {
		if b, err := os.ReadFile(c); err == nil {
			found, text = c, string(b)
			break
		}
	}
	if r.pkgTypes == nil {
		r.pkgTypes, r.pkgFiles = map[string]string{}, map[string]string{}
	}
	r.pkgTypes[path], r.pkgFiles[path] = text, found
	return found, text
}
