package jsonval

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/tscg/tscg/internal/jsondec"
)

// Compiler turns schema documents into *Schema. Set its fields before the
// first Compile; a Compiler is not safe for concurrent use, the schemas it
// returns are.
type Compiler struct {
	// DefaultDraft is the dialect of a document without "$schema"
	// (Draft2020 when zero).
	DefaultDraft Draft
	// AssertFormat makes "format" an assertion for the formats this
	// package knows (see formats); otherwise it is only an annotation.
	AssertFormat bool
	// Regexp compiles "pattern" and "patternProperties" (Go's regexp,
	// RE2, when nil).
	Regexp func(pattern string) (Regexp, error)
	// Load returns the document at a URL no added resource has. When
	// nil, such a reference is a compile error: nothing is fetched.
	Load func(url string) (any, error)

	docs     map[string]bool    // document URLs scanned
	ids      map[string]*node   // resource URIs → their root
	anchors  map[string]*node   // resource URI#name → node
	nodes    map[uintptr]*node  // identity of a schema object → node
	compiled map[string]*Schema // location → schema
	dynamic  []*node            // nodes with $dynamicAnchor, compiled with everything
}

// node is a schema in a document, with what compiling it needs.
type node struct {
	val   any
	base  *url.URL // the base URI in effect inside it
	ptr   string   // JSON pointer from its resource's root
	draft Draft
	vocab vocab
	res   *resource
}

func (n *node) loc() string { return n.res.uri + "#" + n.ptr }

// NewCompiler returns a compiler with the defaults.
func NewCompiler() *Compiler { return &Compiler{} }

// Compile compiles one schema document (JSON text) with the defaults.
func Compile(doc []byte) (*Schema, error) {
	v, err := Unmarshal(doc)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	c := NewCompiler()
	if err := c.AddResource("urn:jsonval:schema", v); err != nil {
		return nil, err
	}
	return c.Compile("urn:jsonval:schema")
}

func (c *Compiler) init() {
	if c.docs == nil {
		c.docs, c.ids, c.anchors = map[string]bool{}, map[string]*node{}, map[string]*node{}
		c.nodes, c.compiled = map[uintptr]*node{}, map[string]*Schema{}
	}
	if c.DefaultDraft == 0 {
		c.DefaultDraft = Draft2020
	}
}

// AddResource makes doc (a decoded document, see Unmarshal) the document
// at rawURL, for Compile and for references to it.
func (c *Compiler) AddResource(rawURL string, doc any) error {
	c.init()
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("resource %s: %w", rawURL, err)
	}
	u.Fragment, u.RawFragment = "", ""
	if c.docs[u.String()] {
		return fmt.Errorf("resource %s added twice", rawURL)
	}
	return c.addDoc(u, doc)
}

func (c *Compiler) addDoc(u *url.URL, doc any) error {
	c.docs[u.String()] = true
	res := &resource{uri: u.String()}
	draft, voc, err := c.dialect(doc, c.DefaultDraft, 0)
	if err != nil {
		return fmt.Errorf("resource %s: %w", u, err)
	}
	n := &node{val: doc, base: u, draft: draft, vocab: voc, res: res}
	c.ids[res.uri] = n
	return c.scan(n)
}

// Compile compiles the schema at rawURL: an added resource, or (with
// Load) a document it returns, optionally with a fragment.
func (c *Compiler) Compile(rawURL string) (*Schema, error) {
	c.init()
	root := &node{base: &url.URL{}, res: &resource{}}
	n, err := c.resolve(root, rawURL)
	if err != nil {
		return nil, err
	}
	s, err := c.compile(n)
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(c.dynamic); i++ { // compiling may scan more
		d := c.dynamic[i]
		ds, err := c.compile(d)
		if err != nil {
			return nil, err
		}
		if d.res.dynamicAnchors == nil {
			d.res.dynamicAnchors = map[string]*Schema{}
		}
		d.res.dynamicAnchors[d.val.(map[string]any)["$dynamicAnchor"].(string)] = ds
	}
	return s, nil
}

func identity(m map[string]any) uintptr { return reflect.ValueOf(m).Pointer() }

// dialect reads "$schema": a known draft, or a meta-schema (loaded) whose
// "$vocabulary" says which keywords count.
func (c *Compiler) dialect(doc any, def Draft, depth int) (Draft, vocab, error) {
	m, _ := doc.(map[string]any)
	s, ok := m["$schema"].(string)
	if !ok {
		return def, 0, nil
	}
	if d, ok := draftOf(strings.TrimSuffix(s, "#")); ok {
		return d, 0, nil
	}
	if depth > 4 || c.Load == nil {
		return 0, 0, fmt.Errorf("unknown $schema %q", s)
	}
	meta, err := c.Load(strings.TrimSuffix(s, "#"))
	if err != nil {
		return 0, 0, fmt.Errorf("$schema %q: %w", s, err)
	}
	d, _, err := c.dialect(meta, def, depth+1)
	return d, vocabOf(meta), err
}

// scan registers the identifiers and anchors under n and every subschema
// it holds, by keyword, so references can find them.
func (c *Compiler) scan(n *node) error {
	m, ok := n.val.(map[string]any)
	if !ok {
		return nil
	}
	if err := c.identify(n, m); err != nil {
		return err
	}
	c.nodes[identity(m)] = n
	return forSubschemas(m, n.draft, func(v any, toks ...string) error {
		child := &node{val: v, base: n.base, ptr: n.ptr + pointerOf(toks), draft: n.draft, vocab: n.vocab, res: n.res}
		if _, seen := c.nodes[mapID(v)]; seen {
			return nil
		}
		return c.scan(child)
	})
}

func mapID(v any) uintptr {
	if m, ok := v.(map[string]any); ok {
		return identity(m)
	}
	return 0
}

func pointerOf(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(jsondec.EscapePointer(t))
	}
	return b.String()
}

// identify applies n's "$schema", "$id" and anchors to n.
func (c *Compiler) identify(n *node, m map[string]any) error {
	if n.ptr != "" && n.draft != Draft7 {
		if _, ok := m["$schema"]; ok {
			d, voc, err := c.dialect(m, n.draft, 0)
			if err != nil {
				return err
			}
			n.draft, n.vocab = d, voc
		}
	}
	_, hasRef := m["$ref"]
	if id, ok := m["$id"].(string); ok && !(n.draft == Draft7 && hasRef) {
		if err := c.identifyID(n, id); err != nil {
			return err
		}
	}
	if n.draft == Draft7 {
		return nil
	}
	if a, ok := m["$anchor"].(string); ok {
		c.anchors[n.res.uri+"#"+a] = n
	}
	if a, ok := m["$dynamicAnchor"].(string); ok && n.draft == Draft2020 {
		c.anchors[n.res.uri+"#"+a] = n
		c.dynamic = append(c.dynamic, n)
	}
	return nil
}

func (c *Compiler) identifyID(n *node, id string) error {
	ref, err := url.Parse(id)
	if err != nil {
		return fmt.Errorf("%s: $id %q: %w", n.loc(), id, err)
	}
	if n.draft == Draft7 && strings.HasPrefix(id, "#") {
		c.anchors[n.res.uri+id] = n
		return nil
	}
	u := n.base.ResolveReference(ref)
	u.Fragment, u.RawFragment = "", ""
	n.base, n.ptr, n.res = u, "", &resource{uri: u.String()}
	if _, ok := c.ids[n.res.uri]; !ok {
		c.ids[n.res.uri] = n
	}
	return nil
}

// forSubschemas calls f with every subschema m holds under the keywords
// of draft, and the tokens that lead to it.
func forSubschemas(m map[string]any, draft Draft, f func(v any, toks ...string) error) error {
	var errs []error
	one := func(k string) {
		if v, ok := m[k]; ok {
			errs = append(errs, f(v, k))
		}
	}
	each := func(k string) {
		if arr, ok := m[k].([]any); ok {
			for i, v := range arr {
				errs = append(errs, f(v, k, strconv.Itoa(i)))
			}
		}
	}
	members := func(k string) {
		if obj, ok := m[k].(map[string]any); ok {
			for name, v := range obj {
				if k != "dependencies" || !isArray(v) {
					errs = append(errs, f(v, k, name))
				}
			}
		}
	}
	for _, k := range []string{"not", "if", "then", "else", "additionalProperties", "contains", "propertyNames", "additionalItems"} {
		one(k)
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		each(k)
	}
	for _, k := range []string{"properties", "patternProperties"} {
		members(k)
	}
	if isArray(m["items"]) {
		each("items")
	} else {
		one("items")
	}
	if draft == Draft7 {
		members("definitions")
		members("dependencies")
	} else {
		for _, k := range []string{"unevaluatedProperties", "unevaluatedItems", "contentSchema"} {
			one(k)
		}
		members("$defs")
		members("dependentSchemas")
		members("dependencies")
		each("prefixItems")
	}
	return errors.Join(errs...)
}

func isArray(v any) bool {
	_, ok := v.([]any)
	return ok
}

// resolve finds the schema ref names, relative to from's base URI.
func (c *Compiler) resolve(from *node, ref string) (*node, error) {
	r, err := url.Parse(ref)
	if err != nil {
		return nil, fmt.Errorf("%s: reference %q: %w", from.loc(), ref, err)
	}
	u := from.base.ResolveReference(r)
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	doc := u.String()
	root, ok := c.ids[doc]
	if !ok {
		if root, err = c.load(u); err != nil {
			return nil, fmt.Errorf("%s: reference %q: %w", from.loc(), ref, err)
		}
	}
	switch {
	case frag == "":
		return root, nil
	case strings.HasPrefix(frag, "/"):
		return c.walk(root, frag)
	}
	if n, ok := c.anchors[doc+"#"+frag]; ok {
		return n, nil
	}
	return nil, fmt.Errorf("%s: reference %q: no anchor %q in %s", from.loc(), ref, frag, doc)
}

func (c *Compiler) load(u *url.URL) (*node, error) {
	if c.Load == nil {
		return nil, fmt.Errorf("%s is not loaded: remote references are not fetched; inline it under $defs", u)
	}
	doc, err := c.Load(u.String())
	if err != nil {
		return nil, err
	}
	if !c.docs[u.String()] {
		if err := c.addDoc(u, doc); err != nil {
			return nil, err
		}
	}
	root, ok := c.ids[u.String()]
	if !ok {
		return nil, fmt.Errorf("%s: no such resource", u)
	}
	return root, nil
}

// walk follows a JSON pointer from a resource's root. A schema found
// there keeps the identity scanning gave it; one in no keyword scan knows
// is scanned now, in the resource it was reached through.
func (c *Compiler) walk(root *node, ptr string) (*node, error) {
	cur := root
	v := root.val
	toks := strings.Split(ptr[1:], "/")
	for i, tok := range toks {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[tok]
			if !ok {
				return nil, fmt.Errorf("%s#%s: no such location", root.res.uri, ptr)
			}
			v = next
		case []any:
			j, err := strconv.Atoi(tok)
			if err != nil || j < 0 || j >= len(x) {
				return nil, fmt.Errorf("%s#%s: no such location", root.res.uri, ptr)
			}
			v = x[j]
		default:
			return nil, fmt.Errorf("%s#%s: no such location", root.res.uri, ptr)
		}
		if n, ok := c.nodes[mapID(v)]; ok {
			cur = n
		} else if i == len(toks)-1 {
			return c.adopt(cur, v, root, toks)
		}
	}
	return cur, nil
}

// adopt makes a node of a value a pointer reached outside the known
// subschemas.
func (c *Compiler) adopt(parent *node, v any, root *node, toks []string) (*node, error) {
	n := &node{val: v, base: parent.base, ptr: root.ptr + "/" + strings.Join(toks, "/"), draft: parent.draft, vocab: parent.vocab, res: root.res}
	if _, ok := v.(map[string]any); !ok {
		if _, ok := v.(bool); !ok {
			return nil, fmt.Errorf("%s is not a schema", n.loc())
		}
		return n, nil
	}
	return n, c.scan(n)
}
