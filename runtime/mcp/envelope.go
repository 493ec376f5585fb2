package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/internal/jsondec"
)

// MaxExactID is the largest magnitude of a numeric JSON-RPC id the server
// accepts: 2^53-1. The go-sdk decodes a numeric id through float64
// (jsonrpc2.MakeID), so a larger integer would be answered under another
// number (9007199254740993 under …992); below it every integer survives
// the round trip exactly. JSON-RPC allows any number and MCP any integer;
// this is the one deliberate narrowing (docs/security.md).
const MaxExactID = 1<<53 - 1

// checkEnvelope reads one JSON-RPC message (or a batch) before the go-sdk
// does. It returns nil when the message may go on, else the error response
// to send instead: a duplicate key anywhere ("name":"echo","name":"busy"),
// or an id that is neither a string nor an exact integer within
// ±MaxExactID ("id": 1.5 ran the tool and answered under 1). The answer
// carries the id's exact text when it is a number, else null. Messages
// that are not JSON at all go on: the go-sdk answers them as it does.
func checkEnvelope(body []byte) []byte {
	// runtime.Decode's verdict, without building the values it would throw away.
	if de := jsondec.Check(body, len(body)+1, 512); de != nil && de.Keyword == "duplicate-key" {
		return invalidRequest("null", de.Error())
	}
	// The id is read raw, as written, whatever else the decoder refused
	// (a number out of range in the params): the go-sdk reads it anyway.
	var batch []json.RawMessage
	if t := bytes.TrimSpace(body); len(t) == 0 || t[0] != '[' || json.Unmarshal(body, &batch) != nil {
		batch = []json.RawMessage{body} // not a batch: decoding one would only build an error
	}
	for _, m := range batch {
		id, ok := envelopeID(m)
		if !ok {
			continue
		}
		if why := badID(id); why != "" {
			echo := "null"
			if t := bytes.TrimSpace(id); len(t) > 0 && (t[0] == '-' || t[0] >= '0' && t[0] <= '9') {
				echo = string(t)
			}
			return invalidRequest(echo, why)
		}
	}
	return nil
}

// envelopeID is the raw id of a message, as json.Unmarshal into a map
// reads it (the last one when the key repeats); false when there is
// none or the message is not an object. tscg's scanner reads the common
// message without building a map; what it refuses (invalid UTF-8, deep
// nesting) encoding/json reads as before.
func envelopeID(m []byte) (json.RawMessage, bool) {
	var id json.RawMessage
	found := false
	d := jsondec.New(m, sdkMaxDepth)
	if members(&d, func(key string, raw []byte) bool {
		if key == "id" {
			id, found = raw, true
		}
		return true
	}) {
		return id, found
	}
	var env map[string]json.RawMessage
	if json.Unmarshal(m, &env) != nil {
		return nil, false
	}
	id, found = env["id"]
	return id, found
}

// badID says why a raw id is refused, or "" when it is a string, null (a
// notification, as the go-sdk reads it) or an integer within ±MaxExactID
// written without fraction or exponent.
func badID(raw json.RawMessage) string {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return "the id is empty"
	}
	switch t[0] {
	case '"':
		return ""
	case 'n':
		return ""
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
	default:
		return "the id must be a string or an integer, got " + kindOf(t[0])
	}
	s := string(t)
	digits := s
	if digits[0] == '-' {
		digits = digits[1:]
	}
	for _, c := range []byte(digits) {
		if c < '0' || c > '9' {
			return fmt.Sprintf("the id %s is not an integer; send a string or an integer from %d to %d", s, -MaxExactID, MaxExactID)
		}
	}
	if s == "-0" {
		return "the id -0 is answered as 0; send a string or an integer without a sign on 0"
	}
	if n, err := strconv.ParseInt(s, 10, 64); err != nil || n > MaxExactID || n < -MaxExactID {
		return fmt.Sprintf("the id %s is out of range; send a string or an integer from %d to %d", s, -MaxExactID, MaxExactID)
	}
	return ""
}

func kindOf(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	}
	return "something else"
}

func invalidRequest(id, why string) []byte {
	return []byte(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32600,"message":"invalid request: ` + jsonEscape(why) + `"}}`)
}

// StrictIO is the stdio transport with the same envelope checks as HTTP
// (see checkEnvelope): it reads newline-delimited messages from r, answers
// a refused one itself on w, and hands the others to the go-sdk's
// IOTransport; the end of r waits for the answers (Drain). A line longer
// than sdk.DefaultMaxLineLength ends the session, as the go-sdk's own
// limit does.
func StrictIO(r io.Reader, w io.Writer) sdk.Transport {
	lw := &lockedWriter{w: w}
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(filterLines(r, pw, lw, nil)) }()
	return Drain(&sdk.IOTransport{Reader: pr, Writer: nopWriteCloser{lw}})
}

// filterLines copies r's lines to good, answering refused ones on bad;
// take, when set, may keep a line for itself (RunIO's fast path).
func filterLines(r io.Reader, good io.Writer, bad io.Writer, take func([]byte) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			if len(line) > sdk.DefaultMaxLineLength {
				return fmt.Errorf("a message longer than %d bytes", sdk.DefaultMaxLineLength)
			}
			continue
		}
		if msg := bytes.TrimSpace(line); len(msg) > 0 {
			if refusal := checkEnvelope(msg); refusal != nil {
				if _, werr := bad.Write(append(refusal, '\n')); werr != nil {
					return werr
				}
			} else if take != nil && take(msg) {
			} else if _, werr := good.Write(append(msg, '\n')); werr != nil {
				return werr
			}
		}
		line = line[:0]
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// lockedWriter makes each Write whole: the go-sdk writes a message in one
// call, and so does filterLines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
