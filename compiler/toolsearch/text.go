package toolsearch

import (
	"strings"
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
var stopwords = toSet(`a an and are as at be been but by can could do does did for from had has have
how i if in into is it its me my no not of on or our please s so that the their them then there
these they this those to us was we were what when where which who whom why will with would you your
also any each just may might must shall should some such than too very via
function functions given specified provided tool api use used using want need like get able
let know tell give find help`)

func toSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// stem is a light suffix stripper: plural, verb and derivational endings
// fold onto one form (calculates, calculated, calculating, calculation →
// calculat; genetics, genetically → genetic), so a query's
// words meet a description's. It does not aim at linguistic roots, only
// at the same key for the same word's forms; words of three letters or
// fewer are kept whole.
func stem(w string) string {
	n := len(w)
	if n <= 3 || !isASCIILetters(w) {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		w = w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"):
		w = w[:n-2]
	case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
	case strings.HasSuffix(w, "s"):
		w = w[:n-1]
	}
	n = len(w)
	for _, d := range derivations {
		if strings.HasSuffix(w, d[0]) && n-len(d[0]) >= 4 {
			w = w[:n-len(d[0])] + d[1]
			n = len(w)
			break
		}
	}
	for _, suf := range []string{"ing", "ed", "es", "e", "ly", "er"} {
		if strings.HasSuffix(w, suf) && n-len(suf) >= 3 {
			w = w[:n-len(suf)]
			// running → run, stopped → stop
			if m := len(w); m >= 3 && w[m-1] == w[m-2] && !strings.ContainsRune("lsz", rune(w[m-1])) && suf != "e" && suf != "ly" && suf != "er" {
				w = w[:m-1]
			}
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
		if drop && stopwords[w] {
			continue
		}
		if doStem {
			w = stem(w)
		}
		out = append(out, w)
	}
	return out
}

// derivations fold a word's derived forms onto its base (genetically,
// genetical → genetic; calculation → calculate; conversion → convert)
// before the inflections are stripped.
var derivations = [][2]string{
	{"ically", "ic"}, {"ical", "ic"}, {"ation", "ate"}, {"ition", "ite"}, {"ization", "ize"},
	{"ability", "able"}, {"ibility", "ible"}, {"ality", "al"}, {"iveness", "ive"}, {"fulness", "ful"},
	{"ousness", "ous"}, {"ments", "ment"}, {"ment", ""}, {"ness", ""}, {"ally", "al"}, {"sion", "t"},
}
