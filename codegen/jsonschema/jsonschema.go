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
	"net/url"
	"runtime"
	"sort"
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
}

// Type renders t as a root schema, with "$schema" and the named types it
// references under "$defs".
func Type(t *ir.Type, opts Options) ([]byte, error) {
	g := newGen(opts)
	root, err := g.root(t, nil)
	if err != nil {
		return nil, err
	}
	return pretty(root), nil
}

// Named renders a named type as a root schema. The type's body is the root
// unless the type is recursive, in which case the root refers to its entry
// in "$defs".
func Named(n *ir.Named, opts Options) ([]byte, error) {
	g := newGen(opts)
	root, err := g.root(&ir.Type{Kind: ir.KindRef, Ref: n, Pos: n.Pos}, n)
	if err != nil {
		return nil, err
	}
	return pretty(root), nil
}

// NamedMap renders one JSON object mapping each named type's name to its
// root schema, in the order given.
func NamedMap(types []*ir.Named, opts Options) ([]byte, error) {
	names := make([]string, len(types))
	for i, n := range types {
		names[i] = n.Name
	}
	return renderMap(names, opts, func(g *gen, i int) (*object, error) {
		n := types[i]
		return g.root(&ir.Type{Kind: ir.KindRef, Ref: n, Pos: n.Pos}, n)
	})
}

// ToolMap renders one JSON object mapping each tool's name to its input
// schema, in the order given.
func ToolMap(tools []*ir.Tool, opts Options) ([]byte, error) {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	return renderMap(names, opts, func(g *gen, i int) (*object, error) {
		root, err := g.root(tools[i].Params, nil)
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", tools[i].Name, err)
		}
		return root, nil
	})
}

// renderMap renders {names[i]: build(i)} with the entries built and
// encoded on every core (they share nothing but the read-only IR), then
// joined in order, so the bytes are the same as a sequential render.
//
// build gets a generator of its worker's, reset for each entry, so the
// bookkeeping maps are allocated once per worker rather than per entry.
func renderMap(names []string, opts Options, build func(g *gen, i int) (*object, error)) ([]byte, error) {
	if len(names) == 0 {
		return []byte("{}\n"), nil
	}
	errs := make([]error, len(names))
	j := &joiner{names: names, parts: make([]*bytes.Buffer, len(names))}
	j.out.WriteByte('{')
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(names)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := newGen(opts)
			for i := int(next.Add(1) - 1); i < len(names); i = int(next.Add(1) - 1) {
				g.reset()
				buf := j.buffer()
				if root, err := build(g, i); err != nil {
					errs[i] = err
				} else {
					encode(buf, root, 1)
				}
				j.commit(i, buf)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	j.out.WriteString("\n}\n")
	return j.out.Bytes(), nil
}

// joiner appends rendered entries to the output in order as soon as all
// earlier ones are in. An entry finished early waits in its buffer; the
// buffers are reused, so the output is the only large allocation (copying
// every entry out at its size and joining the copies afterwards touched
// twice the output's memory, and fresh memory costs page faults).
type joiner struct {
	mu    sync.Mutex
	names []string
	parts []*bytes.Buffer // finished entries waiting for an earlier one
	next  int             // the entry to append next
	free  []*bytes.Buffer
	out   bytes.Buffer
}

// estimateAfter is the number of entries after which the output is grown
// once to its estimated final size, instead of doubling (and copying) its
// way there.
const estimateAfter = 64

// buffer returns an empty buffer to encode one entry into.
func (j *joiner) buffer() *bytes.Buffer {
	j.mu.Lock()
	defer j.mu.Unlock()
	if n := len(j.free); n > 0 {
		b := j.free[n-1]
		j.free = j.free[:n-1]
		b.Reset()
		return b
	}
	return new(bytes.Buffer)
}

// commit records entry i's encoding and appends every entry that is now
// next in order.
func (j *joiner) commit(i int, b *bytes.Buffer) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.parts[i] = b
	for j.next < len(j.parts) && j.parts[j.next] != nil {
		p := j.parts[j.next]
		j.parts[j.next] = nil
		j.append(j.next, p.Bytes())
		j.free = append(j.free, p)
		j.next++
	}
}

func (j *joiner) append(i int, part []byte) {
	if i == estimateAfter && len(j.names) > 2*estimateAfter {
		est := j.out.Len() / i * len(j.names)
		if more := est + est/8 - j.out.Len(); more > 0 {
			j.out.Grow(more)
		}
	}
	if i > 0 {
		j.out.WriteByte(',')
	}
	newline(&j.out, 1)
	encodeString(&j.out, j.names[i])
	j.out.WriteString(": ")
	j.out.Write(part)
}

type gen struct {
	opts  Options
	names map[*ir.Named]string // named type → unique $defs key
	order []*ir.Named
	used  map[string]bool
	seen  map[*ir.Type]bool // scratch set for walk
	objs  objArena          // schema nodes of the root being rendered
}

func newGen(opts Options) *gen {
	return &gen{opts: opts, names: map[*ir.Named]string{}, used: map[string]bool{}, seen: map[*ir.Type]bool{}}
}

// reuseLimit is the size past which reset drops a map instead of clearing
// it: clearing costs the map's capacity, which one huge entry would
// otherwise impose on every later small one.
const reuseLimit = 256

// reset makes g as new for rendering another root with the same options.
func (g *gen) reset() {
	g.forget()
	g.objs.reset()
}

// forget drops the $defs names assigned so far.
func (g *gen) forget() {
	if len(g.names) > reuseLimit || len(g.used) > reuseLimit {
		g.names, g.used = map[*ir.Named]string{}, map[string]bool{}
	} else {
		clear(g.names)
		clear(g.used)
	}
	g.order = g.order[:0]
}

// seenSet returns an empty scratch set for one walk.
func (g *gen) seenSet() map[*ir.Type]bool {
	if len(g.seen) > reuseLimit {
		g.seen = map[*ir.Type]bool{}
	} else {
		clear(g.seen)
	}
	return g.seen
}

// root renders t with "$schema" first and "$defs" last. When self is set
// and t refers to it, self's body is inlined unless it is recursive.
func (g *gen) root(t *ir.Type, self *ir.Named) (*object, error) {
	if t == nil {
		return nil, fmt.Errorf("no type to render")
	}
	body := g.collectRoot(t, self)
	out := g.obj()
	out.set("$schema", g.opts.Draft.URI())
	s, err := g.schema(body)
	if err != nil {
		return nil, err
	}
	if so, ok := s.(*object); ok {
		for _, f := range so.fields {
			out.add(f.key, f.val)
		}
	} else if s == false {
		out.set("not", g.obj())
	}
	if len(g.order) > 0 {
		defs := g.obj()
		sorted := append([]*ir.Named(nil), g.order...)
		sort.SliceStable(sorted, func(i, j int) bool { return g.names[sorted[i]] < g.names[sorted[j]] })
		for _, n := range sorted {
			ds, err := g.schema(n.Type)
			if err != nil {
				return nil, fmt.Errorf("type %s: %w", n.Name, err)
			}
			defs.add(g.names[n], ds)
		}
		out.set(g.opts.Draft.defsKey(), defs)
	}
	return out, nil
}

// collectRoot names the types reachable from the root and returns the
// node to render as the root: self's body when self is set and not
// recursive, t otherwise. Naming self's body first both answers whether it
// is recursive (self got a name) and, when it is not, is the naming the
// render needs, so the graph is walked once rather than twice.
func (g *gen) collectRoot(t *ir.Type, self *ir.Named) *ir.Type {
	if self != nil {
		g.collect(self.Type)
		if _, recursive := g.names[self]; !recursive {
			return self.Type
		}
		g.forget()
	}
	g.collect(t)
	return t
}

// collect assigns $defs names to every named type reachable from t, in a
// deterministic walk order; equal names of distinct types get a suffix.
func (g *gen) collect(t *ir.Type) {
	walk(t, g.seenSet(), func(n *ir.Named) bool {
		if _, ok := g.names[n]; ok {
			return false
		}
		name := n.Name
		for i := 2; g.used[name]; i++ {
			name = fmt.Sprintf("%s_%d", n.Name, i)
		}
		g.used[name] = true
		g.names[n] = name
		g.order = append(g.order, n)
		return true
	})
}

// walk visits every node under t once, calling ref for each named type
// reached; ref returns whether to descend into the named type's body.
func walk(t *ir.Type, seen map[*ir.Type]bool, ref func(*ir.Named) bool) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	if t.Kind == ir.KindRef && t.Ref != nil && ref(t.Ref) {
		walk(t.Ref.Type, seen, ref)
	}
	walk(t.Items, seen, ref)
	walk(t.AdditionalType, seen, ref)
	for _, c := range t.PrefixItems {
		walk(c, seen, ref)
	}
	for _, p := range t.Properties {
		walk(p.Type, seen, ref)
	}
	for _, c := range t.Variants {
		walk(c, seen, ref)
	}
	for _, c := range t.AllOf {
		walk(c, seen, ref)
	}
}

func (g *gen) refURI(n *ir.Named) string {
	name := g.names[n]
	name = strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
	return "#/" + g.opts.Draft.defsKey() + "/" + url.PathEscape(name)
}
