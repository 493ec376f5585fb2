package eval

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/runtime/agent"
)

// line is one question line: BFCL's fields and our own.
type line struct {
	ID       string          `json:"id"`
	Question json.RawMessage `json:"question"`
	Function []struct {
		Name string `json:"name"`
	} `json:"function"`
	Expected *struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	} `json:"expected"`
}

// Load reads a question file; answers (BFCL possible_answer lines) come
// from answersFile, or, when it is "", from possible_answer/<the same
// name> beside the questions when that exists. limit > 0 keeps the first
// limit questions. Errors carry file:line.
func Load(file, answersFile string, limit int) ([]Question, error) {
	data, err := inputfile.Read(file)
	if err != nil {
		return nil, err
	}
	if answersFile == "" {
		guess := filepath.Join(filepath.Dir(file), "possible_answer", filepath.Base(file))
		if _, err := os.Stat(guess); err == nil {
			answersFile = guess
		}
	}
	var answers map[string]*Expected
	if answersFile != "" {
		if answers, err = loadAnswers(answersFile); err != nil {
			return nil, err
		}
	}
	var qs []Question
	for i, text := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(text) == "" {
			continue
		}
		if limit > 0 && len(qs) >= limit {
			break
		}
		q, err := parseLine([]byte(text), answers)
		if err != nil {
			return nil, fmt.Errorf("%s:%d:1: %v", file, i+1, err)
		}
		q.Line = i + 1
		qs = append(qs, q)
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("%s: no questions", file)
	}
	return qs, nil
}

func parseLine(data []byte, answers map[string]*Expected) (Question, error) {
	var l line
	if err := json.Unmarshal(data, &l); err != nil {
		return Question{}, fmt.Errorf("not a question line: %v", err)
	}
	q := Question{ID: l.ID}
	var text string
	var turns [][]agent.Message
	switch {
	case json.Unmarshal(l.Question, &text) == nil:
		q.Messages = []agent.Message{{Role: agent.RoleUser, Content: text}}
	case json.Unmarshal(l.Question, &turns) == nil && len(turns) > 0:
		q.Messages = turns[0] // the first turn: one round
	default:
		return q, fmt.Errorf("question: want a string or BFCL's [[{role, content}]]")
	}
	if len(q.Messages) == 0 {
		return q, fmt.Errorf("question: no message")
	}
	for _, f := range l.Function {
		q.Tools = append(q.Tools, f.Name)
	}
	switch {
	case l.Expected != nil:
		q.Expected = &Expected{Name: l.Expected.Name}
		if l.Expected.Arguments != nil {
			q.Expected.Args = map[string][]any{}
			for k, v := range l.Expected.Arguments {
				q.Expected.Args[k] = []any{v}
			}
		}
	case answers != nil:
		q.Expected = answers[l.ID]
		if q.Expected == nil {
			return q, fmt.Errorf("question %q has no answer in the answers file", l.ID)
		}
	default:
		return q, fmt.Errorf("question %q: no expected call (add \"expected\": {\"name\": …}, or name the answers file)", l.ID)
	}
	return q, nil
}

// loadAnswers reads BFCL possible_answer lines: the first call of
// ground_truth, each argument's acceptable values.
func loadAnswers(file string) (map[string]*Expected, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]*Expected{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var a struct {
			ID          string                        `json:"id"`
			GroundTruth []map[string]map[string][]any `json:"ground_truth"`
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return nil, fmt.Errorf("%s:%d:1: not an answer line: %v", file, n, err)
		}
		e := &Expected{}
		if len(a.GroundTruth) > 0 {
			for name, args := range a.GroundTruth[0] {
				e.Name, e.Args = name, args
			}
		}
		out[a.ID] = e
	}
	return out, sc.Err()
}
