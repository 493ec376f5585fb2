package runtime

import (
	"bytes"
	"context"
	"encoding/json"
)

// Checked is the outcome of the argument pipeline for one call.
type Checked struct {
	// Arguments is the validated arguments object as JSON: the bytes the
	// model sent when nothing was repaired, defaulted or respelled (an
	// integer sent as 1e3 or 1.0 arrives as 1000 or 1, see
	// exactIntegers), else a canonical re-encoding of Value.
	Arguments json.RawMessage
	// Value is the decoded arguments (map[string]any, json.Number numbers).
	Value any
	// Violations is empty when the call may run.
	Violations []Violation
	// Repairs lists what lenient mode changed.
	Repairs []Repair

	suggestions []string
}

// OK reports whether the call passed.
func (c Checked) OK() bool { return len(c.Violations) == 0 }

// Check runs the argument pipeline for call without running any handler:
// tool lookup, strict decode, (lenient repairs), validation and defaults.
// It returns the tool (nil when the name is unknown, with one violation
// saying so) and the outcome. `tscg validate` replays logged calls through
// exactly this function.
func (r *Registry) Check(call Call) (*Tool, Checked) {
	return r.checkContext(context.Background(), call)
}

// checkContext is Check within ctx: validation stops matching
// backtracking patterns once ctx is done (see Schema.ValidateContext).
func (r *Registry) checkContext(ctx context.Context, call Call) (*Tool, Checked) {
	tool := r.Tool(call.Name)
	if tool == nil {
		msg, sugg := unknownTool(call.Name, r.Names())
		return nil, Checked{Violations: []Violation{{Keyword: "unknown-tool", Message: msg}}, suggestions: sugg}
	}
	return tool, tool.check(ctx, call.Arguments, r.opts)
}

func (t *Tool) check(ctx context.Context, raw json.RawMessage, o options) Checked {
	var c Checked
	data := []byte(raw)
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}") // providers send "" for a tool without parameters
	}
	if t.Decode != nil && !o.lenient {
		v, err := t.Decode(data, o.limits)
		if err != nil {
			c.Violations = ViolationsOf(err)
			return c
		}
		c.Value, c.Arguments = v, data
		return c
	}
	var v any
	var err error
	if o.lenient {
		v, data, c.Repairs, err = relax(data, o.limits)
	} else {
		v, err = Decode(data, o.limits)
	}
	if err != nil {
		c.Violations = ViolationsOf(err)
		return c
	}
	in, err := t.input.acquire(ctx)
	if err != nil {
		c.Violations = ViolationsOf(err)
		return c
	}
	defer t.input.release(in)
	err = in.validate(v)
	if err != nil && o.lenient {
		if reps := in.coerce(v); len(reps) > 0 {
			c.Repairs = append(c.Repairs, reps...)
			err = in.validate(v)
		}
	}
	c.Value = v
	if err != nil {
		c.Violations = ViolationsOf(err)
		return c
	}
	changed := len(c.Repairs) > 0
	if in.applyDefaults(v) {
		changed = true
	}
	if nv, ints := in.exactIntegers(v); ints {
		c.Value, v, changed = nv, nv, true
	}
	if err := in.patterns.failure(v); err != nil {
		// exactIntegers decides anyOf and if by validating: one that
		// stopped there decided nothing.
		c.Violations = ViolationsOf(err)
		return c
	}
	if changed {
		data = encodeCanonical(v)
	}
	c.Arguments = data
	return c
}

// encodeCanonical encodes a decoded value with sorted keys and numbers as
// sent; HTML characters stay as they are.
func encodeCanonical(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil // unreachable: decoded values always encode
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}
