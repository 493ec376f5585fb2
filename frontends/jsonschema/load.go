package jsonschema

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/inputfile"
)

// Options control how JSON inputs are read.
type Options struct {
	// CloseObjects makes object schemas without additionalProperties
	// closed (ir.AdditionalDefault) instead of open (ir.AdditionalOpen).
	// Default false: JSON inputs mean what they say.
	CloseObjects bool
	// Discovered names files found by a directory walk rather than named
	// by the user: a document there that is no tool catalog is skipped
	// with a note (info) instead of failing the compilation.
	Discovered map[string]bool
	// FirstDefinitions leaves the Params, Result and Examples out of a
	// tool defined again under a name that a file named by the user
	// (not Discovered, so never dropped as a reference listing) defined
	// first: for a caller that reads only the first definition's schemas
	// (compiler.Inputs.FirstDefinitions). The later definition is still
	// converted, so its diagnostics are the same.
	FirstDefinitions bool
}

// Load reads tool catalogs and schema files. Files are read in sorted
// order whatever the order given, so the catalog does not depend on it.
func Load(files []string, opts Options) (*ir.Catalog, diag.List) {
	sorted := append([]string(nil), files...)
	sort.Strings(sorted)
	whole := map[string]bool{}
	for {
		l, failed := loadFiles(sorted, opts, whole)
		if failed == "" {
			return l.catalog(), l.diags
		}
		// A syntax error after some of the file's records were taken: load
		// again, that file parsed whole first, so that an invalid file adds
		// nothing but its error (as it always did). Rare, so not worth
		// undoing the records one by one.
		whole[failed] = true
	}
}

// loadFiles loads sorted files, JSON Lines record by record except those in
// whole; it stops and names the file when a streamed file turns out to be
// invalid after it added records.
func loadFiles(sorted []string, opts Options, whole map[string]bool) (*loader, string) {
	l := newLoader(opts)
	l.owned = true // each file is read here for this load alone
	for i, f := range sorted {
		if i > 0 && f == sorted[i-1] {
			continue
		}
		data, err := inputfile.Read(f)
		if err != nil {
			l.diags.Errorf(ir.Pos{File: f}, "read tool catalog: %v", err)
			continue
		}
		if whole[f] {
			l.file(f, data)
		} else if !l.stream(f, data) {
			return l, f
		}
	}
	return l, ""
}

// stream loads a file as file does, but JSON Lines one record at a time:
// each record's parse tree is garbage once its tools are converted,
// where a whole file's trees (several times the file's size) were live at
// once. It reports false when a syntax error follows records it took.
func (l *loader) stream(name string, data []byte) bool {
	d := newDoc(name, data)
	d.owned = l.owned
	p := newParser(d)
	p.arena = new(arena)
	first, err := p.nextValue()
	jsonl := strings.EqualFold(filepath.Ext(name), ".jsonl")
	switch {
	case first == nil || err != nil:
		l.file(name, data) // empty or invalid: file reports it
		return true
	case !jsonl && !p.more():
		l.document(d, first)
		return true
	case nonCatalog(first) != "":
		// Skipped unless invalid, as file decides, but read record by
		// record: BFCL's multi-turn files were parsed whole for it.
		what := nonCatalog(first)
		for r := first; r != nil && err == nil; r, err = p.nextValue() {
			p.arena.reset()
		}
		if err != nil {
			l.invalid(d, err)
		} else {
			l.skip(d, what)
		}
		return true
	}
	defs := 0
	for r := first; r != nil && err == nil; r, err = p.nextValue() {
		defs += l.record(r)
		p.arena.reset() // r's tree is garbage: its tools are converted
	}
	if err != nil {
		return false
	}
	if defs == 0 {
		l.skip(d, "BFCL records without function definitions")
	}
	return true
}

// LoadBytes reads one file's contents; name is used in positions.
func LoadBytes(name string, data []byte, opts Options) (*ir.Catalog, diag.List) {
	l := newLoader(opts)
	l.file(name, data)
	return l.catalog(), l.diags
}

// Schema converts one standalone JSON Schema document (with $defs or
// definitions) to an IR type plus the named types it defines or refers
// to. name is used in positions and names the root if it refers to
// itself ("$ref": "#").
func Schema(name string, data []byte, opts Options) (*ir.Type, []*ir.Named, diag.List) {
	l := newLoader(opts)
	d := newDoc(name, data)
	values, ok := l.parse(d)
	if !ok {
		return nil, nil, l.diags
	}
	if len(values) != 1 {
		l.diags.Errorf(values[1].pos(), "want one JSON Schema document, found more JSON values")
		return nil, nil, l.diags
	}
	t := newConverter(values[0], stem(name), true, opts, l.reg, &l.diags).convertRoot()
	return t, l.reg.types, l.diags
}

// loader accumulates the tools and named types of one load.
type loader struct {
	opts  Options
	diags diag.List
	reg   *registry
	tools []*ir.Tool
	// seen maps a tool name to the digest of the canonical text of each
	// distinct definition kept under that name: BFCL repeats thousands of
	// definitions, and the texts themselves would stay live to the end.
	seen     map[string][]seenDef
	canonBuf bytes.Buffer // reused for each definition's canonical text
	// owned: the files' bytes were read by this loader and nothing else
	// holds them (doc.owned).
	owned bool
	// firstKept names the tools kept from a file not Discovered
	// (Options.FirstDefinitions).
	firstKept map[string]bool
}

type seenDef struct {
	canon [sha256.Size]byte
	pos   ir.Pos
}

func newLoader(opts Options) *loader {
	return &loader{opts: opts, reg: newRegistry(), seen: map[string][]seenDef{}}
}

func (l *loader) catalog() *ir.Catalog {
	return &ir.Catalog{Tools: l.tools, Types: l.reg.types}
}

// parse reads a file as a stream of JSON values (one for a JSON document,
// one per line for JSON Lines).
func (l *loader) parse(d *doc) ([]*node, bool) {
	values, err := parseValues(d)
	if err != nil {
		l.invalid(d, err)
		return nil, false
	}
	if len(values) == 0 {
		if l.opts.Discovered[d.name] {
			l.diags.Add(diag.Warnf(ir.Pos{File: d.name, Line: 1, Col: 1}, "empty file: not a tool catalog; skipped"))
			return nil, false
		}
		l.diags.Errorf(ir.Pos{File: d.name, Line: 1, Col: 1}, "empty file: want a JSON tool catalog or JSON Schema")
		return nil, false
	}
	return values, true
}

// invalid reports a file's syntax error.
func (l *loader) invalid(d *doc, err *syntaxError) {
	l.diags.Add(diag.Errorf(d.pos(err.off), "invalid JSON: %s", err.msg))
}

// file loads one file of any accepted shape.
func (l *loader) file(name string, data []byte) {
	d := newDoc(name, data)
	d.owned = l.owned
	values, ok := l.parse(d)
	if !ok {
		return
	}
	if len(values) > 1 || strings.EqualFold(filepath.Ext(name), ".jsonl") {
		l.records(d, values)
		return
	}
	l.document(d, values[0])
}

// stem is a file's base name without extension, the default name of a
// schema file's root type.
func stem(name string) string {
	base := filepath.Base(name)
	for ext := filepath.Ext(base); ext != ""; ext = filepath.Ext(base) {
		base = strings.TrimSuffix(base, ext)
	}
	if base == "" || base == "." {
		return "Schema"
	}
	return base
}

// addTool keeps a converted tool unless an identical definition of the
// same name was already kept. A different definition under a taken name
// is kept too, with a warning: BFCL reuses names across unrelated
// records, and dropping either would lose a definition.
func (l *loader) addTool(def *node, build func() *ir.Tool, name string) {
	l.canonBuf.Reset()
	def.canon(&l.canonBuf)
	canon := sha256.Sum256(l.canonBuf.Bytes())
	for _, s := range l.seen[name] {
		if s.canon == canon {
			return
		}
	}
	if prev := l.seen[name]; len(prev) > 0 {
		// Info only: the build's duplicate-name check and lint's
		// name-collision rule report the clash with their own severity.
		l.diags.Add(diag.Diagnostic{Pos: def.pos(), Severity: diag.Info,
			Message: fmt.Sprintf("tool %q is defined again, differently (first at %s); both are kept", name, prev[0].pos)})
	}
	l.seen[name] = append(l.seen[name], seenDef{canon: canon, pos: def.pos()})
	t := build()
	if t == nil {
		return
	}
	if l.opts.FirstDefinitions {
		switch {
		case l.firstKept[name]:
			slim := *t
			slim.Params, slim.Result, slim.Examples = nil, nil, nil
			t = &slim
		case !l.opts.Discovered[t.Pos.File]:
			if l.firstKept == nil {
				l.firstKept = map[string]bool{}
			}
			l.firstKept[name] = true
		}
	}
	l.tools = append(l.tools, t)
}

// accepted lists the shapes for the unknown-shape error.
const accepted = "an OpenAI tools array ([{\"type\":\"function\",\"function\":{…}}] or the Responses form), " +
	"an Anthropic tools array (input_schema), an MCP tools/list result ({\"tools\":[…]} or {\"result\":{\"tools\":[…]}}), " +
	"an array or JSON Lines of {name, description, parameters}, BFCL JSON Lines records ({\"id\",\"question\",\"function\":[…]}), " +
	"a ToolBench answer file, or a JSON Schema document"

func (l *loader) unknownShape(n *node, what string) {
	if l.opts.Discovered[n.pos().File] {
		// A note, not a warning: a directory holds JSON files of many
		// kinds, and only a catalog's shape makes one an input.
		l.diags.Add(diag.Diagnostic{Pos: n.pos(), Severity: diag.Info, Message: fmt.Sprintf("not a tool catalog (unrecognised %s); skipped", what)})
		return
	}
	l.diags.Add(diag.Diagnostic{Pos: n.pos(), Severity: diag.Error,
		Message: fmt.Sprintf("unrecognised %s: want %s", what, accepted)})
}
