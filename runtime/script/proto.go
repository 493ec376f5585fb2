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
// error flag and the violations (Meta "errors").
type wireResult struct {
	Content string          `json:"content"`
	IsError bool            `json:"is_error,omitempty"`
	Text    bool            `json:"text,omitempty"`
	Errors  json.RawMessage `json:"errors,omitempty"`
}

func toWire(res runtime.Result) *wireResult {
	w := &wireResult{Content: res.Content, IsError: res.IsError, Text: res.Text}
	if vs, ok := res.Meta["errors"]; ok {
		if b, err := json.Marshal(vs); err == nil {
			w.Errors = b
		}
	}
	return w
}

func (w *wireResult) result() runtime.Result {
	if w == nil {
		return runtime.Result{IsError: true, Content: "internal error: the host sent no result"}
	}
	res := runtime.Result{Content: w.Content, IsError: w.IsError, Text: w.Text}
	if len(w.Errors) > 0 {
		res.Meta = map[string]any{"errors": w.Errors}
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
