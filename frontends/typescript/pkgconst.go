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
	src := r.packageTypes(filepath.Dir(f.abs), spec)
	if src == "" {
		return nil
	}
	toks := lexAll(src)
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

// packageTypes is the text of the declaration file (package.json
// `types` or `typings`, else index.d.ts) of package spec in the nearest
// node_modules at or above dir, cached per directory.
func (r *resolver) packageTypes(dir, spec string) string {
	if strings.HasPrefix(spec, ".") || strings.Contains(spec, "..") {
		return ""
	}
	for d := dir; ; d = filepath.Dir(d) {
		pkg := filepath.Join(d, "node_modules", spec)
		if raw, err := os.ReadFile(filepath.Join(pkg, "package.json")); err == nil {
			if s, ok := r.pkgTypes[pkg]; ok {
				return s
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
			b, _ := os.ReadFile(filepath.Join(pkg, rel))
			if r.pkgTypes == nil {
				r.pkgTypes = map[string]string{}
			}
			r.pkgTypes[pkg] = string(b)
			return string(b)
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
