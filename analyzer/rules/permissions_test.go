package rules

import (
	"bytes"
	"testing"

	"github.com/tscg/tscg/internal/testfiles"
)

// execDescCases are texts execDesc matches, in the spellings the
// prefilter must let through (case, the Chinese forms), and texts it does
// not.
var execDescCases = []struct {
	text  string
	match bool
}{
	{"Executes arbitrary Python code in a sandbox.", true},
	{"RUNS THE GIVEN SHELL COMMAND", true},
	{"Evaluating user-supplied JavaScript snippets", true},
	{"running a script", true},
	{"执行任意的 Python 代码", true},
	{"运行 shell 命令", true},
	{"Returns the weather for a city.", false},
	{"Execution history of a job", false},
	{"", false},
}

// TestMayDescribeExecution: the prefilter lets through every text execDesc
// matches, among the cases above and every line of the repository's
// testdata files, and turns down the texts with none of its words.
func TestMayDescribeExecution(t *testing.T) {
	matched := 0
	check := func(where string, s string) {
		if execDesc.MatchString(s) {
			matched++
			if !mayDescribeExecution(s) {
				t.Errorf("%s: execDesc matches %q but the prefilter turns it down", where, s)
			}
		}
	}
	for _, c := range execDescCases {
		if got := execDesc.MatchString(c.text); got != c.match {
			t.Errorf("execDesc.MatchString(%q) = %v, want %v", c.text, got, c.match)
		}
		check("case", c.text)
	}
	for _, s := range []string{"Returns the weather for a city.", "Lists files", "ёжик", ""} {
		if mayDescribeExecution(s) {
			t.Errorf("mayDescribeExecution(%q) = true", s)
		}
	}
	testfiles.Each(t, "../..", []string{".json", ".ts", ".py", ".go", ".txtar", ".yaml"}, 1<<20, 100, nil, func(path string, b []byte) {
		for _, line := range bytes.Split(b, []byte("\n")) {
			check(path, string(line))
		}
	})
	if matched < 10 {
		t.Errorf("execDesc matched %d texts, want at least 10: the comparison saw too little", matched)
	}
}

func FuzzMayDescribeExecution(f *testing.F) {
	for _, c := range execDescCases {
		f.Add(c.text)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if execDesc.MatchString(s) && !mayDescribeExecution(s) {
			t.Errorf("execDesc matches %q but the prefilter turns it down", s)
		}
	})
}
