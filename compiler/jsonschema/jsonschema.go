// Package jsonschema renders IR types as JSON Schema, draft 2020-12 by
// default and draft-07 on request.
//
// Named types referenced from a schema go to "$defs" ("definitions" in
// draft-07) sorted by name, and are referenced with "$ref"; properties and
// enum values keep their declared order. The same IR always renders to the
// same bytes.
package jsonschema

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/tscg/tscg/compiler/ir"
)

// Draft selects the JSON Schema dialect.
type Draft int

// Supported drafts.
const (
	Draft2020 Draft = iota
	Draft7
)

// ParseDraft accepts "2020-12" (also "2020", "") and "7" (also "07",
// "draft-07").
func ParseDraft(s string) (Draft, error) {
	switch strings.TrimPrefix(strings.ToLower(s), "draft-") {
	case "", "2020-12", "2020":
		return Draft2020, nil
	case "7", "07":
		return Draft7, nil
	}
	return 0, fmt.Errorf("unknown JSON Schema draft %q (want 2020-12 or 7)", s)
}

// String returns the draft's canonical name.
func (d Draft) String() string {
	if d == Draft7 {
		return "7"
	}
	return "2020-12"
}

// URI returns the draft's meta-schema URI, the value of "$schema".
func (d Draft) URI() string {
	if d == Draft7 {
		return "http://json-schema.org/draft-07/schema#"
	}
	return "https://json-schema.org/draft/2020-12/schema"
}

func (d Draft) defsKey() string {
	if d == Draft7 {
		return "definitions"
	}
	return "$defs"
}

// Options control rendering.
type Options struct {
	Draft Draft
	// AllowAdditional leaves objects whose policy is ir.AdditionalDefault
	// open; by default they are closed with "additionalProperties": false.
	AllowAdditional bool
	// Output renders a tool's result: a node marked ir.Type.NullInOutput
	// (a Go nil slice, map or pointer) also accepts null.
	Output bool
}

// Type renders t as a root schema, with "$schema" and the named types it
// references under "$defs".
func Type(t *ir.Type, opts Options) ([]byte, error) {
	g := newGen(opts)
	if err := g.root(t, nil, 0); err != nil {
		return nil, err
	}
	return append(g.buf, '\n'), nil
}

// Output renders a tool's result as a root schema: Type with
// Options.Output set, so it accepts what the tool's language writes for
// the result (a Go nil slice as null).
func Output(t *ir.Type, opts Options) ([]byte, error) {
	opts.Output = true
	return Type(t, opts)
}

// Named renders a named type as a root schema. The type's body is the root
// unless the type is recursive or marked RefRoot, in which case the root
// refers to its entry in "$defs".
func Named(n *ir.Named, opts Options) ([]byte, error) {
	g := newGen(opts)
	if err := g.root(g.refTo(n), self(n), 0); err != nil {
		return nil, err
	}
	return append(g.buf, '\n'), nil
}

// NamedMap renders one JSON object mapping each named type's name to its
// root schema, in the order given.
func NamedMap(types []*ir.Named, opts Options) ([]byte, error) {
	return renderMap(nil, typeNames(types), opts, namedEntry(types))
}

// WriteNamedMap writes NamedMap's output to w as it is rendered, without
// holding all of it in memory. When an entry fails to render, or w fails,
// the output stops before that entry (it is then incomplete JSON) and the
// error is returned; the error is NamedMap's when an entry failed.
func WriteNamedMap(w io.Writer, types []*ir.Named, opts Options) error {
	_, err := renderMap(w, typeNames(types), opts, namedEntry(types))
	return err
}

func typeNames(types []*ir.Named) []string {
	names := make([]string, len(types))
	for i, n := range types {
		names[i] = n.Name
	}
	return names
}

func namedEntry(types []*ir.Named) func(g *gen, i int) error {
	return func(g *gen, i int) error { return g.root(g.refTo(types[i]), self(types[i]), 1) }
}

// self is the type whose body a root rendering of n inlines: n, or none
// when n asks for a $ref root.
func self(n *ir.Named) *ir.Named {
	if n.RefRoot {
		return nil
	}
	return n
}

// ToolMap renders one JSON object mapping each tool's name to its input
// schema, in the order given.
func ToolMap(tools []*ir.Tool, opts Options) ([]byte, error) {
	return renderMap(nil, toolNames(tools), opts, toolEntry(tools))
}

// WriteToolMap is to ToolMap what WriteNamedMap is to NamedMap.
func WriteToolMap(w io.Writer, tools []*ir.Tool, opts Options) error {
	_, err := renderMap(w, toolNames(tools), opts, toolEntry(tools))
	return err
}

func toolNames(tools []*ir.Tool) []string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	return names
}

func toolEntry(tools []*ir.Tool) func(g *gen, i int) error {
	return func(g *gen, i int) error {
		if err := g.root(tools[i].Params, nil, 1); err != nil {
			return fmt.Errorf("tool %s: %w", tools[i].Name, err)
		}
		return nil
	}
}

// renderMap renders {names[i]: render(i)} with the entries rendered on
// every core (they share nothing but the read-only IR) and joined in
// order, so the bytes are the same as a sequential render. It returns the
// bytes, or with a writer, writes them to w in pieces of about flushAt.
//
// render gets a generator of its worker's, reset for each entry, so the
// bookkeeping is allocated once per worker rather than per entry, and
// writes the entry's value into the generator's buffer at depth 1.
func renderMap(w io.Writer, names []string, opts Options, render func(g *gen, i int) error) ([]byte, error) {
	if len(names) == 0 {
		const empty = "{}\n"
		if w != nil {
			_, err := io.WriteString(w, empty)
			return nil, err
		}
		return []byte(empty), nil
	}
	j := &joiner{parts: make([]part, len(names)), errs: make([]error, len(names)), lent: -1, w: w}
	if w != nil {
		j.out = make([]byte, 0, flushAt+flushAt/4)
	}
	j.out = append(j.out, '{')
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(names)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := newGen(opts)
			for i := int(next.Add(1) - 1); i < len(names); i = int(next.Add(1) - 1) {
				g.reset()
				j.take(g, i)
				start := len(g.buf)
				if i > 0 {
					g.lit(",")
				}
				g.newline(1)
				g.str(names[i])
				g.lit(": ")
				err := render(g, i)
				if err != nil {
					g.buf = g.buf[:start]
				}
				j.commit(g, i, err)
			}
		}()
	}
	wg.Wait()
	err := errors.Join(j.errs...)
	if err == nil {
		j.out = append(j.out, "\n}\n"...)
	}
	if w == nil {
		if err != nil {
			return nil, err
		}
		return j.out, nil
	}
	if j.werr == nil && !j.failed {
		_, j.werr = w.Write(j.out)
	}
	if err == nil {
		err = j.werr
	}
	return nil, err
}

// joiner puts rendered entries into the output in order. The entry that
// is next in order is rendered straight into the output. One rendered
// ahead of its turn goes to its worker's spill chunks and waits there to
// be copied in once all earlier ones are; a worker's chunks are reused
// once nothing in them is waiting.
//
// On a busy machine a worker thread is regularly descheduled for a few
// milliseconds in the middle of an entry, and the other one runs hundreds
// of entries ahead meanwhile. Packed into reused chunks, such a backlog
// costs its size in fresh memory once per run rather than once per stall,
// and a few allocations rather than several per entry.
type joiner struct {
	mu    sync.Mutex
	parts []part  // entries rendered ahead of their turn
	errs  []error // each entry's error
	next  int     // the entry to put in next
	lent  int     // the entry being rendered into out, or -1
	out   []byte

	// With a writer, out is written to w whenever it reaches flushAt, up
	// to the first failed entry (failed) or write error (werr).
	w      io.Writer
	failed bool
	werr   error
}

// flushAt is the size at which a writer's output is written out.
const flushAt = 64 << 10

type part struct {
	b []byte
	w *gen // the worker whose spill holds b; nil until the entry is rendered
}

// estimateAfter is the number of entries after which the output is grown
// once to its estimated final size, instead of growing (and copying) its
// way there.
const estimateAfter = 64

// spillChunk is the size of a spill chunk; a chunk with less than
// spillMin left is not started on (entries are ~1 KB; one that outgrows
// the rest of a chunk gets a buffer of its own).
const (
	spillChunk = 64 << 10
	spillMin   = 4 << 10
)

// take points g.buf to where entry i is to be rendered: the end of the
// output when i is next in order, else the free end of g's spill.
func (j *joiner) take(g *gen, i int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if i == j.next {
		j.lent = i
		g.buf = j.out
		return
	}
	if g.waiting == 0 && len(g.chunks) > 0 {
		g.cur = 0
		g.chunks[0] = g.chunks[0][:0]
	}
	if len(g.chunks) == 0 || cap(g.chunks[g.cur])-len(g.chunks[g.cur]) < spillMin {
		if len(g.chunks) > 0 {
			g.cur++
		}
		if g.cur == len(g.chunks) {
			g.chunks = append(g.chunks, make([]byte, 0, spillChunk))
		}
		g.chunks[g.cur] = g.chunks[g.cur][:0]
	}
	c := g.chunks[g.cur]
	g.buf = c[len(c):]
}

// commit records entry i, rendered into g.buf by g, and puts in every
// entry that is now next in order.
func (j *joiner) commit(g *gen, i int, err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.errs[i] = err
	if i == j.lent {
		j.out, j.lent = g.buf, -1
		j.advance()
	} else {
		if c := &g.chunks[g.cur]; cap(g.buf) == cap(*c)-len(*c) { // in the chunk, not outgrown
			*c = (*c)[:len(*c)+len(g.buf)]
		}
		j.parts[i] = part{b: g.buf, w: g}
		g.waiting++
	}
	g.buf = nil
	for j.next < len(j.parts) && j.parts[j.next].w != nil {
		p := &j.parts[j.next]
		j.out = append(j.out, p.b...)
		p.w.waiting--
		p.b = nil
		j.advance()
	}
}

// advance moves past the entry just put in.
func (j *joiner) advance() {
	if j.w != nil {
		// A failed entry left nothing in out: what is there comes before it.
		if !j.failed && j.werr == nil && (j.errs[j.next] != nil || len(j.out) >= flushAt) {
			_, j.werr = j.w.Write(j.out)
			j.out = j.out[:0]
		}
		j.failed = j.failed || j.errs[j.next] != nil
		if j.failed || j.werr != nil {
			j.out = j.out[:0]
		}
	}
	j.next++
	if j.w == nil && j.next == estimateAfter && len(j.parts) > 2*estimateAfter {
		est := len(j.out) / j.next * len(j.parts)
		if size := est + est/8; size > cap(j.out) {
			// make, not append or slices.Grow: those clear the new
			// capacity, while memory fresh from the OS needs no clearing
			// and the part the output does not reach is never touched.
			out := make([]byte, len(j.out), size)
			copy(out, j.out)
			j.out = out
		}
	}
}

type gen struct {
	opts Options
	buf  []byte // the rendering (see write.go)

	// The named types reachable from the root in walk order, and their
	// $defs keys. Roots reach a few named types, so they are found by
	// scanning; index and used take over past scanDefs.
	order []*ir.Named
	names []string
	index map[*ir.Named]int
	used  map[string]bool

	keys      []string            // recorded keys of the objects being written
	sorted    []int               // scratch: order's positions sorted by key
	propNames map[string]struct{} // scratch for hasDupNames
	self      ir.Type             // see refTo
	tmp       bytes.Buffer        // scratch for json.Compact and json.Indent

	// renderMap's (guarded by the joiner's lock): chunks holding entries
	// rendered ahead of their turn, the one being filled, and how many
	// entries wait to be joined.
	chunks  [][]byte
	cur     int
	waiting int
}

func newGen(opts Options) *gen { return &gen{opts: opts} }

// scanDefs is the number of named types up to which lookups scan.
const scanDefs = 16

// reuseLimit is the size past which forget drops the maps instead of
// clearing them: clearing costs the map's capacity, which one huge entry
// would otherwise impose on every later one.
const reuseLimit = 256

// reset makes g as new for rendering another root with the same options.
func (g *gen) reset() {
	g.forget()
	g.keys = g.keys[:0]
}

// forget drops the $defs names assigned so far.
func (g *gen) forget() {
	if len(g.order) > reuseLimit {
		g.index, g.used = nil, nil
	} else if len(g.order) > scanDefs {
		clear(g.index)
		clear(g.used)
	}
	g.order, g.names = g.order[:0], g.names[:0]
}

// lookup returns n's position in g.order, or -1.
func (g *gen) lookup(n *ir.Named) int {
	if len(g.order) > scanDefs {
		if i, ok := g.index[n]; ok {
			return i
		}
		return -1
	}
	for i, m := range g.order {
		if m == n {
			return i
		}
	}
	return -1
}

func (g *gen) taken(name string) bool {
	if len(g.order) > scanDefs {
		return g.used[name]
	}
	for _, s := range g.names {
		if s == name {
			return true
		}
	}
	return false
}

// name gives n the next $defs key: its name, with a suffix when another
// type already has it.
func (g *gen) name(n *ir.Named) {
	name := n.Name
	for i := 2; g.taken(name); i++ {
		name = fmt.Sprintf("%s_%d", n.Name, i)
	}
	g.order = append(g.order, n)
	g.names = append(g.names, name)
	switch k := len(g.order); {
	case k == scanDefs+1:
		if g.index == nil {
			g.index, g.used = map[*ir.Named]int{}, map[string]bool{}
		}
		for i, m := range g.order {
			g.index[m] = i
			g.used[g.names[i]] = true
		}
	case k > scanDefs+1:
		g.index[n] = k - 1
		g.used[name] = true
	}
}

// refTo returns a reference to n, valid until the next call: the root of
// n's rendering, without allocating an ir.Type per NamedMap entry.
func (g *gen) refTo(n *ir.Named) *ir.Type {
	g.self.Kind, g.self.Ref, g.self.Pos = ir.KindRef, n, n.Pos
	return &g.self
}

// root writes t's schema at depth with "$schema" first and "$defs" last.
// When self is set and t refers to it, self's body is inlined unless it is
// recursive.
func (g *gen) root(t *ir.Type, self *ir.Named, depth int) error {
	if t == nil {
		return fmt.Errorf("no type to render")
	}
	body := g.collectRoot(t, self)
	o := g.open(depth, false)
	g.kw(&o, "$schema")
	g.str(g.opts.Draft.URI())
	o.root = true
	switch {
	case body == nil:
	case isFalse(body):
		g.kw(&o, "not")
		g.lit("{}")
	default:
		if len(body.Extra) > 0 {
			o.keys = len(g.keys) // the body's keys, not "$schema"
		}
		if err := g.fields(&o, body); err != nil {
			return err
		}
	}
	if len(g.order) > 0 && !o.defsDone {
		g.kw(&o, g.opts.Draft.defsKey())
		if err := g.defs(o.depth + 1); err != nil {
			return err
		}
	}
	g.close(&o)
	return nil
}

// defs writes the "$defs" object: the named types reached, sorted by key.
func (g *gen) defs(depth int) error {
	g.sorted = g.sorted[:0]
	for i := range g.order {
		g.sorted = append(g.sorted, i)
	}
	slices.SortFunc(g.sorted, func(a, b int) int { return strings.Compare(g.names[a], g.names[b]) })
	d := g.open(depth, false)
	for _, i := range g.sorted {
		n := g.order[i]
		g.key(&d, g.names[i])
		if err := g.schema(n.Type, depth+1); err != nil {
			return fmt.Errorf("type %s: %w", n.Name, err)
		}
	}
	g.close(&d)
	return nil
}

// collectRoot names the types reachable from the root and returns the
// node to render as the root: self's body when self is set and not
// recursive, t otherwise. Naming self's body first both answers whether it
// is recursive (self got a name) and, when it is not, is the naming the
// render needs, so the graph is walked once rather than twice.
func (g *gen) collectRoot(t *ir.Type, self *ir.Named) *ir.Type {
	if self != nil {
		if self.Type != nil {
			g.collect(self.Type)
		}
		if g.lookup(self) < 0 {
			return self.Type
		}
		g.forget()
	}
	g.collect(t)
	return t
}

// collect assigns $defs keys to every named type reachable from t (not
// nil), in a deterministic depth-first order; equal names of distinct
// types get a suffix.
//
// It keeps no set of visited nodes (a map operation per node was most of
// its cost). A named type's body is entered only when the type is first
// named, so the walk ends; anonymous nodes shared by several parents
// (rare) are walked once per parent, as the render walks them anyway. A
// node walked again while its first walk is under way (a root body that
// reaches itself through a reference) names types in the order that first
// walk would have gone on to, so the order is that of a walk visiting
// every node once.
func (g *gen) collect(t *ir.Type) {
	if t.Kind == ir.KindRef && t.Ref != nil && g.lookup(t.Ref) < 0 {
		g.name(t.Ref)
		if t.Ref.Type != nil {
			g.collect(t.Ref.Type)
		}
	}
	// Nil checks before the calls: most nodes are leaves.
	if t.Items != nil {
		g.collect(t.Items)
	}
	if t.AdditionalType != nil {
		g.collect(t.AdditionalType)
	}
	if t.ContentSchema != nil {
		g.collect(t.ContentSchema)
	}
	for _, c := range t.PrefixItems {
		if c != nil {
			g.collect(c)
		}
	}
	for _, p := range t.Properties {
		if p.Type != nil {
			g.collect(p.Type)
		}
	}
	for _, c := range t.Variants {
		if c != nil {
			g.collect(c)
		}
	}
	for _, c := range t.AllOf {
		if c != nil {
			g.collect(c)
		}
	}
}

// refURI writes the JSON string "#/$defs/<key>" for n, the key escaped as
// a JSON Pointer token and a URI path segment.
func (g *gen) refURI(n *ir.Named) {
	name := g.names[g.lookup(n)]
	if !plainName(name) {
		name = url.PathEscape(strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1"))
		g.str("#/" + g.opts.Draft.defsKey() + "/" + name)
		return
	}
	g.lit(`"#/`)
	g.lit(g.opts.Draft.defsKey())
	g.lit("/")
	g.lit(name)
	g.lit(`"`)
}

// plainName reports whether name is the same after JSON Pointer, URI path
// and JSON string escaping (letters, digits, '_', '-', '.').
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}
