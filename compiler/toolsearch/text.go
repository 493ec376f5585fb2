package toolsearch

import (
	"strings"
	"sync"
	"unicode"
)

// words splits text into lower-case words: at every character that is
// not a letter or digit, at a lower-to-upper case change (getUserInfo →
// get user info), before the last capital of a run followed by a
// lower-case letter (HTTPServer → http server), and between letters and
// digits (v2 → v 2).
func words(s string) []string {
	var out []string
	rs := []rune(s)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, strings.ToLower(string(rs[start:end])))
		}
		start = -1
	}
	for i, r := range rs {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		if !alnum {
			flush(i)
			continue
		}
		if start >= 0 && i > 0 {
			p := rs[i-1]
			switch {
			case unicode.IsLower(p) && unicode.IsUpper(r),
				unicode.IsDigit(p) != unicode.IsDigit(r),
				unicode.IsUpper(p) && unicode.IsUpper(r) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
				flush(i)
			}
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(rs))
	return out
}

// stopwords carry no meaning for telling tools apart: English function
// words, plus request and description filler ("function", "specified",
// "given", "please", "tell") that names no task.
var stopwords = lazySet(`a an and are as at be been but by can could do does did for from had has have
how i if in into is it its me my no not of on or our please s so that the their them then there
these they this those to us was we were what when where which who whom why will with would you your
also any each just may might must shall should some such than too very via
function functions given specified provided tool api use used using want need like get able
let know tell give find help
d ll re ve m t`)

// lazySet is the set of the words of s, made on first use: every tscg
// command links this package, and few search.
func lazySet(s string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool { return toSet(s) })
}

func toSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// stem is a light suffix stripper: plural, verb and derivational endings
// fold onto one form (calculates, calculated, calculating, calculation,
// calculator → calcul; reservation, reserved → reserv; notification,
// notifies → notifi; genetics, genetically → genetic), so a query's words
// meet a description's. It does not aim at linguistic roots, only at the
// same key for the same word's forms; words of three letters or fewer are
// kept whole.
func stem(w string) string {
	if len(w) <= 3 || !isASCIILetters(w) {
		return w
	}
	w = plural(w)
	w = derive(w)
	w = inflect(w)
	n := len(w)
	switch {
	case n >= 7 && strings.HasSuffix(w, "at"):
		w = w[:n-2] // calculat(e) → calcul: "-ate" verbs meet their "-ation" nouns
	case n >= 6 && strings.HasSuffix(w, "ell"):
		w = w[:n-1] // travell(ing), cancell(ed): British doubling
	case n >= 6 && (strings.HasSuffix(w, "iz") || strings.HasSuffix(w, "yz")):
		w = w[:n-1] + "s" // organiz(e) → organis, analyz(e) → analys
	}
	if n = len(w); n > 3 && w[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(w[n-2])) {
		w = w[:n-1] + "i" // city, cities → citi; apply, applied → appli
	}
	return w
}

// plural strips a plural or third-person "s".
func plural(w string) string {
	n := len(w)
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:n-2]
	case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:n-1]
	}
	return w
}

// derive folds a derived form onto its base (the first ending of
// derivations that leaves at least its minimum).
func derive(w string) string {
	for _, d := range derivations {
		if strings.HasSuffix(w, d.from) && len(w)-len(d.from) >= d.min {
			return w[:len(w)-len(d.from)] + d.to
		}
	}
	return w
}

// inflect strips one verb or adjective ending (a second "er" after
// "ed" or "ing": ordered, ordering → ord, as order(s) → ord), undoubling
// a final consonant (running → run, stopped → stop).
func inflect(w string) string {
	for round := 0; round < 2; round++ {
		stripped := ""
		for _, suf := range []string{"ing", "ed", "es", "e", "ly", "er"} {
			n := len(w)
			if round == 1 && suf != "er" || !strings.HasSuffix(w, suf) || n-len(suf) < 3 {
				continue
			}
			w = w[:n-len(suf)]
			if m := len(w); m >= 3 && w[m-1] == w[m-2] && !strings.ContainsRune("lsz", rune(w[m-1])) && (suf == "ing" || suf == "ed" || suf == "es") {
				w = w[:m-1]
			}
			stripped = suf
			break
		}
		if stripped != "ing" && stripped != "ed" {
			break
		}
	}
	return w
}

func isASCIILetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// terms is the analysed form of text: its words, stemmed, without stop
// words when drop is set.
func terms(s string, doStem, drop bool) []string {
	ws := words(s)
	out := ws[:0]
	for _, w := range ws {
		if drop && stopwords()[w] {
			continue
		}
		if doStem {
			w = stem(w)
		}
		out = append(out, w)
	}
	return out
}

// derivations fold a word's derived forms onto its base before the
// inflections are stripped (genetically → genetic; calculation →
// calculate; conversion → convert; description → describe); min is the
// shortest stem an ending leaves.
var derivations = []struct {
	from, to string
	min      int
}{
	{"ification", "ify", 3}, {"ization", "ize", 3}, {"isation", "ize", 3},
	{"ically", "ic", 4}, {"ical", "ic", 4},
	{"ription", "ribe", 2}, {"umption", "ume", 2}, {"yption", "ypt", 2},
	{"mission", "mit", 1}, {"ssion", "ss", 3}, {"rsion", "rt", 3}, {"ension", "end", 2}, {"ansion", "and", 2},
	{"ision", "ide", 2}, {"usion", "ude", 2},
	{"ction", "ct", 2}, {"etion", "ete", 2}, {"ation", "ate", 3},
	{"ieval", "ieve", 3}, {"oval", "ove", 3}, {"ival", "ive", 3},
	{"ability", "able", 4}, {"ibility", "ible", 4}, {"ality", "al", 4}, {"iveness", "ive", 4}, {"fulness", "ful", 4},
	{"ousness", "ous", 4}, {"ysis", "yse", 3}, {"ator", "ate", 3}, {"ctor", "ct", 2}, {"stor", "st", 2},
	{"ment", "", 4}, {"ness", "", 4}, {"ally", "al", 4},
}
