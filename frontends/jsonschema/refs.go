package jsonschema

import (
	"bytes"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// resolveRef turns a local "$ref" (a JSON pointer into the same document:
// "#", "#/$defs/X", "#/definitions/X", "#/properties/a/items" …) into a
// Ref to a named type. Other references (remote documents, anchors)
// return nil and stay verbatim in Extra.
func (c *converter) resolveRef(v *node) *ir.Type {
	target, name, pointer, ok := c.lookupPointer(v.str)
	if !ok {
		c.warnf(v.pos(), "$ref %q is not a JSON pointer into this document; kept verbatim, unchecked", v.str)
		return nil
	}
	if target == nil {
		c.warnf(v.pos(), "$ref %q points at nothing in this document; kept verbatim", v.str)
		return nil
	}
	return &ir.Type{Kind: ir.KindRef, Ref: c.namedFor(target, name, pointer), Pos: v.pos()}
}

// lookupPointer walks a "#/…" reference from the root. It returns the
// target (nil when missing), the name its named type gets and the
// decoded pointer; ok is false for references that are not local pointers.
func (c *converter) lookupPointer(ref string) (target *node, name, pointer string, ok bool) {
	if !strings.HasPrefix(ref, "#") {
		return nil, "", "", false
	}
	frag, err := url.PathUnescape(ref[1:])
	if err != nil || (frag != "" && !strings.HasPrefix(frag, "/")) {
		return nil, "", "", false
	}
	if frag == "" {
		return c.root, c.rootName, "", true
	}
	segs := strings.Split(frag[1:], "/")
	n := c.root
	for _, seg := range segs {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		n = child(n, seg)
		if n == nil {
			return nil, "", frag, true
		}
	}
	name = strings.Join(segs, ".")
	if len(segs) == 2 && (segs[0] == "$defs" || segs[0] == "definitions") {
		name = strings.ReplaceAll(strings.ReplaceAll(segs[1], "~1", "/"), "~0", "~")
	}
	return n, name, frag, true
}

// child steps into an object member or an array element.
func child(n *node, seg string) *node {
	switch n.kind {
	case nObject:
		return n.get(seg)
	case nArray:
		i, err := strconv.Atoi(seg)
		if err != nil || i < 0 || i >= len(n.elems) {
			return nil
		}
		return n.elems[i]
	}
	return nil
}

// namedFor returns the named type for a schema node, converting it the
// first time. Named types are shared across documents when the same
// definition appears in the same context (the registry's key).
func (c *converter) namedFor(target *node, name, pointer string) *ir.Named {
	if n := c.named[target]; n != nil {
		return n
	}
	if name == "" {
		name = "Def"
	}
	n, fresh := c.reg.claim(strings.Clone(name), c.identity(target, pointer), target.pos(), c.exported)
	c.named[target] = n
	if fresh {
		n.Type = c.convert(target)
	}
	return n
}

// identity is a definition's sharing key: its text plus the text of what
// its own references resolve against.
func (c *converter) identity(target *node, pointer string) string {
	var b bytes.Buffer
	target.canon(&b)
	b.WriteByte(0)
	if segs := strings.Split(pointer, "/"); len(segs) == 3 && (segs[1] == "$defs" || segs[1] == "definitions") {
		c.root.get(segs[1]).canon(&b) // same definitions block, same meaning
		return b.String()
	}
	b.WriteString(c.rootCanon())
	b.WriteString("\x00" + pointer)
	return b.String()
}

// rootCanon is the root's canonical text, computed once per converter.
func (c *converter) rootCanon() string {
	if c.rootText == "" {
		var b bytes.Buffer
		c.root.canon(&b)
		c.rootText = b.String()
	}
	return c.rootText
}

// registry hands out unique named-type names for one load.
type registry struct {
	byName map[string]regEntry
	types  []*ir.Named
}

type regEntry struct {
	key   string
	named *ir.Named
}

func newRegistry() *registry { return &registry{byName: map[string]regEntry{}} }

// claim returns the named type registered under name for key, or a new
// one (fresh) under name or name_2, name_3 … when name is taken by a
// different definition.
func (r *registry) claim(name, key string, pos ir.Pos, exported bool) (*ir.Named, bool) {
	for i := 1; ; i++ {
		cand := name
		if i > 1 {
			cand = fmt.Sprintf("%s_%d", name, i)
		}
		e, taken := r.byName[cand]
		if !taken {
			n := &ir.Named{Name: cand, Pos: pos, Exported: exported}
			r.byName[cand] = regEntry{key: key, named: n}
			r.types = append(r.types, n)
			return n, true
		}
		if e.key == key {
			return e.named, false
		}
	}
}

// escapePointer escapes a JSON pointer segment.
func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// nonNegInt reads a JSON number that is a non-negative integer, written
// as "3", "3.0" or "3e0".
func nonNegInt(n *node) (int64, bool) {
	if n.kind != nNumber {
		return 0, false
	}
	if i, err := strconv.ParseInt(n.str, 10, 64); err == nil {
		return i, i >= 0
	}
	f, err := strconv.ParseFloat(n.str, 64)
	if err != nil || f < 0 || f != math.Trunc(f) || f > math.MaxInt64/2 {
		return 0, false
	}
	return int64(f), true
}
