package typescript

// The command-line flags of a server, read the way yargs parses them when
// the server is started without any: the result of the parse holds each
// option's `default` (options without one are absent). A server's tool
// list often depends on flags (categories switched on or off, a slim
// mode); tscg builds the list the server publishes when run as is.

// processArgv is process.argv of a run without arguments.
func (e *evaluator) processArgv(off int) *value {
	if e.r.once(e.f, off) {
		// Like an environment variable read as unset: what the server
		// lists may depend on its arguments, and tscg says which run it reads.
		e.warnf(off, "process.argv is known only when the server runs; tscg reads it as [\"node\", \"<script>\"], a run without arguments")
	}
	arr := e.r.val(value{kind: vArray, off: off, f: e.f})
	for _, s := range []string{"node", "<script>"} {
		arr.elems = append(arr.elems, e.r.val(value{kind: vString, off: off, f: e.f, text: s}))
	}
	return arr
}

// yargsMethod is a method of a yargs builder (recv): `.options(table)`
// and `.option(name, spec)` add options, `.parseSync()` and `.parse()`
// give the parsed flags, any other method returns the builder.
func (e *evaluator) yargsMethod(recv *value, name string, args []*value, off int) *value {
	b := *recv
	switch name {
	case "options", "option":
		if len(args) == 1 && args[0].kind == vObject {
			b.props = append(append([]vprop(nil), recv.props...), args[0].props...)
			if args[0].unknown != nil {
				b.unknown = args[0].unknown
			}
		} else if len(args) >= 2 && args[0].kind == vString && args[1].kind == vObject {
			b.props = append(append([]vprop(nil), recv.props...), vprop{key: args[0].text, off: args[0].off, v: args[1]})
		} else if len(args) > 0 {
			b.unknown = e.opaque(off, ".option() with a table tscg cannot read")
		}
		return &b
	case "parseSync", "parse":
		return e.yargsDefaults(recv, off)
	}
	return &b
}

// yargsDefaults is the flags object of a run without arguments.
func (e *evaluator) yargsDefaults(b *value, off int) *value {
	if b.unknown != nil {
		return e.opaqueAt(b.unknown, "the flags of "+describeValue(b.unknown))
	}
	out := e.r.val(value{kind: vObject, off: off, f: e.f})
	seen := map[string]int{}
	for _, p := range b.props {
		if p.v.kind != vObject {
			return e.opaque(p.off, "option "+p.key+" whose specification tscg cannot read")
		}
		d := p.v.prop("default")
		if d == nil {
			continue
		}
		if i, ok := seen[p.key]; ok {
			out.props[i].v = d
			continue
		}
		seen[p.key] = len(out.props)
		out.props = append(out.props, vprop{key: p.key, off: p.off, v: d})
	}
	return out
}
