package typescript

import (
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// typeFile is the file name positions in ParseType's diagnostics carry.
const typeFile = "<type>"

// ParseType compiles standalone TypeScript type text such as
// `{ filename: string; sizeKB: number }[]` to an IR type. Only built-in
// types can be referenced by name.
func ParseType(src string) (*ir.Type, diag.List) {
	f := newFile(typeFile, typeFile, src)
	f.parsed = &parsed{imports: map[string]importBinding{}, exports: map[string]exportBinding{}}
	f.decls = map[string][]*decl{}
	te, perr := parseTypeText(src)
	if perr != nil {
		return nil, diag.List{diag.Errorf(f.pos(perr.off), "%s", perr.msg)}
	}
	r := newResolver([]*file{f})
	t := r.conv(te, ctx{f: f})
	if r.diags.HasErrors() {
		return nil, r.diags.Sorted()
	}
	return t, r.diags.Sorted()
}

// parseTypeText parses src as exactly one type.
func parseTypeText(src string) (te *typeExpr, perr *parseError) {
	p := newParser(src)
	p.out = &parsed{}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			e := parseError(b)
			te, perr = nil, &e
		}
	}()
	te = p.parseType()
	if p.tok().kind != tEOF {
		p.fail(p.tok().off, "unexpected %s after the type", describe(p.tok()))
	}
	return te, nil
}
