package toolsearch

import (
	"math"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

func TestRequestKinds(t *testing.T) {
	for in, want := range map[string]Kind{
		"fetch https://example.org/a and mail bob@example.com": KindURL | KindEmail,
		"book it for 2024-05-20 at 10:30":                      KindDate | KindTime | KindYear,
		"on 5/20/2024, around 5pm":                             KindDate | KindTime | KindYear,
		"lawsuits filed against Google in 2020":                KindYear,
		"the 1990s, 1500 miles, $2000, 20201, 3020":            KindMoney,
		"my flight on March 3rd":                               KindDate,
		"summarise report.pdf, then list /var/log/app":         KindFile,
		"open www.example.org":                                 KindURL,
		"is example.com up? mail ann@example.com":              KindURL | KindEmail,
		"mail ann@example.com":                                 KindEmail,
		"convert $300 to euros":                                KindMoney,
		"send 20 USD, or 5 pounds of flour":                    KindMoney,
		"5 pounds of flour":                                    0,
		"the area of a circle of radius 3.5":                   0,
		"version 1.2, at 3 o'clock, in mar-a-lago":             0,
		"my user id is mia_li_3668":                            KindID,
		"reservation ID: 8JX2WO, please":                       KindID,
		"where is order #W2378156?":                            KindID,
		"log in as user_id USR001":                             KindID,
		"track the package with tracking number YT2003521":     0,
		"the city for zip code 90210":                          KindPostal,
		"my id, then the number of seats: two":                 0,
		"order # and zip code please":                          0,
		"a #hashtag, 42 items":                                 0,
		"I'll go with flight HAT271, please":                   KindID,
		"the reservation number PEP4E0":                        KindID,
		"order 5 pizzas for the flight 2 hours from now":       0,
		"": 0,
	} {
		if got := requestKinds(in); got != want {
			t.Errorf("requestKinds(%q) = %09b, want %09b", in, got, want)
		}
	}
}

func TestParamKinds(t *testing.T) {
	str := func(format string) *ir.Type { return &ir.Type{Kind: ir.KindString, Format: format} }
	for _, c := range []struct {
		name string
		t    *ir.Type
		want Kind
	}{
		{"target", str("uri"), KindURL},
		{"start", str("date-time"), KindDate | KindTime},
		{"webpage_url", str(""), KindURL},
		{"departureDate", str(""), KindDate | KindYear},
		{"start_year", &ir.Type{Kind: ir.KindInteger}, KindYear},
		{"file_path", str(""), KindFile},
		{"recipient_email", str(""), KindEmail},
		{"radius", &ir.Type{Kind: ir.KindNumber}, 0},
		{"loan_amount", &ir.Type{Kind: ir.KindNumber}, KindMoney},
		{"start", &ir.Type{Kind: ir.KindString, Description: "First day, in the format YYYY-MM-DD."}, KindDate},
		{"target", &ir.Type{Kind: ir.KindString, Description: "The page's URL."}, KindURL},
		{"name", &ir.Type{Kind: ir.KindString, Description: "The name of the file."}, 0},
		{"user_id", str(""), KindID},
		{"zip_code", str(""), KindPostal},
		{"postalCode", str(""), KindPostal},
		{"post", str(""), 0},
	} {
		if got := paramKinds(c.name, c.t); got != c.want {
			t.Errorf("paramKinds(%q) = %09b, want %09b", c.name, got, c.want)
		}
	}
}

// A request holding a kind of value prefers the tool whose parameters
// take it; a request holding no number, or no value of a kind, passes
// over a tool that requires one.
func TestSearchValueKinds(t *testing.T) {
	page := tool("web_summary", "Summarise a page.", "webpage_url")
	text := tool("text_summary", "Summarise a text.", "text")
	ix := New([]*ir.Tool{page, text})
	if res := ix.Search("summarise https://example.org/post", 2); len(res) == 0 || res[0].Name != "web_summary" {
		t.Errorf("a URL: got %v, want web_summary first", res)
	}
	p := Default
	p.Kinds = 0
	if res := NewDocs([]Doc{DocOf(page), DocOf(text)}, p).Search("summarise https://example.org/post", 2); len(res) == 0 || res[0].Name != "text_summary" {
		t.Errorf("without Kinds: got %v, want the tie to go to the lower name, text_summary", res)
	}

	byID := tool("order_status", "Status of an order.")
	byID.Params.Properties = append(byID.Params.Properties, &ir.Property{Name: "n", Type: &ir.Type{Kind: ir.KindInteger}, Required: true})
	latest := tool("status_order", "Status of an order.")
	ix = New([]*ir.Tool{byID, latest})
	if res := ix.Search("what is the status of my order", 2); len(res) == 0 || res[0].Name != "status_order" {
		t.Errorf("no number: got %v, want status_order first", res)
	}
	if res := ix.Search("what is the status of my order 1234", 2); len(res) == 0 || res[0].Name != "order_status" {
		t.Errorf("a number: got %v, want order_status first", res)
	}

	// A request holding no URL passes over a tool that requires one.
	link := tool("summary_by_link", "Summarise a post.", "link")
	title := tool("summary_by_title", "Summarise a post.", "title")
	docs := []Doc{DocOf(link), DocOf(title)}
	ix = NewDocs(docs, Default)
	if res := ix.Search("summarise the post", 2); len(res) == 0 || res[0].Name != "summary_by_title" {
		t.Errorf("no URL: got %v, want summary_by_title first", res)
	}
	if res := ix.Search("summarise the post at https://example.org/p", 2); len(res) == 0 || res[0].Name != "summary_by_link" {
		t.Errorf("a URL: got %v, want summary_by_link first", res)
	}
	p = Default
	p.Unneeded = 0
	if res := NewDocs(docs, p).Search("summarise the post", 2); len(res) == 0 || res[0].Name != "summary_by_link" {
		t.Errorf("without Unneeded: got %v, want the tie to go to the lower name, summary_by_link", res)
	}

	// A labelled identifier prefers the tool taking an id; a request
	// holding none does not pass over it (it may point at "my order").
	byRef := tool("order_by_ref", "Show an order.", "ref_id")
	byName := tool("order_by_holder", "Show an order.", "holder_name")
	ix = New([]*ir.Tool{byRef, byName})
	if res := ix.Search("show the order #W2378156", 2); len(res) == 0 || res[0].Name != "order_by_ref" {
		t.Errorf("a labelled id: got %v, want order_by_ref first", res)
	}
	if res := ix.Search("W2378156: show the order", 2); len(res) == 0 || res[0].Name != "order_by_holder" {
		t.Errorf("an unlabelled id: got %v, want the tie to go to the lower name, order_by_holder", res)
	}
	byRef = tool("order_by_id", "Show an order.", "ref_id")
	byName = tool("order_of_holder", "Show an order.", "holder_name")
	ix = New([]*ir.Tool{byRef, byName})
	if res := ix.Search("show the order", 2); len(res) == 0 || res[0].Name != "order_by_id" {
		t.Errorf("no id: got %v, want the tie to go to the lower name, order_by_id (an id is not needed)", res)
	}
}

// A year is a kind of value parameters named year or date take; a tool
// requiring a year is passed over when the request holds none, one
// requiring a date is not passed over for want of a year alone.
func TestSearchYear(t *testing.T) {
	// Each pair's tie would go to the lower name, the one not wanted.
	ix := New([]*ir.Tool{tool("lawsuits_of_year", "Find lawsuits.", "year"), tool("lawsuits_by_company", "Find lawsuits.", "company")})
	if res := ix.Search("find lawsuits filed in 2020", 2); len(res) == 0 || res[0].Name != "lawsuits_of_year" {
		t.Errorf("a year: got %v, want lawsuits_of_year first", res)
	}
	byYear := tool("lawsuits_by_year", "Find lawsuits.", "year")
	ix = New([]*ir.Tool{byYear, tool("lawsuits_of_company", "Find lawsuits.", "company")})
	if res := ix.Search("find lawsuits", 2); len(res) == 0 || res[0].Name != "lawsuits_of_company" {
		t.Errorf("no year: got %v, want lawsuits_of_company first (the year is needed)", res)
	}
	if k := DocOf(tool("events_on", "Events.", "date")).RequiredKinds; k != KindDate {
		t.Errorf("a required date needs %09b, want %09b (no year alone)", k, KindDate)
	}
	if k := DocOf(byYear).RequiredKinds; k != KindYear {
		t.Errorf("a required year needs %09b, want %09b", k, KindYear)
	}
}

// The kinds a tool takes count over the square root of the kinds the
// request holds: taking both of two kinds weighs √2 × Kinds, taking one
// of them Kinds / √2.
func TestSearchKindsOverRoot(t *testing.T) {
	docs := []Doc{DocOf(tool("page_on_day", "Summarise a page.", "webpage_url", "date")),
		DocOf(tool("page_any", "Summarise a page.", "webpage_url", "text"))}
	q := "summarise https://example.org/post as of March 20"
	none := Default
	none.Kinds = 0
	with, without := map[string]float64{}, map[string]float64{}
	for _, r := range NewDocs(docs, Default).Search(q, 2) {
		with[r.Name] = r.Score
	}
	for _, r := range NewDocs(docs, none).Search(q, 2) {
		without[r.Name] = r.Score
	}
	for name, want := range map[string]float64{"page_on_day": Default.Kinds * math.Sqrt2, "page_any": Default.Kinds / math.Sqrt2} {
		if got := with[name] - without[name]; math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: the kinds added %.4f, want %.4f", name, got, want)
		}
	}
}

func TestFreeNumber(t *testing.T) {
	for in, want := range map[string]bool{
		"the area of a circle of radius 3.5":            true,
		"send $300, then 20% of it":                     true,
		"a temperature of -5 degrees":                   true,
		"(1,000)":                                       true,
		"log in as USR001 and message user id 'USR002'": false,
		"on 2024-05-20 at 10:30, or 5/20":               false,
		"the 19th century, priority-2":                  false,
		"card_6789":                                     false,
		"no number here":                                false,
	} {
		if got := freeNumber(in); got != want {
			t.Errorf("freeNumber(%q) = %v, want %v", in, got, want)
		}
	}
}
