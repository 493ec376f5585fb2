package toolsearch

// compounds are the joined forms of text's adjacent word pairs (letters
// only, two or more each, the pair not a stop word), stemmed when doStem.
func compounds(text string, doStem bool) []string {
	ws := words(text)
	var out []string
	for j := 1; j < len(ws); j++ {
		a, b := ws[j-1], ws[j]
		if len(a) < 2 || len(b) < 2 || !isASCIILetters(a) || !isASCIILetters(b) || stopwords()[a] || stopwords()[b] {
			continue
		}
		c := a + b
		if doStem {
			c = stem(c)
		}
		out = append(out, c)
	}
	return out
}

// queryCompounds are the request's joined word pairs that some tool has
// and the request does not hold already.
func (ix *Index) queryCompounds(query string, seen map[string]bool) []string {
	if ix.p.Compound == 0 {
		return nil
	}
	var out []string
	for _, c := range compounds(query, ix.p.Stem) {
		if _, ok := ix.postings[c]; ok && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, c := range out {
		delete(seen, c)
	}
	return out
}
