package tokens

import "testing"

func TestCountKnown(t *testing.T) {
	// "tiktoken is great!" is OpenAI's cookbook example: 6 tokens in cl100k_base.
	cases := []struct {
		enc, text string
		want      int
	}{
		{Cl100kBase, "tiktoken is great!", 6},
		{Cl100kBase, "hello world", 2},
		{O200kBase, "hello world", 2},
		{O200kBase, "", 0},
	}
	for _, c := range cases {
		got, err := Count(c.enc, c.text)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("Count(%s, %q) = %d, want %d", c.enc, c.text, got, c.want)
		}
	}
}

func TestUnknownEncoding(t *testing.T) {
	if _, err := Count("p99k", "x"); err == nil {
		t.Fatal("want error for unknown encoding")
	}
	if Valid("p99k") || !Valid("") || !Valid(O200kBase) {
		t.Fatal("Valid disagrees with Count")
	}
}

func BenchmarkCount(b *testing.B) {
	text := `{"type":"function","function":{"name":"get_weather","description":"Get the current weather for a city.","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}`
	for b.Loop() {
		if _, err := Count(O200kBase, text); err != nil {
			b.Fatal(err)
		}
	}
}
