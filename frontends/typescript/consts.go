package typescript

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/inputfile"
)

// constFor returns the declaration a name refers to in f: the top-level
// one, or the only one declared in a nested scope.
func (f *file) constFor(name string) (*constDecl, bool) {
	cs := f.consts[name]
	var nested *constDecl
	n := 0
	for _, c := range cs {
		if !c.nested {
			return c, true
		}
		nested, n = c, n+1
	}
	return nested, n == 1
}

// constValue evaluates a constant's initializer once.
func (r *resolver) constValue(c *constDecl) *value {
	switch c.state {
	case constDone:
		return c.val
	case constBusy:
		return r.val(value{kind: vBusy, c: c, off: c.off, f: c.file})
	}
	c.state = constBusy
	r.evalDepth++
	v := r.evalAt(c.file, c.init)
	r.evalDepth--
	c.val, c.state = v, constDone
	if v.kind == vZod {
		share(v.z)
	}
	if c.named != nil && v.kind == vZod {
		c.named.n.Type = r.zodIR(v.z)
	}
	return v
}

// ident evaluates a name in the evaluator's file.
func (e *evaluator) ident(name string, off int) *value {
	if v, ok := e.env.lookup(name); ok {
		if v.kind == vOpaque {
			// An unknown parameter is reported where it is used.
			cp := *v
			cp.off, cp.f = off, e.f
			return &cp
		}
		return v
	}
	v := e.r.lookupValue(e.f, name, off, 0)
	if v.off == 0 && v.f == nil {
		v.off, v.f = off, e.f
	}
	return v
}

// lookupValue resolves a name in f's value space: constants, enums and
// imports (relative modules are followed; zod is recognised).
func (r *resolver) lookupValue(f *file, name string, off, hops int) *value {
	if hops > maxExportHops {
		return r.val(value{kind: vOpaque, off: off, f: f, text: name + " (re-exported in a cycle)"})
	}
	if c, ok := f.constFor(name); ok {
		return r.constRef(c, off, f)
	} else if c != nil || len(f.consts[name]) > 1 {
		return r.val(value{kind: vOpaque, off: off, f: f, text: name + " (declared in several scopes)"})
	}
	if ds := f.decls[name]; len(ds) > 0 && ds[0].kind == dEnum {
		return r.val(value{kind: vEnumDecl, off: off, f: f, enum: ds[0]})
	}
	if fn := funcNamed(f, name); fn != nil {
		return r.val(value{kind: vDeclFunc, off: off, f: f, text: "function " + name, decl: fn})
	}
	if b, ok := f.imports[name]; ok {
		return r.importValue(f, b, name, off, hops)
	}
	if c := r.classNamed(f, name); c != nil {
		return r.val(value{kind: vClass, off: off, f: f, text: "class " + name, cls: c})
	}
	if fn := r.localFunc(f, name, off); fn != nil {
		return fn
	}
	if name == "Object" || globalBuiltins[name] {
		return r.val(value{kind: vBuiltin, off: off, f: f, text: name})
	}
	return r.val(value{kind: vOpaque, off: off, f: f, text: name + " (not a constant tscg can read)"})
}

// constRef is the value of a reference to c: a zod schema constant at
// the top level becomes a reference to its named type.
func (r *resolver) constRef(c *constDecl, off int, f *file) *value {
	v := r.constValue(c)
	if v.kind == vBusy && r.lazy > 0 && !c.nested {
		t := r.newType(ir.KindRef, f.pos(off))
		t.Ref = r.zodNamed(c).n
		return r.val(value{kind: vZod, off: off, f: f, z: &zschema{t: t, version: 4, ref: c}, c: c})
	}
	if v.kind == vBusy {
		return r.val(value{kind: vBusy, c: c, off: off, f: f})
	}
	if v.kind == vZod && !c.nested && c.name != defaultConst {
		return r.val(value{kind: vZod, off: off, f: f, z: r.zodRefTo(c, v.z), c: c})
	}
	if (v.kind == vArray || v.kind == vObject) && !c.nested {
		if at := r.mutation(c, v); at > 0 {
			return r.val(value{kind: vOpaque, off: off, f: f, text: c.name + " (changed at " + c.file.pos(at).String() + " by code tscg does not run)"})
		}
	}
	return v
}

// arrayMutators and setMutators are the methods that change an array
// or a Set in place.
var (
	arrayMutators = map[string]bool{"push": true, "pop": true, "shift": true, "unshift": true, "splice": true,
		"sort": true, "reverse": true, "fill": true, "copyWithin": true}
	setMutators = map[string]bool{"add": true, "delete": true, "clear": true}
)

// mutation is the offset of the first statement of c's file that
// changes module constant c's array, Set or object in place
// (`c.push(…)`, `c.add(…)`, `c.k = v`, `c[k] = v`), or 0. The constant's
// initializer is its value only when nothing changes it: tscg runs no
// top-level statement, nor one in a function on a module constant. A
// local of the same name counts too (the value is then unknown, never
// wrong).
func (r *resolver) mutation(c *constDecl, v *value) int {
	if at, ok := r.mutated[c]; ok {
		return at
	}
	if r.mutated == nil {
		r.mutated = map[*constDecl]int{}
	}
	toks := r.scan(c.file).toks
	at := 0
	for i := 1; i+3 < len(toks) && at == 0; i++ {
		t := toks[i]
		if t.kind != tIdent || t.text != c.name || t.off == c.off || toks[i-1].text == "." || toks[i-1].text == "?." {
			continue
		}
		next, m := toks[i+1].text, toks[i+2]
		assigns := func(k int) bool {
			return k+1 < len(toks) && toks[k].text == "=" && toks[k+1].text != "=" && toks[k+1].text != ">"
		}
		switch {
		case next == "." && toks[i+3].text == "(" && m.kind == tIdent && (v.kind == vArray && !v.set && arrayMutators[m.text] || v.set && setMutators[m.text]):
			at = t.off
		case next == "." && m.kind == tIdent && v.kind == vObject && assigns(i+3):
			at = t.off
		case next == "[" && v.kind == vObject:
			for k, d := i+1, 0; k < len(toks); k++ {
				if toks[k].text == "[" {
					d++
				} else if toks[k].text == "]" {
					if d--; d == 0 {
						if assigns(k + 1) {
							at = t.off
						}
						break
					}
				}
			}
		}
	}
	r.mutated[c] = at
	return at
}

func (r *resolver) importValue(f *file, b importBinding, name string, off, hops int) *value {
	if !f.isLocal(b.spec) {
		if v := r.packageValue(f, b, off); v != nil {
			return v
		}
		if b.name != "*" && b.name != "default" {
			if v := r.packageConst(f, b.spec, b.name, off); v != nil {
				return v
			}
			if v := r.packageEnum(f, b.spec, b.name, off); v != nil {
				return v
			}
		}
		return r.val(value{kind: vOpaque, off: off, f: f, text: name + " (imported from " + b.spec + ", which tscg does not read)"})
	}
	target := f.deps[b.spec]
	if target == nil && (b.name == "default" || b.name == "*") && isJSONModule(filepath.Dir(f.abs), b.spec) {
		ns := (&evaluator{r: r, f: f}).jsonModule(b.spec, off)
		if b.name == "default" && ns.kind == vObject {
			return ns.props[0].v
		}
		return ns
	}
	if target == nil {
		return r.val(value{kind: vOpaque, off: off, f: f, text: name + " (its module " + b.spec + " was not found)"})
	}
	if b.name == "*" {
		return r.val(value{kind: vNamespace, off: off, f: target})
	}
	v := r.exportValue(target, b.name, off, hops+1)
	if (v.kind == vOpaque || v.kind == vDeclFunc) && v.f == target {
		if v.kind == vDeclFunc {
			cp := *v
			cp.off, cp.f = off, f
			return &cp
		}
		// Say it where the name is used.
		v = r.val(value{kind: vOpaque, off: off, f: f, text: v.text})
	}
	return v
}

// exportValue resolves a value exported by f, following re-exports.
func (r *resolver) exportValue(f *file, name string, off, hops int) *value {
	if hops > maxExportHops {
		return r.val(value{kind: vOpaque, off: off, f: f, text: name + " (re-exported in a cycle)"})
	}
	if b, ok := f.exports[name]; ok {
		if b.spec == "" {
			return r.lookupValue(f, b.local, off, hops+1)
		}
		if b.name == "*" {
			if t := f.deps[b.spec]; t != nil {
				return r.val(value{kind: vNamespace, off: off, f: t})
			}
		}
		return r.importValue(f, importBinding{spec: b.spec, name: b.name, off: b.off}, name, off, hops+1)
	}
	if c, ok := f.constFor(name); ok && c.exported {
		return r.constRef(c, off, f)
	}
	if ds := f.decls[name]; len(ds) > 0 && ds[0].kind == dEnum && ds[0].exported {
		return r.val(value{kind: vEnumDecl, off: off, f: f, enum: ds[0]})
	}
	if fn := funcNamed(f, name); fn != nil {
		return r.val(value{kind: vDeclFunc, off: off, f: f, text: "function " + name, decl: fn})
	}
	if c := r.classNamed(f, name); c != nil && c.exported {
		return r.val(value{kind: vClass, off: off, f: f, text: "class " + name, cls: c})
	}
	for _, s := range f.stars {
		if t := f.deps[s.spec]; t != nil {
			if v := r.exportValue(t, name, off, hops+1); v.kind != vOpaque {
				return v
			}
		}
	}
	return r.val(value{kind: vOpaque, off: off, f: f, text: name + " (not exported by " + f.path + ")"})
}

// packageValue recognises the package imports tscg knows: zod's
// namespace and the converters that turn a zod schema into JSON Schema.
func (r *resolver) packageValue(f *file, b importBinding, off int) *value {
	if v := zodVersionOf(f, b.spec); v != 0 {
		switch b.name {
		case "z", "*", "default":
			return r.val(value{kind: vZodNS, off: off, f: f, zv: v})
		}
		return nil
	}
	switch {
	case b.spec == "zod-to-json-schema" && (b.name == "zodToJsonSchema" || b.name == "default"):
		return r.val(value{kind: vBuiltin, off: off, f: f, text: "zodToJsonSchema"})
	case b.spec == "ai" && b.name == "jsonSchema", b.spec == "ai" && b.name == "zodSchema":
		return r.val(value{kind: vBuiltin, off: off, f: f, text: b.name})
	case b.spec == "ai" && b.name == "tool":
		return r.val(value{kind: vBuiltin, off: off, f: f, text: "ai.tool"})
	case b.spec == "yargs" && (b.name == "default" || b.name == "*"):
		return r.val(value{kind: vBuiltin, off: off, f: f, text: "yargs"})
	case strings.HasPrefix(b.spec, "@modelcontextprotocol/sdk/types") && b.name == "ToolSchema":
		return r.val(value{kind: vBuiltin, off: off, f: f, text: "ToolSchema"})
	}
	return nil
}

// zodVersionOf returns the zod major version an import of spec means in
// f, or 0 when spec is not zod: "zod/v3" and "zod/v4" say it; plain "zod"
// is whatever the nearest package.json depends on (4 when none says).
func zodVersionOf(f *file, spec string) int {
	switch spec {
	case "zod/v4", "zod/v4/classic":
		return 4
	case "zod/v3":
		return 3
	case "zod":
		if f.zodVersion == 0 {
			f.zodVersion = packageZodVersion(filepath.Dir(f.abs))
		}
		return f.zodVersion
	}
	return 0
}

// packageZodVersion reads the zod dependency of the nearest package.json
// at or above dir.
func packageZodVersion(dir string) int {
	if spec, _ := dependencyVersion(dir, "zod"); spec != "" {
		return majorOf(spec)
	}
	// zod reached only through another dependency (the MCP SDK's): the
	// version the project's lockfile installs.
	for d, i := dir, 0; i < 32; i++ {
		if _, err := inputfile.Read(filepath.Join(d, "package.json")); err == nil {
			if locked := lockedVersion(d, "zod"); locked != "" {
				return majorOf(locked)
			}
			break
		}
		if filepath.Dir(d) == d {
			break
		}
		d = filepath.Dir(d)
	}
	return 4
}

// dependencyVersion finds the nearest package.json at or above dir that
// depends on name (or is name's own) and returns the version range it
// asks for and the version its package-lock.json locks ("" when none).
func dependencyVersion(dir, name string) (spec, locked string) {
	for i := 0; i < 32; i++ {
		data, err := inputfile.Read(filepath.Join(dir, "package.json"))
		if err == nil {
			var pkg map[string]json.RawMessage
			if json.Unmarshal(data, &pkg) == nil {
				var own, version string
				json.Unmarshal(pkg["name"], &own)
				json.Unmarshal(pkg["version"], &version)
				if own == name && version != "" {
					return version, version
				}
				for _, k := range []string{"dependencies", "peerDependencies", "devDependencies"} {
					var deps map[string]string
					if json.Unmarshal(pkg[k], &deps) == nil && deps[name] != "" {
						return deps[name], lockedVersion(dir, name)
					}
				}
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", ""
}

// lockedVersion is the version of name that the lockfile of the
// project in dir locks: its package-lock.json, bun.lock or yarn.lock, or
// the pnpm-lock.yaml of its workspace (dir or above, under the importer
// of dir); "" when none says.
func lockedVersion(dir, name string) string {
	if data, err := inputfile.Read(filepath.Join(dir, "package-lock.json")); err == nil {
		var lock struct {
			Packages map[string]struct {
				Version string `json:"version"`
			} `json:"packages"`
		}
		if json.Unmarshal(data, &lock) == nil {
			return lock.Packages["node_modules/"+name].Version
		}
		return ""
	}
	if data, err := inputfile.Read(filepath.Join(dir, "bun.lock")); err == nil {
		return bunLocked(data, name)
	}
	if data, err := inputfile.Read(filepath.Join(dir, "yarn.lock")); err == nil {
		return yarnLocked(data, name)
	}
	for d, i := dir, 0; i < 32; i++ {
		if data, err := inputfile.Read(filepath.Join(d, "pnpm-lock.yaml")); err == nil {
			importer, err := filepath.Rel(d, dir)
			if err != nil {
				return ""
			}
			return pnpmLocked(data, filepath.ToSlash(importer), name)
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return ""
}

// pnpmLocked reads a pnpm-lock.yaml: importers.<importer>.<kind>.<name>
// is {specifier, version} (lockfile 6 and 9) or, in a lockfile without
// importers, <kind>.<name> is the version or {specifier, version}. A
// version may carry its peers in parentheses: 1.29.0(zod@3.25.76).
func pnpmLocked(data []byte, importer, name string) string {
	var lock struct {
		Importers       map[string]map[string]map[string]any `yaml:"importers"`
		Dependencies    map[string]any                       `yaml:"dependencies"`
		DevDependencies map[string]any                       `yaml:"devDependencies"`
	}
	if yaml.Unmarshal(data, &lock) != nil {
		return ""
	}
	deps := []map[string]any{lock.Dependencies, lock.DevDependencies}
	if imp, ok := lock.Importers[importer]; ok {
		deps = []map[string]any{imp["dependencies"], imp["devDependencies"], imp["peerDependencies"]}
	}
	for _, m := range deps {
		var v string
		switch x := m[name].(type) {
		case string:
			v = x
		case map[string]any:
			v, _ = x["version"].(string)
		}
		if v != "" {
			v, _, _ = strings.Cut(v, "(")
			return v
		}
	}
	return ""
}

// bunLocked reads a bun.lock (JSON with trailing commas): the package
// entry "name": ["name@version", …] at the top of "packages".
func bunLocked(data []byte, name string) string {
	q := strconv.Quote(name)
	m := regexp.MustCompile(`(?m)^    ` + regexp.QuoteMeta(q) + `: \[` + regexp.QuoteMeta(q[:len(q)-1]) + `@([^"]+)"`).FindSubmatch(data)
	if m == nil {
		return ""
	}
	return string(m[1])
}

// yarnLocked reads a yarn.lock (v1 or berry): the version under the
// first entry whose header names name@….
func yarnLocked(data []byte, name string) string {
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if l == "" || l[0] == ' ' || l[0] == '#' {
			continue
		}
		if !strings.HasPrefix(strings.TrimLeft(l, `"`), name+"@") {
			continue
		}
		for _, b := range lines[i+1:] {
			if b == "" || b[0] != ' ' {
				break
			}
			if v, ok := strings.CutPrefix(strings.TrimSpace(b), "version"); ok {
				return strings.Trim(strings.TrimSpace(strings.TrimPrefix(v, ":")), `"`)
			}
		}
	}
	return ""
}

func majorOf(v string) int {
	v = strings.TrimLeft(v, "^~>=< v")
	if strings.HasPrefix(v, "3") || strings.HasPrefix(v, "npm:zod@3") || strings.HasPrefix(v, "npm:zod@^3") {
		return 3
	}
	return 4
}

// isZodMember reports whether member(v, name) is a vMember of a zod
// schema or of the zod namespace: every member but the three member
// reads itself (.shape of an object, z.coerce, zod 4's z.iso).
func isZodMember(v *value, name string) bool {
	switch v.kind {
	case vZod:
		return name != "shape" || v.z.obj == nil
	case vZodNS:
		return name != "coerce" && (name != "iso" || v.zv != 4 || v.text != "")
	}
	return false
}

// member evaluates v.name.
func (e *evaluator) member(v *value, name string, off int) *value {
	if v.kind == vZod && name == "_def" {
		// zod 3's definition object, read by a project's own converter.
		return e.defValue(v, off)
	}
	if v.kind == vZod && strings.HasPrefix(name, "_") {
		// _zod and other private parts: zod's internals, different in
		// each version; a project's own converter reading them is not
		// followed.
		return e.opaque(off, "a zod schema's internal ."+name+", which tscg does not model")
	}
	if v.kind == vZod && name == "description" && v.z.g != nil {
		// zod 3's getter: this._def.description.
		if d := v.z.g.desc; d != "" {
			return e.r.val(value{kind: vString, off: off, f: e.f, text: d})
		}
		return e.r.val(value{kind: vUndefined, off: off, f: e.f})
	}
	if isZodMember(v, name) || v.kind == vBuiltin {
		return e.r.val(value{kind: vMember, off: off, f: e.f, recv: v, text: name})
	}
	switch v.kind {
	case vZod: // .shape of an object schema
		return e.shapeObject(v.z, off)
	case vZodNS:
		if name == "coerce" {
			return v // z.coerce.number() accepts what z.number() does, as zod's input schema says
		}
		return e.r.val(value{kind: vZodNS, off: off, f: e.f, zv: v.zv, text: "iso"}) // z.iso.datetime() …: string formats
	case vObject:
		if pv := v.prop(name); pv != nil {
			return pv
		}
		if u := v.unknown; u != nil {
			if u.kind == vOpaque && strings.HasPrefix(u.text, "a zod 3 ._def") {
				return e.opaque(off, "property "+name+" of "+u.text)
			}
			return e.opaque(off, "property "+name+" of an object with a spread tscg cannot read")
		}
		return e.r.val(value{kind: vUndefined, off: off, f: e.f})
	case vNamespace:
		return e.r.exportValue(v.f, name, off, 0)
	case vEnumDecl:
		return enumMemberValue(v.enum, name, off, e.f)
	case vArray, vString, vPartial:
		return e.dataMember(v, name, off)
	case vOpaque:
		if name == "argv" && strings.HasPrefix(v.text, "process (") {
			return e.processArgv(off)
		}
		if n := calleeName(v); n != "…" {
			return e.opaqueAt(v, n+"."+name)
		}
		return e.opaqueAt(v, "property "+name+" of "+v.text)
	}
	return e.opaque(off, "property "+name+" of "+describeValue(v))
}

// enumMemberValue is the value of member name of enum d.
func enumMemberValue(d *decl, name string, off int, f *file) *value {
	next := 0.0
	for _, m := range d.enum {
		lit := ""
		switch {
		case m.init == nil:
			lit = jsNumber(next)
		case m.init.kind == teLit:
			lit = m.init.text
		}
		if n, ok := numberValue(lit); ok {
			next = n + 1
		}
		if m.name != name {
			continue
		}
		switch {
		case lit == "":
			return &value{kind: vOpaque, off: off, f: f, text: "computed enum member " + d.name + "." + name}
		case lit[0] == '"':
			var s string
			json.Unmarshal([]byte(lit), &s)
			return &value{kind: vString, off: off, f: f, text: s}
		}
		return &value{kind: vNumber, off: off, f: f, text: lit}
	}
	if back := enumNameOf(d, name); back != "" {
		// E[E.X]: a numeric enum maps its values back to their names.
		return &value{kind: vString, off: off, f: f, text: back}
	}
	return &value{kind: vOpaque, off: off, f: f, text: "enum " + d.name + " has no member " + name}
}

// enumNameOf is the name of enum d's numeric member whose value is
// written key (the last such member, as the compiled object keeps it), or "".
func enumNameOf(d *decl, key string) string {
	back := ""
	for _, m := range d.enum {
		if v := enumMemberValue(d, m.name, 0, nil); v.kind == vNumber && v.text == key {
			back = m.name
		}
	}
	return back
}

// enumValues lists an enum's member values as JSON.
func enumValues(d *decl) ([]ir.Value, bool) {
	var out []ir.Value
	for _, m := range d.enum {
		v := enumMemberValue(d, m.name, 0, nil)
		j, ok := jsonValue(v)
		if !ok {
			return nil, false
		}
		out = append(out, j)
	}
	return out, true
}

// funcNamed is f's function declaration of that name: of overloads, the
// implementation (the one with a body).
func funcNamed(f *file, name string) *funcDecl {
	var first *funcDecl
	for _, fn := range f.funcs {
		if fn.name != name {
			continue
		}
		if fn.hasBody {
			return fn
		}
		if first == nil {
			first = fn
		}
	}
	return first
}
