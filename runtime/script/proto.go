package script

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/tscg/tscg/runtime"
)

// message is one line of the script worker protocol, in either direction.
// Every message but "ready" carries the id of the run it belongs to, and a
// call's reply the seq of its call; either side treats a message for
// another run as a broken worker.
//
//	host → worker  run        {id, source, limits, parallel, tools, declared, formalize}
//	worker → host  call       {id, seq, name, args}        host → worker  result      {id, seq, result}
//	worker → host  formalize  {id, seq, text, type}        host → worker  formalized  {id, seq, reply}
//	worker → host  done       {id, outcome, error}
type message struct {
	Op  string `json:"op"`
	ID  int64  `json:"id,omitempty"`
	Seq int    `json:"seq,omitempty"`

	Source    string   `json:"source,omitempty"`
	Limits    *Limits  `json:"limits,omitempty"`
	Parallel  int      `json:"parallel,omitempty"`
	Tools     bool     `json:"tools,omitempty"`
	Declared  []string `json:"declared,omitempty"`
	Formalize bool     `json:"formalize,omitempty"`

	Name   string          `json:"name,omitempty"`
	Args   json.RawMessage `json:"args,omitempty"`
	Result *wireResult     `json:"result,omitempty"`

	Text  string          `json:"text,omitempty"`
	Type  string          `json:"type,omitempty"`
	Reply *formalizeReply `json:"reply,omitempty"`

	Outcome *Outcome `json:"outcome,omitempty"`
	Error   *Error   `json:"error,omitempty"`
}

// wireResult is the part of a runtime.Result a script sees: the text, the
// error flag and the violations (Meta "errors"), and of a sub-script its
// log and totals (Meta "outcome"), which its caller adopts.
type wireResult struct {
	Content string          `json:"content"`
	IsError bool            `json:"is_error,omitempty"`
	Text    bool            `json:"text,omitempty"`
	Errors  json.RawMessage `json:"errors,omitempty"`
	Sub     *Outcome        `json:"sub,omitempty"`
	// End ends the run with this error: the budget it shares with other
	// levels of scripts is spent (Meta metaEnd).
	End *Error `json:"end,omitempty"`
}

func toWire(res runtime.Result) *wireResult {
	w := &wireResult{Content: res.Content, IsError: res.IsError, Text: res.Text}
	if vs, ok := res.Meta["errors"]; ok {
		if b, err := json.Marshal(vs); err == nil {
			w.Errors = b
		}
	}
	if o, ok := res.Meta["outcome"].(Outcome); ok {
		w.Sub = &Outcome{Log: o.Log, LogTruncated: o.LogTruncated, Totals: o.Totals}
	}
	if e, ok := res.Meta[metaEnd].(*Error); ok {
		w.End = e
	}
	return w
}

func (w *wireResult) result() runtime.Result {
	if w == nil {
		return runtime.Result{IsError: true, Content: "internal error: the host sent no result"}
	}
	res := runtime.Result{Content: w.Content, IsError: w.IsError, Text: w.Text, Meta: map[string]any{}}
	if len(w.Errors) > 0 {
		res.Meta["errors"] = w.Errors
	}
	if w.Sub != nil {
		res.Meta["outcome"] = *w.Sub
	}
	if w.End != nil {
		res.Meta[metaEnd] = w.End
	}
	return res
}

// maxMessage bounds one protocol line; a longer one is a broken peer.
const maxMessage = 64 << 20

var errTooLong = errors.New("protocol line too long")

// readMessage reads one line and decodes it.
func readMessage(r *bufio.Reader) (message, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxMessage {
			return message{}, errTooLong
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err == io.EOF && len(line) > 0 {
				return message{}, io.ErrUnexpectedEOF
			}
			return message{}, err
		}
		break
	}
	var m message
	if err := json.Unmarshal(line, &m); err != nil {
		return message{}, fmt.Errorf("malformed protocol line: %w", err)
	}
	return m, nil
}
