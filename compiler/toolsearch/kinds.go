package toolsearch

import (
	"strings"
	"sync"

	"github.com/tscg/tscg/compiler/ir"
)

// Kind is a kind of value a request can hold and a parameter can take:
// a request holding a web address wants a tool with a URL parameter.
type Kind uint16

const (
	KindURL Kind = 1 << iota
	KindEmail
	KindDate
	KindTime
	KindFile
	KindMoney  // an amount of money: $300, 500 euros, 20 USD
	KindID     // an identifier the request labels: id 8JX2WO, order #W123
	KindPostal // a postal code the request labels: zip code 90210
	KindYear   // a year: 1999, 2024, or the year of 2024-05-20
)

// Labelled are the kinds a request holds only where a word labels them
// (labels). A tool needing one is not passed over when the request holds
// none (Params.Unneeded): requests point at the ticket, the order or the
// reservation without its id.
const Labelled = KindID | KindPostal

// kindWords are the parameter name and description words (stemmed
// alike) that say which kind of value a parameter takes; built on first
// use, so that no command pays for it at start-up (issue 32).
var kindWords = sync.OnceValue(func() map[string]Kind {
	m := map[string]Kind{}
	for k, ws := range map[Kind]string{
		KindURL:    "url uri link website endpoint href",
		KindEmail:  "email",
		KindDate:   "date day birthday dob",
		KindTime:   "time hour",
		KindFile:   "file path filename directory folder",
		KindMoney:  "amount price cost budget payment fee balance currency salary income principal investment",
		KindID:     "id identifier",
		KindPostal: "zip zipcode postal postcode",
		KindYear:   "year date", // a date parameter takes a year too
	} {
		for _, w := range strings.Fields(ws) {
			m[stem(w)] |= k
		}
	}
	return m
})

// kindFormats are the JSON Schema formats of each kind.
var kindFormats = map[string]Kind{
	"uri": KindURL, "url": KindURL, "uri-reference": KindURL, "iri": KindURL,
	"email": KindEmail, "idn-email": KindEmail,
	"date": KindDate, "date-time": KindDate | KindTime, "time": KindTime,
}

// paramKinds are the kinds of value a parameter of type t, named name,
// takes: from its format, the words of its name and the forms its
// description names (formatHints).
func paramKinds(name string, t *ir.Type) Kind {
	var k Kind
	if t != nil {
		k |= kindFormats[t.Format]
	}
	for _, w := range terms(name, true, false) {
		k |= kindWords()[w]
	}
	if t != nil && t.Description != "" {
		d := strings.ToLower(t.Description)
		for _, h := range formatHints {
			if strings.Contains(d, h.text) {
				k |= h.kind
			}
		}
	}
	return k
}

// formatHints are what a parameter's description says of its value's
// form ("The date, in the format YYYY-MM-DD"): its kind where its name
// and format do not tell it. Looser words (a description mentioning a
// file or a day) say too little.
var formatHints = []struct {
	text string
	kind Kind
}{
	{"yyyy-mm-dd", KindDate}, {"mm/dd/yyyy", KindDate}, {"dd/mm/yyyy", KindDate}, {"iso 8601", KindDate},
	{"hh:mm", KindTime}, {"url", KindURL}, {"email address", KindEmail}, {"e-mail", KindEmail}, {"file path", KindFile},
}

// months are the month names (and their usual abbreviations) that make a
// request hold a date.
var months = lazySet(`january february march april june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec`)

// currencies are the names and codes of currencies that make a request
// hold an amount of money (pounds aside: they weigh too).
var currencies = lazySet(`dollar dollars usd eur euro euros gbp yen jpy rupee rupees inr`)

// domains are the top-level domains that make a word a web address
// (example.com) where no scheme or www. says so.
var domains = lazySet(`com org net io edu gov`)

// fileExts are file name endings that make a request hold a file name.
var fileExts = lazySet(`pdf csv txt json xml yaml yml png jpg jpeg gif svg doc docx xls xlsx ppt pptx
mp3 mp4 wav zip tar gz py js go java md html log`)

// labels are the words that label the value after them (within two
// words, one holding a digit) as an identifier or a postal code: "id
// 8JX2WO", "user_id mia_li_3668", "zip code 90210". A request's bare
// number says nothing of its kind; a labelled one does. "Number" labels
// too much (tracking, reference, docket, account numbers) that tools
// take under other names.
var labels = sync.OnceValue(func() map[string]Kind {
	return map[string]Kind{"id": KindID, "ids": KindID, "identifier": KindID, "#": KindID,
		"zip": KindPostal, "zipcode": KindPostal, "postal": KindPostal, "postcode": KindPostal}
})

// codeLabels are the names of things known by a code: the word after
// one (or the next but one) that mixes letters and digits is an
// identifier: "flight HAT271", "reservation number PEP4E0", "user
// USR001". A bare number after them is not ("order 5 pizzas").
// Tracking and reference numbers are left out: tools take them under
// their own names (trackingnumber, reference), not as ids.
var codeLabels = lazySet(`reservation booking confirmation order ticket account card user username customer member flight`)

// mixed says w holds both letters and digits (ASCII).
func mixed(w string) bool {
	letters, digits := false, false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case '0' <= c && c <= '9':
			digits = true
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			letters = true
		}
	}
	return letters && digits
}

// requestKinds are the kinds of value a request holds: a web address (a
// bare domain such as example.com too), an
// e-mail address, a date (2024-05-20, 5/20/2024, a month's name), a time
// of day (10:30, 5pm), a file name (report.pdf, /var/log), an amount of
// money ($300, 500 euros, 20 USD), a year (1999, 2024, the year of a
// date such as 2024-05-20), and labelled identifiers (id 8JX2WO,
// #W123, flight HAT271) and postal codes (zip code 90210).
func requestKinds(s string) Kind {
	var k Kind
	low := strings.ToLower(s)
	if strings.Contains(low, "http://") || strings.Contains(low, "https://") || strings.Contains(low, "www.") {
		k |= KindURL
	}
	fs := strings.FieldsFunc(low, func(r rune) bool {
		return r == ' ' || r == '\n' || r == '\t' || r == ',' || r == '(' || r == ')' || r == '"' || r == '\'' || r == '`'
	})
	for i, f := range fs {
		f = strings.TrimRight(f, ".?!;:")
		if f == "" {
			continue
		}
		if f[0] == '#' && len(f) > 1 && hasNumber(f) {
			k |= KindID // order #W123
		}
		if l := labels()[f]; l != 0 || strings.HasSuffix(f, "_id") {
			if l == 0 {
				l = KindID // user_id mia_li_3668
			}
			for _, n := range fs[i+1 : min(len(fs), i+3)] {
				if hasNumber(n) {
					k |= l
				}
			}
		}
		if codeLabels()[f] {
			for _, n := range fs[i+1 : min(len(fs), i+3)] {
				if mixed(n) {
					k |= KindID
				}
			}
		}
		if at := strings.IndexByte(f, '@'); at > 0 && strings.Contains(f[at:], ".") {
			k |= KindEmail
		} else if dot := strings.LastIndexByte(f, '.'); dot > 0 && domains()[f[dot+1:]] {
			k |= KindURL // a bare domain: example.com
		}
		if strings.HasPrefix(f, "$") || strings.HasPrefix(f, "€") || strings.HasPrefix(f, "£") || currencies()[f] {
			k |= KindMoney
		}
		if len(f) == 4 && isDigits(f) && (f[:2] == "19" || f[:2] == "20") {
			k |= KindYear // in 2020; still a number for the numeric constants
		}
		if months()[f] {
			k |= KindDate
		}
		if digitsShape(f, "dddd-dd-dd") || digitsShape(f, "dd/dd/dddd") || digitsShape(f, "d/dd/dddd") ||
			digitsShape(f, "dd/d/dddd") || digitsShape(f, "d/d/dddd") {
			k |= KindDate | KindYear
		}
		if digitsShape(f, "dd:dd") || digitsShape(f, "d:dd") || digitsShape(f, "dd:dd:dd") ||
			(len(f) > 2 && (strings.HasSuffix(f, "am") || strings.HasSuffix(f, "pm")) && isDigits(strings.TrimSuffix(strings.TrimSuffix(f, "am"), "pm"))) {
			k |= KindTime
		}
		if k&KindURL == 0 && k&KindEmail == 0 {
			if dot := strings.LastIndexByte(f, '.'); dot > 0 && fileExts()[f[dot+1:]] {
				k |= KindFile
			}
		}
		if strings.HasPrefix(f, "/") && strings.Count(f, "/") >= 2 || strings.HasPrefix(f, "~/") || strings.HasPrefix(f, "./") {
			k |= KindFile
		}
	}
	return k
}

// digitsShape says s has shape's form, each d a digit and every other
// character itself.
func digitsShape(s, shape string) bool {
	if len(s) != len(shape) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if shape[i] == 'd' {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		} else if s[i] != shape[i] {
			return false
		}
	}
	return true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func bits(k Kind) int {
	n := 0
	for ; k != 0; k &= k - 1 {
		n++
	}
	return n
}
