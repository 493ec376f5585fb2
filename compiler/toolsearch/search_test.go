package toolsearch

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
)

func TestWords(t *testing.T) {
	for in, want := range map[string][]string{
		"getUserInfo":          {"get", "user", "info"},
		"HTTPServer_v2":        {"http", "server", "v", "2"},
		"uber.ride":            {"uber", "ride"},
		"  ":                   nil,
		"Ünïcode-wörds x1":     {"ünïcode", "wörds", "x", "1"},
		"search_shows_q_query": {"search", "shows", "q", "query"},
	} {
		if got := words(in); !reflect.DeepEqual(got, want) {
			t.Errorf("words(%q) = %q, want %q", in, got, want)
		}
	}
	// Each group folds onto one key, and different words keep apart.
	for _, forms := range [][]string{
		{"calculates", "calculated", "calculating", "calculation", "calculator", "calculate"},
		{"reservation", "reserve", "reserved", "reserving"},
		{"notification", "notify", "notifies"},
		{"description", "describe"}, {"subscription", "subscribe"}, {"deletion", "delete", "deleted"},
		{"prediction", "predict", "predicted"}, {"movie", "movies"}, {"cities", "city"},
		{"order", "orders", "ordered", "ordering"}, {"travelling", "traveling", "travel"},
		{"organization", "organize", "organise"}, {"analysis", "analyze", "analyse"},
		{"genetically", "genetics"}, {"conversion", "converts"}, {"emission", "emit"},
		{"retrieval", "retrieve"}, {"decision", "decide"}, {"expression", "express"},
		{"running", "run"}, {"stopped", "stop"},
	} {
		for _, f := range forms[1:] {
			if stem(f) != stem(forms[0]) {
				t.Errorf("stem(%q) = %q, stem(%q) = %q: want one key", f, stem(f), forms[0], stem(forms[0]))
			}
		}
	}
	for _, pair := range [][2]string{{"class", "clas"}, {"bus", "by"}, {"station", "statistic"}, {"session", "set"},
		{"present", "president"}, {"format", "form"}, {"size", "sis"}} {
		if stem(pair[0]) == stem(pair[1]) {
			t.Errorf("stem(%q) = stem(%q) = %q: want them apart", pair[0], pair[1], stem(pair[0]))
		}
	}
	for _, w := range []string{"gcd", "bus", "class", "ünïcode"} {
		if stem(w) != w {
			t.Errorf("stem(%q) = %q, want it whole", w, stem(w))
		}
	}
}

func TestSynonyms(t *testing.T) {
	if !slices.Contains(synonyms()[stem("average")], stem("mean")) || !slices.Contains(synonyms()[stem("mean")], stem("average")) {
		t.Errorf("average and mean: %q, %q", synonyms()[stem("average")], synonyms()[stem("mean")])
	}
	if !slices.Contains(synonyms()[stem("dollars")], stem("currency")) || len(synonyms()[stem("currency")]) != 0 {
		t.Errorf("dollar is a currency, not the reverse: %q, %q", synonyms()[stem("dollars")], synonyms()[stem("currency")])
	}
}

func TestCompounds(t *testing.T) {
	for in, want := range map[string][]string{
		"zip code":         {stem("zipcode")},
		"get_time_zone":    {stem("timezone")}, // get is a stop word
		"a b x1 of the to": nil,
	} {
		if got := compounds(in, true); !reflect.DeepEqual(got, want) {
			t.Errorf("compounds(%q) = %q, want %q", in, got, want)
		}
	}
}

func tool(name, desc string, params ...string) *ir.Tool {
	obj := &ir.Type{Kind: ir.KindObject}
	for _, p := range params {
		obj.Properties = append(obj.Properties, &ir.Property{Name: p, Type: &ir.Type{Kind: ir.KindString}, Required: true})
	}
	return &ir.Tool{Name: name, Description: desc, Params: obj}
}

func TestSearchRanks(t *testing.T) {
	tools := []*ir.Tool{
		tool("get_weather", "Current weather for a city.", "city"),
		tool("get_forecast", "Weather forecast for the next days.", "city", "days"),
		tool("send_email", "Send an email message.", "to", "subject", "body"),
		tool("send_email", "A second definition of the same name."),
		tool("cancel_reservation", "Cancel the whole reservation.", "reservation_id"),
		tool("city_of_zipcode", "The place a postal number belongs to.", "zipcode"),
		tool("zip_archive", "Pack files into an archive.", "files"),
		tool("list_mean", "The mean of a list of numbers.", "numbers"),
		tool("exchange_money", "Change an amount from one currency into another.", "amount"),
	}
	ix := New(tools)
	for q, want := range map[string]string{
		"what's the weather in Paris right now":  "get_weather",
		"forecast for the next 5 days in Berlin": "get_forecast",
		"email Bob the subject 'hi'":             "send_email",
		"please cancel my reservation ABC123":    "cancel_reservation",
		"which city has zip code 90210?":         "city_of_zipcode",
		"I reserved a table. Cancel it, please.": "cancel_reservation",
	} {
		res := ix.Search(q, 3)
		if len(res) == 0 || res[0].Name != want {
			t.Errorf("%q: got %v, want %s first", q, res, want)
		}
		seen := map[string]bool{}
		for _, r := range res {
			if seen[r.Name] {
				t.Errorf("%q: %s twice", q, r.Name)
			}
			seen[r.Name] = true
		}
	}
	if res := ix.Search("zebra xylophone", 3); len(res) != 0 {
		t.Errorf("unrelated words matched %v", res)
	}
	if res := ix.Search("weather", 0); res != nil {
		t.Errorf("limit 0 gave %v", res)
	}
	// Deterministic: the same order every time, ties to the lower name.
	a, b := New(tools).Search("send weather", 5), New(tools).Search("send weather", 5)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("two searches differ: %v / %v", a, b)
	}
}

func FuzzSearch(f *testing.F) {
	for _, s := range []string{"weather in Paris", "", "getUserInfo 42", "ünï\xff", "a a a a", "email to=bob", "Book a hotel. Also, the weather? Zip code 90210!", ". . ?"} {
		f.Add(s, "get_weather", "Current weather.")
	}
	f.Fuzz(func(t *testing.T, q, name, desc string) {
		ix := New([]*ir.Tool{tool(name, desc, "city", name), tool("other", q)})
		res := ix.Search(q, 3)
		if len(res) > 2 {
			t.Fatalf("%d results from 2 tools", len(res))
		}
		for _, r := range res {
			if r.Score != r.Score || r.Score <= 0 {
				t.Fatalf("score %v", r.Score)
			}
		}
		for _, w := range words(q) {
			if !utf8.ValidString(w) && utf8.ValidString(q) {
				t.Fatalf("word %q of valid %q is invalid", w, q)
			}
		}
	})
}

// BenchmarkSearch times one query against every BFCL function (9,314
// definitions, the distinct ones indexed).
func BenchmarkSearch(b *testing.B) {
	dir := filepath.Join("..", "..", "..", "shared", "corpora", "bfcl")
	if env := os.Getenv("TSCG_CORPORA"); env != "" {
		dir = filepath.Join(env, "bfcl")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "BFCL_v4_*.json"))
	if len(files) == 0 {
		corpus.Missing(b, "corpus %s absent", dir)
	}
	var keep []string
	for _, f := range files {
		if filepath.Base(f) != "BFCL_v4_format_sensitivity.json" {
			keep = append(keep, f)
		}
	}
	cat, diags := jsonschema.Load(keep, jsonschema.Options{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	ix := New(cat.Tools)
	queries := []string{
		"What's the weather like in San Francisco in fahrenheit?",
		"Calculate the area of a triangle with base 10 and height 5.",
		"Find me a vegan restaurant nearby in Manhattan that is open now",
		"Book a flight from New York to London on 2024-05-01 for two adults",
	}
	// A request of several sentences is ranked whole and sentence by
	// sentence (Params.Clauses).
	stories := []string{
		"I'm planning a trip to Tokyo next month. I need a hotel near Shibuya for three nights. Also, what will the weather be like there?",
		"Our team tracks daily sales in a spreadsheet. Yesterday we sold 120 units. Can you compute the average of 120, 98 and 143, and convert 500 US dollars to euros?",
	}
	b.ReportMetric(float64(ix.Len()), "tools")
	for _, c := range []struct {
		name string
		qs   []string
	}{{"short", queries}, {"story", stories}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if len(ix.Search(c.qs[i%len(c.qs)], 5)) == 0 {
					b.Fatal("no result")
				}
			}
		})
	}
}

func ExampleIndex_Search() {
	ix := New([]*ir.Tool{
		tool("get_weather", "Current weather for a city.", "city"),
		tool("send_email", "Send an email message.", "to", "subject"),
	})
	for _, r := range ix.Search("is it raining in Paris? check the weather", 5) {
		fmt.Println(r.Name)
	}
	// Output: get_weather
}
