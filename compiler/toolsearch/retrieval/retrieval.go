// Package retrieval measures compiler/toolsearch without a model: pool the
// functions of several BFCL categories (or ToolBench's answer files, or
// tau-bench's tools) into
// one catalog, ask each user question, and check whether its
// ground-truth functions come back in the top k. It reads the shared
// corpora in place (../shared/corpora); nothing of them is copied.
//
// BFCL's live categories are the held-out set: the ranking's weights were
// tuned on the non-live categories, the multi-turn turns, the executable
// categories, ToolBench and tau-bench only, and the live figures are
// reported, never tuned on.
package retrieval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/toolsearch"
	"github.com/tscg/tscg/frontends/jsonschema"
)

// Query is one question and the names of the functions that answer it.
type Query struct {
	ID   string
	Text string
	Want []string
}

// Set is a pooled catalog and its questions.
type Set struct {
	Name    string
	Tools   []*ir.Tool
	Queries []Query
}

// NonLive and Live are the BFCL categories of the tuning and held-out
// sets; the pooled catalog of both is the ~1,900-tool catalog the issue
// measures on.
var (
	NonLive = []string{"simple_python", "multiple", "parallel_multiple"}
	Live    = []string{"live_simple", "live_multiple", "live_parallel_multiple"}
	// NonLiveWide adds the other non-live single-turn categories (parallel,
	// Java, JavaScript): more tuning questions, and a pooled catalog that
	// defines some names more than once, as the held-out one does.
	NonLiveWide = []string{"simple_python", "multiple", "parallel_multiple", "parallel", "simple_java", "simple_javascript"}
)

// BFCL reads the questions of the categories asked, against the pooled
// catalog of the categories pooled (BFCL_v4_<category>.json under dir,
// ground truth under dir/possible_answer).
func BFCL(dir string, asked, pooled []string) (*Set, error) {
	var files []string
	for _, c := range pooled {
		files = append(files, filepath.Join(dir, "BFCL_v4_"+c+".json"))
	}
	cat, diags := jsonschema.Load(files, jsonschema.Options{})
	if diags.HasErrors() {
		return nil, fmt.Errorf("reading BFCL: %v", diags)
	}
	s := &Set{Name: strings.Join(asked, "+"), Tools: cat.Tools}
	for _, c := range asked {
		want := map[string][]string{}
		err := jsonLines(filepath.Join(dir, "possible_answer", "BFCL_v4_"+c+".json"), func(line []byte) error {
			var rec struct {
				ID          string                       `json:"id"`
				GroundTruth []map[string]json.RawMessage `json:"ground_truth"`
			}
			if err := json.Unmarshal(line, &rec); err != nil {
				return err
			}
			for _, call := range rec.GroundTruth {
				for name := range call {
					if !contains(want[rec.ID], name) {
						want[rec.ID] = append(want[rec.ID], name)
					}
				}
			}
			sort.Strings(want[rec.ID])
			return nil
		})
		if err != nil {
			return nil, err
		}
		err = wholeQuestions(filepath.Join(dir, "BFCL_v4_"+c+".json"), want, s)
		if err != nil {
			return nil, err
		}
	}
	if len(s.Queries) == 0 {
		return nil, fmt.Errorf("%s: no questions with ground truth", s.Name)
	}
	return s, nil
}

// MultiTurn reads BFCL's multi_turn_base category as single requests: the
// pooled catalog of every API under dir/multi_turn_func_doc, and per turn
// of each conversation its user message and the functions the turn's
// ground truth calls. Real APIs asked for in conversational words, like
// the live categories, yet no part of the held-out set. A turn's ground
// truth also holds the calls its steps imply (cd before mv), which no
// request names: its figures are lower than the others'.
func MultiTurn(dir string) (*Set, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "multi_turn_func_doc", "*.json"))
	if len(files) == 0 {
		return nil, fmt.Errorf("no multi-turn APIs under %s", dir)
	}
	sort.Strings(files)
	cat, diags := jsonschema.Load(files, jsonschema.Options{})
	if diags.HasErrors() {
		return nil, fmt.Errorf("reading BFCL multi-turn APIs: %v", diags)
	}
	s := &Set{Name: "multi_turn_base", Tools: cat.Tools}
	want, err := turnCalls(filepath.Join(dir, "possible_answer", "BFCL_v4_multi_turn_base.json"))
	if err != nil {
		return nil, err
	}
	err = questions(filepath.Join(dir, "BFCL_v4_multi_turn_base.json"), func(id string, turns [][]string) {
		for i, text := range turns {
			if i < len(want[id]) && len(want[id][i]) > 0 && len(text) > 0 {
				s.Queries = append(s.Queries, Query{ID: fmt.Sprintf("%s/%d", id, i), Text: strings.Join(text, "\n"), Want: want[id][i]})
			}
		}
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// MultiTurnVariants reads BFCL's multi_turn_miss_param and (under
// unused_datasets) multi_turn_composite categories, the multi-turn
// conversations again with a value or a function held back until a later
// turn ("The file name is 'log.txt'."), as stretches: the user's messages
// since the last turn that called tools, wanting the functions the turn
// that ends the stretch calls. Only stretches whose words (lower-cased,
// punctuation aside) are no multi_turn_base turn's, and no earlier
// stretch's, are kept: the rest are copies of base turns. What is kept
// is still mostly the base turns reworded (same conversations, same
// calls), so it checks the multi-turn figures rather than standing as an
// independent set.
func MultiTurnVariants(dir string) (*Set, error) {
	base, err := MultiTurn(dir)
	if err != nil {
		return nil, err
	}
	s := &Set{Name: "multi_turn variants", Tools: base.Tools}
	seen := map[string]bool{}
	for _, q := range base.Queries {
		seen[wordsOf(q.Text)] = true
	}
	for _, c := range []struct{ question, answer string }{
		{filepath.Join(dir, "BFCL_v4_multi_turn_miss_param.json"), filepath.Join(dir, "possible_answer", "BFCL_v4_multi_turn_miss_param.json")},
		{filepath.Join(dir, "unused_datasets", "question", "BFCL_v4_multi_turn_composite.json"), filepath.Join(dir, "unused_datasets", "possible_answer", "BFCL_v4_multi_turn_composite.json")},
	} {
		want, err := turnCalls(c.answer)
		if err != nil {
			return nil, err
		}
		err = questions(c.question, func(id string, turns [][]string) {
			var text []string
			for i, turn := range turns {
				text = append(text, turn...)
				if i >= len(want[id]) || len(want[id][i]) == 0 {
					continue
				}
				joined := strings.Join(text, "\n")
				if w := wordsOf(joined); len(text) > 0 && !seen[w] {
					seen[w] = true
					s.Queries = append(s.Queries, Query{ID: fmt.Sprintf("%s/%d", id, i), Text: joined, Want: want[id][i]})
				}
				text = nil
			}
		})
		if err != nil {
			return nil, err
		}
	}
	if len(s.Queries) == 0 {
		return nil, fmt.Errorf("%s: no stretches beyond the base turns", s.Name)
	}
	return s, nil
}

// wordsOf is s lower-cased with every run of characters other than
// letters and digits one space.
func wordsOf(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// turnCalls reads a multi-turn ground truth file: per conversation, per
// turn, the names of the functions the turn calls.
func turnCalls(path string) (map[string][][]string, error) {
	want := map[string][][]string{}
	err := jsonLines(path, func(line []byte) error {
		var rec struct {
			ID          string     `json:"id"`
			GroundTruth [][]string `json:"ground_truth"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			return err
		}
		for _, turn := range rec.GroundTruth {
			want[rec.ID] = append(want[rec.ID], callNames(turn))
		}
		return nil
	})
	return want, err
}

// Exec are BFCL's executable categories, which BFCL v4 keeps under
// unused_datasets: real web and math APIs asked for in conversational
// requests, as the live categories are, yet no part of the held-out set.
var Exec = []string{"exec_simple", "exec_multiple", "exec_parallel", "exec_parallel_multiple"}

// BFCLExec reads the questions of the executable categories against the
// pooled catalog of their functions and of the categories pooled (the
// non-live ones: a catalog as big and as mixed as the held-out one).
func BFCLExec(dir string, pooled []string) (*Set, error) {
	unused := filepath.Join(dir, "unused_datasets")
	var files []string
	for _, c := range Exec {
		files = append(files, filepath.Join(unused, "question", "BFCL_v4_"+c+".json"))
	}
	for _, c := range pooled {
		files = append(files, filepath.Join(dir, "BFCL_v4_"+c+".json"))
	}
	cat, diags := jsonschema.Load(files, jsonschema.Options{})
	if diags.HasErrors() {
		return nil, fmt.Errorf("reading BFCL: %v", diags)
	}
	s := &Set{Name: "exec", Tools: cat.Tools}
	for _, c := range Exec {
		want := map[string][]string{}
		err := jsonLines(filepath.Join(unused, "possible_answer", "BFCL_v4_"+c+".json"), func(line []byte) error {
			var rec struct {
				ID          string   `json:"id"`
				GroundTruth []string `json:"ground_truth"`
			}
			if err := json.Unmarshal(line, &rec); err != nil {
				return err
			}
			want[rec.ID] = callNames(rec.GroundTruth)
			return nil
		})
		if err != nil {
			return nil, err
		}
		err = wholeQuestions(filepath.Join(unused, "question", "BFCL_v4_"+c+".json"), want, s)
		if err != nil {
			return nil, err
		}
	}
	if len(s.Queries) == 0 {
		return nil, fmt.Errorf("%s: no questions with ground truth", s.Name)
	}
	return s, nil
}

// TauBench reads tau-bench's airline trajectories (dir) as requests: per
// stretch of a conversation between two agent turns that call tools, the
// user's messages of the stretch, wanting the tools the agent then called
// (think aside: no request asks for it). The catalog pools tau-bench's
// airline and retail tools with BFCL's multi-turn APIs (bfcl), so that a
// request meets tools of other domains too. Real customers' words, as the
// live categories are, yet no part of the held-out set; the agent also
// calls tools no request names (it looks up the user before a booking),
// so its figures are lower than the others'.
func TauBench(dir, bfcl string) (*Set, error) {
	files := []string{filepath.Join(dir, "tools_airline.json"), filepath.Join(dir, "tools_retail.json")}
	apis, _ := filepath.Glob(filepath.Join(bfcl, "multi_turn_func_doc", "*.json"))
	sort.Strings(apis)
	cat, diags := jsonschema.Load(append(files, apis...), jsonschema.Options{})
	if diags.HasErrors() {
		return nil, fmt.Errorf("reading tau-bench: %v", diags)
	}
	data, err := os.ReadFile(filepath.Join(dir, "historical_trajectories_gpt-4o-airline.json"))
	if err != nil {
		return nil, err
	}
	var trajs []struct {
		TaskID int `json:"task_id"`
		Trial  int `json:"trial"`
		Traj   []struct {
			Role      string `json:"role"`
			Content   any    `json:"content"`
			ToolCalls any    `json:"tool_calls"`
		} `json:"traj"`
	}
	if err := json.Unmarshal(data, &trajs); err != nil {
		return nil, fmt.Errorf("tau-bench trajectories: %v", err)
	}
	s := &Set{Name: "tau-bench airline", Tools: cat.Tools}
	for n, tr := range trajs {
		var text []string
		var want []string
		flush := func(i int) {
			if len(text) > 0 && len(want) > 0 {
				sort.Strings(want)
				s.Queries = append(s.Queries, Query{ID: fmt.Sprintf("%d/%d/%d", n, tr.TaskID, i), Text: strings.Join(text, "\n"), Want: want})
			}
			text, want = nil, nil
		}
		for i, m := range tr.Traj {
			switch {
			case m.Role == "user":
				if len(want) > 0 {
					flush(i)
				}
				if c, ok := m.Content.(string); ok && c != "" {
					text = append(text, c)
				}
			case m.Role == "assistant" && m.ToolCalls != nil:
				for _, name := range toolCallNames(m.ToolCalls) {
					if name != "think" && !contains(want, name) {
						want = append(want, name)
					}
				}
			}
		}
		flush(len(tr.Traj))
	}
	if len(s.Queries) == 0 {
		return nil, fmt.Errorf("%s: no requests with tool calls", s.Name)
	}
	return s, nil
}

// toolCallNames are the function names of an agent message's tool calls,
// given as JSON or, as tau-bench records them, as the text of a Python
// list ({'function': {..., 'name': 'get_user_details'}, ...}).
func toolCallNames(v any) []string {
	var names []string
	switch v := v.(type) {
	case []any:
		for _, c := range v {
			if m, ok := c.(map[string]any); ok {
				if f, ok := m["function"].(map[string]any); ok {
					if n, ok := f["name"].(string); ok {
						names = append(names, n)
					}
				}
			}
		}
	case string:
		const key = "'name': '"
		for rest := v; ; {
			i := strings.Index(rest, key)
			if i < 0 {
				break
			}
			rest = rest[i+len(key):]
			if j := strings.IndexByte(rest, '\''); j > 0 {
				names = append(names, rest[:j])
				rest = rest[j:]
			}
		}
	}
	return names
}

// callNames are the distinct function names of calls written as
// "name(arguments)", sorted.
func callNames(calls []string) []string {
	var names []string
	for _, call := range calls {
		if i := strings.IndexByte(call, '('); i > 0 && !contains(names, call[:i]) {
			names = append(names, call[:i])
		}
	}
	sort.Strings(names)
	return names
}

// ToolBench reads ToolBench's answer files under dir (data_example/answer):
// the pooled catalog of every file's functions, and per file its query
// and the functions the recorded answer called (Finish aside).
func ToolBench(dir string) (*Set, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "data_example", "answer", "*", "*.json"))
	if len(files) == 0 {
		return nil, fmt.Errorf("no ToolBench answer files under %s", dir)
	}
	sort.Strings(files)
	cat, diags := jsonschema.Load(files, jsonschema.Options{})
	if diags.HasErrors() {
		return nil, fmt.Errorf("reading ToolBench: %v", diags)
	}
	s := &Set{Name: "toolbench", Tools: cat.Tools}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var rec struct {
			AnswerGeneration struct {
				Query string `json:"query"`
			} `json:"answer_generation"`
		}
		var all any
		if err := json.Unmarshal(data, &rec); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		_ = json.Unmarshal(data, &all)
		var want []string
		calls(all, func(name string) {
			if name != "Finish" && !contains(want, name) {
				want = append(want, name)
			}
		})
		sort.Strings(want)
		if len(want) > 0 {
			rel, _ := filepath.Rel(dir, f)
			s.Queries = append(s.Queries, Query{ID: filepath.ToSlash(rel), Text: rec.AnswerGeneration.Query, Want: want})
		}
	}
	return s, nil
}

// questions reads a BFCL question file, giving each record's id and its
// user messages, turn by turn.
// wholeQuestions adds each question of path with ground truth in want to
// s as one query: all its turns' user messages joined by newlines.
func wholeQuestions(path string, want map[string][]string, s *Set) error {
	return questions(path, func(id string, turns [][]string) {
		var text []string
		for _, turn := range turns {
			text = append(text, turn...)
		}
		if w := want[id]; len(w) > 0 && len(text) > 0 {
			s.Queries = append(s.Queries, Query{ID: id, Text: strings.Join(text, "\n"), Want: w})
		}
	})
}

func questions(path string, each func(id string, turns [][]string)) error {
	return jsonLines(path, func(line []byte) error {
		var rec struct {
			ID       string `json:"id"`
			Question [][]struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"question"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			return err
		}
		turns := make([][]string, len(rec.Question))
		for i, turn := range rec.Question {
			for _, m := range turn {
				if m.Role == "user" {
					turns[i] = append(turns[i], m.Content)
				}
			}
		}
		each(rec.ID, turns)
		return nil
	})
}

// calls finds every {"function_call": {"name": …}} in a JSON value.
func calls(v any, found func(string)) {
	switch v := v.(type) {
	case map[string]any:
		if fc, ok := v["function_call"].(map[string]any); ok {
			if n, ok := fc["name"].(string); ok {
				found(n)
			}
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			calls(v[k], found)
		}
	case []any:
		for _, e := range v {
			calls(e, found)
		}
	}
}

func jsonLines(path string, each func([]byte) error) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if err := each(line); err != nil {
			return fmt.Errorf("%s:%d: %v", path, n, err)
		}
	}
	return sc.Err()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Metrics are recall at 1 and 5 and the mean reciprocal rank within the
// top 10, over every (question, wanted function) pair.
type Metrics struct {
	Pairs       int
	R1, R5, MRR float64
}

func (m Metrics) String() string {
	return fmt.Sprintf("R@1 %.3f  R@5 %.3f  MRR@10 %.3f  (%d pairs)", m.R1, m.R5, m.MRR, m.Pairs)
}

// Index builds the set's index with the ranking p.
func (s *Set) Index(p toolsearch.Params) *toolsearch.Index {
	docs := make([]toolsearch.Doc, len(s.Tools))
	for i, t := range s.Tools {
		docs[i] = toolsearch.DocOf(t)
	}
	return toolsearch.NewDocs(docs, p)
}

// Evaluate asks every question of the set against ix.
func (s *Set) Evaluate(ix *toolsearch.Index) Metrics {
	var m Metrics
	for _, q := range s.Queries {
		res := ix.Search(q.Text, 10)
		for _, w := range q.Want {
			m.Pairs++
			for i, r := range res {
				if r.Name == w {
					if i == 0 {
						m.R1++
					}
					if i < 5 {
						m.R5++
					}
					m.MRR += 1 / float64(i+1)
					break
				}
			}
		}
	}
	if m.Pairs > 0 {
		n := float64(m.Pairs)
		m.R1, m.R5, m.MRR = m.R1/n, m.R5/n, m.MRR/n
	}
	return m
}
