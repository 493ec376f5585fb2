package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestTranscript runs the scripted loop and checks each stage the example
// exists to show.
func TestTranscript(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		`step 0 ok: {"location":"Beijing, China","temperature":21.5,"unit":"celsius","conditions":"light rain"}`,
		`/expression: missing required property; expected a string of 1 to 500 characters`,
		`/precision: unknown property; remove it (did you mean "expression"?); allowed: expression`,
		`unknown tool "get_system_tme"; it was not called. Did you mean "get_system_time"?`,
		`step 1 call calculate_expression {"expression":"21*2"}`,
		`step 1 ok: 42`,
		`step 1 call get_system_time {"timezone":"Asia/Shanghai"}`,
		"answer: Beijing: 21.5°C, light rain. calculate_expression → 42; get_system_time → ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript lacks %q\n%s", want, got)
		}
	}
}
