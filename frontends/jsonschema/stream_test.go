package jsonschema

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
)

// multiTurn is a record whose functions live elsewhere (BFCL's multi-turn
// sets): a file of them is skipped.
const multiTurn = `{"id": "m0", "question": [[{"role": "user", "content": "Move the report."}]], "involved_classes": ["FileSystem"]}` + "\n"

// arenaRecords is JSON Lines whose records' trees are larger than one of
// the arena's chunks (more nodes, and an object with more members, than
// chunkLen) and of different sizes, so that later records reuse and
// overrun what earlier ones used.
func arenaRecords() string {
	var b bytes.Buffer
	for r, n := range []int{chunkLen + 7, 3, chunkLen/2 + 1, 2*chunkLen + 1} {
		fmt.Fprintf(&b, `{"id": "r%d", "question": [[{"role": "user", "content": "q\u00e9 %d"}]], "function": [{"name": "f%d", "description": "d%d", "parameters": {"type": "dict", "properties": {`, r, r, r, r)
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `"p%d_%d": {"type": "string", "enum": ["a%d", "b\n%d"], "default": "a%d"}`, r, i, i, i, i)
		}
		fmt.Fprintf(&b, `}, "required": ["p%d_0"]}}]}`+"\n", r)
	}
	return b.String()
}

func TestChunksTake(t *testing.T) {
	var c chunks[int]
	a := c.take(chunkLen - 1)
	b := c.take(2) // does not fit beside a: a new chunk
	if len(b) != 2 || cap(b) != 2 || &c.bufs[1][0] != &b[0] {
		t.Fatalf("take(2) after %d: len %d cap %d, not the second chunk's start", len(a), len(b), cap(b))
	}
	if big := c.take(chunkLen + 1); len(big) != chunkLen+1 || len(c.bufs) != 2 {
		t.Fatalf("take(chunkLen+1): len %d, %d chunks (want its own slice)", len(big), len(c.bufs))
	}
	c.reset()
	if again := c.take(1); &again[0] != &a[0] || len(c.bufs) != 2 {
		t.Fatalf("after reset take(1) does not reuse the first chunk")
	}
}

// TestStreamedLoadMatchesWholeLoad: Load reads JSON Lines record by record
// (loader.stream); LoadBytes parses the file whole first. Both must give
// the same catalog and diagnostics, an invalid line after valid records
// included (the invalid file adds only its error, and the other files'
// tools stay).
func TestStreamedLoadMatchesWholeLoad(t *testing.T) {
	good := `{"id": "r0", "question": [[]], "function": [{"name": "lamp_on", "description": "Turn a lamp on.", "parameters": {"type": "dict", "properties": {"room": {"type": "string"}}, "required": ["room"]}}]}
{"id": "r1", "question": [[]], "function": [{"name": "lamp_off", "description": "Turn a lamp off.", "parameters": {"type": "dict", "properties": {}}}]}
`
	cases := map[string]string{
		"records.json":        good,
		"records.jsonl":       good,
		"one-line.jsonl":      `{"name": "ping", "parameters": {"type": "object"}}`,
		"bad-third.jsonl":     good + `{"id": "r2", "question": [[]], "function": [}` + "\n",
		"bad-second.json":     `{"name": "ping", "parameters": {"type": "object"}}` + "\n{oops\n",
		"document.json":       `{"tools": [{"name": "ping", "inputSchema": {"type": "object"}}]}`,
		"no-functions.jsonl":  `{"id": "q", "question": [[]], "function": []}` + "\n" + `{"id": "q2", "question": [[]], "function": []}`,
		"empty.jsonl":         "  \n",
		"unknown.jsonl":       "1\n2\n",
		"arena.jsonl":         arenaRecords(),
		"multi-turn.json":     multiTurn + multiTurn,
		"multi-turn.jsonl":    multiTurn,
		"multi-turn-bad.json": multiTurn + `{"id": "m2", "question": [[]], "involved_classes": [}` + "\n",
		"answers.json":        `{"id": "a0", "ground_truth": [{"f": {"x": [1]}}]}` + "\n" + `{"id": "a1", "ground_truth": []}`,
	}
	dir := t.TempDir()
	for name, text := range cases {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		streamed, sd := Load([]string{path}, Options{})
		whole, wd := LoadBytes(path, []byte(text), Options{})
		if got, want := dump(streamed), dump(whole); got != want {
			t.Errorf("%s: streamed catalog\n%s\nwant (whole)\n%s", name, got, want)
		}
		if got, want := diagText(sd), diagText(wd); got != want {
			t.Errorf("%s: streamed diagnostics\n%s\nwant (whole)\n%s", name, got, want)
		}
	}
	// A bad file among good ones: its records are undone, the others kept.
	paths := []string{filepath.Join(dir, "bad-third.jsonl"), filepath.Join(dir, "records.jsonl")}
	cat, ds := Load(paths, Options{})
	if len(cat.Tools) != 2 || !ds.HasErrors() {
		t.Errorf("bad-third.jsonl + records.jsonl: %d tools (want 2, from records.jsonl), errors %v", len(cat.Tools), ds)
	}
	for _, tool := range cat.Tools {
		if filepath.Base(tool.Pos.File) != "records.jsonl" {
			t.Errorf("tool %s from %s: the invalid file's records must not be kept", tool.Name, tool.Pos.File)
		}
	}
}

func diagText(l diag.List) string {
	var b bytes.Buffer
	l.Print(&b)
	return b.String()
}

// FuzzStreamedLoad: whatever the bytes, reading a file record by record
// (Load) gives what parsing it whole (LoadBytes) gives.
func FuzzStreamedLoad(f *testing.F) {
	f.Add(".jsonl", []byte(`{"name":"a","parameters":{"type":"object"}}`+"\n"+`{"name":"b"}`))
	f.Add(".json", []byte(`{"id":"x","question":[],"function":[{"name":"a"}]}`+"\n"+`{"id":"y","question":[],"function":[`))
	f.Add(".jsonl", []byte(`{"id":"x","question":[],"function":[]}`))
	f.Add(".json", []byte(`[{"name":"a"}] [{"name":"b"}]`))
	f.Add(".jsonl", []byte("\xef\xbb\xbf{\"name\":\"a\"}\n1\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, ext string, data []byte) {
		if ext != ".json" {
			ext = ".jsonl"
		}
		path := filepath.Join(dir, "f"+ext)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		streamed, sd := Load([]string{path}, Options{})
		whole, wd := LoadBytes(path, data, Options{})
		if dump(streamed) != dump(whole) || diagText(sd) != diagText(wd) {
			t.Fatalf("streamed load differs from the whole one:\n%s%s\nwant\n%s%s", dump(streamed), diagText(sd), dump(whole), diagText(wd))
		}
	})
}

// TestFirstDefinitionsOnly: with FirstDefinitions a tool defined again
// keeps its name and position but not its schemas, and only when the
// first definition came from a file named by the user (one found by a
// walk may be dropped later as a reference listing); the diagnostics
// and the first definitions are those of a load without it.
func TestFirstDefinitionsOnly(t *testing.T) {
	def := func(desc string) string {
		return `{"name": "lamp_on", "description": "` + desc + `", "parameters": {"type": "object", "properties": {"room": {"type": "string", "default": 3}}}}` + "\n"
	}
	dir := t.TempDir()
	var files []string
	for i, name := range []string{"a.jsonl", "b.jsonl", "c.jsonl"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(def(fmt.Sprintf("Turn a lamp on (%d).", i))), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	for _, walkedFirst := range []bool{false, true} {
		opts := Options{Discovered: map[string]bool{files[0]: walkedFirst}}
		full, fd := Load(files, opts)
		opts.FirstDefinitions = true
		slim, sd := Load(files, opts)
		if got, want := diagText(sd), diagText(fd); got != want {
			t.Errorf("walked first %v: diagnostics\n%s\nwant\n%s", walkedFirst, got, want)
		}
		if len(slim.Tools) != 3 || len(full.Tools) != 3 {
			t.Fatalf("walked first %v: %d and %d tools, want 3", walkedFirst, len(slim.Tools), len(full.Tools))
		}
		// The first definition from a named file keeps its schemas.
		firstNamed := 0
		if walkedFirst {
			firstNamed = 1
		}
		for i, tool := range slim.Tools {
			whole := full.Tools[i]
			if tool.Name != whole.Name || tool.Pos != whole.Pos || tool.Description != whole.Description {
				t.Errorf("walked first %v: tool %d is %s at %v, want %s at %v", walkedFirst, i, tool.Name, tool.Pos, whole.Name, whole.Pos)
			}
			if keep := i <= firstNamed; (tool.Params != nil) != keep {
				t.Errorf("walked first %v: tool %d has params %v, want them kept: %v", walkedFirst, i, tool.Params != nil, keep)
			}
			if whole.Params == nil {
				t.Errorf("walked first %v: tool %d lost its params without FirstDefinitions", walkedFirst, i)
			}
		}
	}
}

// TestOwnedInputParsesAlike: a file Load reads itself (its bytes handed
// to jsondec.NewOwned, not copied) gives what the same bytes given to
// LoadBytes (copied) give, escapes and numbers included.
func TestOwnedInputParsesAlike(t *testing.T) {
	text := `[{"name": "n\u00e9e", "description": "a \"quoted\" \\ line\nnext", "parameters": {"type": "object", "properties": {"x": {"type": "number", "minimum": -1.5e3, "enum": [1, 2.25]}}}}]`
	path := filepath.Join(t.TempDir(), "owned.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	owned, od := Load([]string{path}, Options{})
	copied, cd := LoadBytes(path, []byte(text), Options{})
	if got, want := dump(owned), dump(copied); got != want || len(owned.Tools) != 1 {
		t.Errorf("owned input gives\n%s\nwant\n%s", got, want)
	}
	if got, want := diagText(od), diagText(cd); got != want {
		t.Errorf("owned input diagnostics\n%s\nwant\n%s", got, want)
	}
}
