package workflow

import (
	"strings"
	"testing"
)

// TestAliasBombRefused: a billion-laughs workflow is refused at its first
// anchor, with its position, before any tree is built.
func TestAliasBombRefused(t *testing.T) {
	src := "name: w\nsteps: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	prev := "a"
	for _, c := range "bcdefghij" {
		src += string(c) + ": &" + string(c) + " [" + strings.Repeat("*"+prev+",", 8) + "*" + prev + "]\n"
		prev = string(c)
	}
	_, ds := parseTree("bomb.workflow.yaml", []byte(src))
	if len(ds) != 1 || !strings.HasPrefix(ds[0].String(), "bomb.workflow.yaml:2:8: error: invalid YAML: YAML anchors (&name) are not supported") {
		t.Errorf("got %v", ds)
	}
}
